public import Foundation

extension DocumentSession {
  /// The types to try, in order, when opening `url`.
  ///
  /// `explicit` if given. Otherwise the type its extension names (a
  /// declared package type for a directory), which must be one the
  /// document reads. When the name says nothing about the type (no
  /// extension, or one that no declared type of the right kind claims),
  /// the document's readable types of the right kind instead, in order:
  /// directory types for a directory, the others for a file. That opens a
  /// file saved as a type that has no declaration, and an untitled
  /// document's autosave, whose name has no extension.
  ///
  /// - Throws: ``DocumentSessionError/Code/unsupportedContentType`` when
  ///   the extension names a type the document does not read, or nothing
  ///   is left to try.
  nonisolated static func contentTypes(
    toOpen url: URL, explicit: UTType?, readable: [UTType]
  ) throws -> [UTType] {
    func unsupported(_ type: UTType) -> DocumentSessionError {
      DocumentSessionError(
        .unsupportedContentType, url: url,
        message: "cannot open \(type.identifier); this document reads "
          + readable.map(\.identifier).joined(separator: ", "))
    }
    if let explicit {
      guard readable.contains(where: explicit.conforms(to:)) else { throw unsupported(explicit) }
    }
    let isDirectory = try isDirectory(at: url)
    let pathExtension = url.pathExtension
    if let explicit { return [explicit] }
    /// The declared type the extension names, if any.
    let named: UTType?
    let type: UTType
    if isDirectory {
      named =
        pathExtension.isEmpty
        ? nil
        : UTType(filenameExtension: pathExtension, conformingTo: .directory).flatMap {
          $0.isDeclared ? $0 : nil
        }
      type = named ?? .folder
    } else {
      let byExtension = pathExtension.isEmpty ? nil : UTType(filenameExtension: pathExtension)
      named = byExtension?.isDeclared == true ? byExtension : nil
      type = byExtension ?? .data
    }
    if readable.contains(where: type.conforms(to:)) { return [type] }
    guard named == nil else { throw unsupported(type) }
    let candidates = readable.filter { $0.conforms(to: .directory) == isDirectory }
    guard !candidates.isEmpty else {
      guard isDirectory, type == .folder else { throw unsupported(type) }
      throw DocumentSessionError(
        .unsupportedContentType, url: url,
        message: "this is a folder; this document reads "
          + readable.map(\.identifier).joined(separator: ", "))
    }
    return candidates
  }

  /// Whether what `url` leads to, through links, is a folder.
  ///
  /// - Throws: a ``FileWrapperError`` (``FileWrapperError/Code/noSuchFile``
  ///   when nothing is there) if it cannot be looked at.
  nonisolated static func isDirectory(at url: URL) throws -> Bool {
    let path = try FileWrapper.filePath(of: DocumentPath.resolved(url))
    do {
      return try FileStatus.of(path, in: nil, path: path).kind == .directory
    } catch {
      throw FileWrapperError(error)
    }
  }

  /// The type of the item at `url`, for a host that picks the kind of
  /// document to open it with first (as `NSDocumentController`'s
  /// `typeForContents(of:)` does), and the type to open it as, if the name
  /// decides it:
  ///
  /// - `explicit`, if given, is both;
  /// - else the declared type the extension names, whether the item is a
  ///   file or a folder, is both: a `.notes` that is a plain file is a
  ///   broken note collection, which its reader reports, not a file some
  ///   other kind of document reads;
  /// - else the type the extension names for the item's kind, or
  ///   `public.data` or `public.directory`, picks the kind, and opening
  ///   tries that kind's types (`contentTypes(toOpen:explicit:readable:)`).
  ///
  /// Nothing at the name is looked at again after recovery, as opening
  /// does (`lookingAfterRecovery(at:_:)`). Not Apple API; for this
  /// package's interpreter.
  ///
  /// - Throws: a ``FileWrapperError`` (``FileWrapperError/Code/noSuchFile``
  ///   when nothing is there) if the item cannot be looked at.
  nonisolated public static func typeForContents(
    of url: URL, explicit: UTType?
  ) throws -> (type: UTType, openAs: UTType?) {
    let isDirectory = try lookingAfterRecovery(at: url) { try Self.isDirectory(at: url) }
    if let explicit { return (explicit, explicit) }
    if let declared = UTType(filenameExtension: url.pathExtension, conformingTo: .item),
      declared.isDeclared
    {
      return (declared, declared)
    }
    let kind: UTType = isDirectory ? .directory : .data
    return (UTType(filenameExtension: url.pathExtension, conformingTo: kind) ?? kind, nil)
  }

  /// `type`, if a file saved as it can be recognized when opened again.
  ///
  /// A type made with `UTType(exportedAs:)` or `UTType(importedAs:)` for
  /// an identifier that has no declaration has no filename extension, so
  /// nothing in a file's name could say it is of that type: refused, with
  /// how to declare it. A declaration registered after the value was made
  /// counts (the declared type is returned). A dynamic type carries its
  /// extension and is accepted.
  ///
  /// - Throws: ``DocumentSessionError/Code/undeclaredContentType``.
  nonisolated static func declaredForSaving(
    _ type: UTType
  ) throws(CocoaError) -> UTType {
    if type.isDeclared || type.isDynamic { return type }
    if let declared = UTType(type.identifier), declared.isDeclared { return declared }
    let parent =
      type.conforms(to: .package)
      ? "com.apple.package" : type.conforms(to: .directory) ? "public.directory" : "public.data"
    let suggested =
      type.identifier.split(separator: ".").last.map { $0.lowercased() } ?? "ext"
    throw CocoaError(
      .undeclaredContentType, url: nil,
      message:
        "the type \(type.identifier) is not declared, so it has no filename extension and a file "
        + "saved as it could not be recognized when opened; declare it before saving, with "
        + "UTType.register([UTTypeDeclaration(identifier: \"\(type.identifier)\", "
        + "conformsTo: [\"\(parent)\"], tags: [.filenameExtension: [\"\(suggested)\"]])]) "
        + "or a UTExportedTypeDeclarations file read by UTType.registerDeclarations(contentsOf:)")
  }
}
