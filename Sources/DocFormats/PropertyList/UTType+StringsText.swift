public import DocKit

extension UTType {
  /// A `.strings` file (`Localizable.strings`): `com.apple.xcode.strings-text`,
  /// extension `strings`, conforming to `public.text`, as Xcode declares
  /// it. The property list type reads it (``PropertyListFormat/strings``).
  /// Declared the first time it is used (``DocFormats/registerTypes()``
  /// does that at start-up).
  public static let stringsText: UTType = UTType.declaredLazily("com.apple.xcode.strings-text") {
    UTTypeDeclaration(
      identifier: "com.apple.xcode.strings-text", conformsTo: ["public.text"],
      tags: [.filenameExtension: ["strings"]], description: "strings file")
  }
}
