public import Foundation

/// Where an export goes, as a presenter chose it.
public struct ExportDestination: Sendable, Hashable {
  /// The file to write.
  public var url: URL
  /// Whether an existing file there may be replaced (a save panel asks).
  public var replacingExisting: Bool
  /// Whether a read-only file there may be replaced too (`--force`). Not
  /// Apple API.
  public var replacingReadOnly: Bool

  /// Creates a destination.
  public init(url: URL, replacingExisting: Bool = false) {
    self.url = url
    self.replacingExisting = replacingExisting
    replacingReadOnly = false
  }

  /// Creates a destination that may replace a read-only file too. Not
  /// Apple API.
  public init(url: URL, replacingExisting: Bool, replacingReadOnly: Bool) {
    self.url = url
    self.replacingExisting = replacingExisting || replacingReadOnly
    self.replacingReadOnly = replacingReadOnly
  }
}

/// Chooses an export's destination, or cancels: the system dialog on Apple
/// platforms. The interactive prompt is one presenter; a script's explicit
/// path is another.
@MainActor
public protocol ExportPresenter {
  /// The destination for a file named `defaultFilename` of `contentType`,
  /// or nil to cancel.
  func destination(defaultFilename: String, contentType: UTType) async -> ExportDestination?
}

/// A presenter that always answers with one destination: a script's path.
public struct FixedExportPresenter: ExportPresenter {
  /// The destination it answers with; nil cancels.
  public var destination: ExportDestination?

  /// Creates a presenter that answers `destination`.
  public init(_ destination: ExportDestination?) {
    self.destination = destination
  }

  public func destination(defaultFilename: String, contentType: UTType) async -> ExportDestination?
  {
    destination
  }
}

/// SwiftUI's `fileExporter` for a headless host: presents a presenter for a
/// document, writes the copy, and calls back.
///
///     let exporter = FileExporter()
///     await exporter.export(
///       document: session, contentType: .markdown, defaultFilename: "Trip",
///       presenter: FixedExportPresenter(.init(url: outURL))
///     ) { result in print(result) } onCancellation: { print("cancelled") }
@MainActor
public final class FileExporter {
  /// Whether the presenter is showing: true from the start of an export
  /// until just before its callback runs.
  public private(set) var isPresented = false

  /// Creates an exporter.
  public init() {}

  /// Exports `document`, if it is not nil, as `contentType` (the first of
  /// its writable types if nil).
  ///
  /// ``isPresented`` becomes false before `onCompletion` or
  /// `onCancellation` runs. A type the document cannot write or that has
  /// no declaration, or a failed write, completes with `.failure`, reported
  /// as ``DocumentSession/save(to:contentType:overwrite:)`` reports it (a
  /// `CocoaError` such as `.fileWriteFileExists`, or the document's own
  /// error); the document's file, type and unsaved state never change. The
  /// copy holds every edit made so far: the open event is ended first.
  public func export<Document>(
    document: DocumentSession<Document>?, contentType: UTType? = nil,
    defaultFilename: String? = nil,
    presenter: some ExportPresenter, onCompletion: @escaping (Result<URL, any Error>) -> Void,
    onCancellation: (() -> Void)? = nil
  ) async {
    guard let document else { return }
    // The export holds every edit made so far, its event ended or not.
    document.endEventGroup()
    await present(
      type: { () throws(CocoaError) in
        try document.writableType(
          contentType ?? document.writableContentTypes.first ?? document.contentType)
      },
      baseName: defaultFilename ?? document.fileURL?.deletingPathExtension().lastPathComponent
        ?? "Untitled",
      presenter: presenter,
      write: { destination, type in
        try await document.save(
          to: destination.url, contentType: type, overwrite: destination.replacingExisting,
          force: destination.replacingReadOnly)
      },
      onCompletion: onCompletion, onCancellation: onCancellation)
  }

  /// Exports a `WritableDocument` that has no session, through its own
  /// writer: the seed's `TextDocument`, for example.
  public func export<Document: WritableDocument>(
    document: Document?, contentType: UTType? = nil, defaultFilename: String? = nil,
    presenter: some ExportPresenter, onCompletion: @escaping (Result<URL, any Error>) -> Void,
    onCancellation: (() -> Void)? = nil
  ) async where Document.Writer.Destination == URL, Document.Writer.Snapshot: Sendable {
    guard let document else { return }
    await present(
      type: { () throws(CocoaError) in
        let type = contentType ?? Document.writableContentTypes.first ?? .data
        guard Document.writableContentTypes.contains(where: type.conforms(to:)) else {
          throw CocoaError(
            .unsupportedContentType, url: nil,
            message: "the document cannot be written as \(type.identifier)")
        }
        return try DocumentSession<Document>.declaredForSaving(type)
      },
      baseName: defaultFilename ?? "Untitled", presenter: presenter,
      write: { destination, type in
        // As a session's writes: through links to the target, decided by
        // the destination policy. No reader here can tell a package, so
        // a folder is never replaced.
        let target = try WriteDestination.inspect(destination.url)
        try DestinationPolicy.check(
          .export, at: target,
          flags: destination.replacingExisting ? [.replace] : [],
          writesPackage: type.conforms(to: .directory))
        let url = target.resolvedURL
        let snapshot = try await document.snapshot(contentType: type)
        let writer = document.writer(configuration: DocumentWriteConfiguration(contentType: type))
        try await writer.write(snapshot: snapshot, to: url, previous: nil, progress: .discarded)
      },
      onCompletion: onCompletion, onCancellation: onCancellation)
  }

  /// The flow both exports share: pick the type, ask the presenter, write,
  /// and call back after ``isPresented`` goes false.
  private func present(
    type makeType: () throws(CocoaError) -> UTType, baseName: String,
    presenter: some ExportPresenter,
    write: (ExportDestination, UTType) async throws -> Void,
    onCompletion: @escaping (Result<URL, any Error>) -> Void, onCancellation: (() -> Void)?
  ) async {
    isPresented = true
    let type: UTType
    do {
      type = try makeType()
    } catch {
      isPresented = false
      onCompletion(.failure(error))
      return
    }
    let filename = type.preferredFilenameExtension.map { "\(baseName).\($0)" } ?? baseName
    guard
      let destination = await presenter.destination(defaultFilename: filename, contentType: type)
    else {
      isPresented = false
      onCancellation?()
      return
    }
    do {
      try await write(destination, type)
      isPresented = false
      onCompletion(.success(destination.url))
    } catch {
      isPresented = false
      onCompletion(
        .failure(CocoaError.reportingHostError(error, at: destination.url, reading: false)))
    }
  }
}
