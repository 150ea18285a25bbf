import Foundation

extension DocumentSession {
  /// The type to open `url` as: `explicit` if given, else the type its
  /// extension names (a declared package type for a directory), checked
  /// against `readable`.
  nonisolated static func resolveContentType(
    of url: URL, explicit: UTType?, readable: [UTType]
  ) throws -> UTType {
    let type: UTType
    if let explicit {
      type = explicit
    } else {
      let path = try FileWrapper.filePath(of: url)
      let status: FileStatus
      do {
        status = try FileStatus.of(path, in: nil, path: path)
      } catch {
        throw FileWrapperError(error)
      }
      let pathExtension = url.pathExtension
      switch status.kind {
      case .directory:
        type =
          pathExtension.isEmpty
          ? .folder
          : UTType(filenameExtension: pathExtension, conformingTo: .directory).flatMap {
            $0.isDeclared ? $0 : nil
          } ?? .folder
      default:
        type = pathExtension.isEmpty ? .data : UTType(filenameExtension: pathExtension) ?? .data
      }
    }
    guard readable.contains(where: type.conforms(to:)) else {
      throw DocumentSessionError(
        .unsupportedContentType, url: url,
        message: "cannot open \(type.identifier); this document reads "
          + readable.map(\.identifier).joined(separator: ", "))
    }
    return type
  }
}
