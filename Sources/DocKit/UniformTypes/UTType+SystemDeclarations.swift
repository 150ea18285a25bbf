/// The system-declared types DocKit knows, with Apple's identifiers,
/// conformances, tags and descriptions, in the order of
/// ``systemTable`` (when several types claim a tag, the first declared
/// wins a lookup).
extension UTType {
  /// Every system declaration, parsed from ``systemTable`` the first time
  /// the type tables are built.
  static let systemDeclarations: [UTTypeDeclaration] = parseSystemTable(systemTable)

  /// The declarations in `table`, one a line in ``systemTable``'s format.
  /// A line without five fields is a bug in the table, and traps.
  ///
  /// Works on the UTF-8 bytes rather than on `Character`s: the table is
  /// parsed once a process, on the first lookup, and that lookup waits.
  static func parseSystemTable(_ table: String) -> [UTTypeDeclaration] {
    func strings(_ field: Substring.UTF8View) -> [String] {
      field.split(separator: UInt8(ascii: ",")).map { String(Substring($0)) }
    }
    var declarations: [UTTypeDeclaration] = []
    declarations.reserveCapacity(1024)
    for line in table.utf8.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
      precondition(fields.count == 5, "malformed system type line: \(Substring(line))")
      var tags: [UTTagClass: [String]] = [:]
      let extensions = strings(fields[2])
      if !extensions.isEmpty { tags[.filenameExtension] = extensions }
      let mimeTypes = strings(fields[3])
      if !mimeTypes.isEmpty { tags[.mimeType] = mimeTypes }
      declarations.append(
        UTTypeDeclaration(
          identifier: String(Substring(fields[0])), conformsTo: strings(fields[1]), tags: tags,
          description: fields[4].isEmpty ? nil : String(Substring(fields[4]))))
    }
    return declarations
  }
}
