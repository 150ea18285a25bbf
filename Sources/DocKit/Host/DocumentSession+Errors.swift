import Foundation

// The session reports errors as Apple's hosts do: DocKit's own failures as
// `CocoaError`s that name the file, a document's `CocoaError` with the
// document's URL added, and a document's other errors unchanged. See
// `CocoaError.reportingHostError(_:at:reading:)`.
extension DocumentSession {
  /// Opens `url` with `backend` (see `readSession`), reporting failures as
  /// the host does.
  static func open(
    _ url: URL, contentType: UTType?, backend: Backend, environment: Environment
  ) async throws -> DocumentSession {
    // A confined session reads only where its rule allows.
    try environment.confinement?.check(.read, url)
    do {
      return try await readSession(
        url, contentType: contentType, backend: backend, environment: environment)
    } catch {
      throw CocoaError.reportingHostError(
        DocumentPath.renaming(
          error, from: (try? DocumentPath.resolved(url)) ?? url, to: url, reading: true),
        at: url, reading: true)
    }
  }

  /// The one write path (see `serializeAndCommit`), reporting failures as the
  /// host does. `recovery` is the recovery of interrupted saves of `url`
  /// the caller already ran; nil if the write is to run it. `decided` is
  /// where `url` leads and what stands there, if the caller already decided
  /// it for this write.
  ///
  /// - Returns: Whether it wrote: false only for an autosave stopped by a
  ///   close.
  @discardableResult
  func write(
    to url: URL, as type: UTType, mode: WritePlan.Mode, recovery: PackageJournal.Recovery? = nil,
    decided: WritePlan.Decision? = nil
  ) async throws -> Bool {
    do {
      return try await serializeAndCommit(
        to: url, as: type, mode: mode, recovery: recovery, decided: decided)
    } catch {
      let disk = decided?.disk ?? (try? DocumentPath.resolved(url)) ?? url
      throw CocoaError.reportingHostError(
        DocumentPath.renaming(error, from: disk, to: url, reading: false),
        at: url, reading: false)
    }
  }

  /// Runs `body`, which reads or writes the document at `url`, reporting
  /// its failure as the host does.
  ///
  /// `resolved` is what `url` leads to through links, if the body used
  /// it: errors naming it name `url` instead.
  func reportingErrors<T>(
    at url: URL, resolved: URL? = nil, reading: Bool, _ body: () async throws -> T
  ) async throws -> T {
    do {
      return try await body()
    } catch {
      let renamed =
        resolved.map { DocumentPath.renaming(error, from: $0, to: url, reading: reading) }
        ?? error
      throw CocoaError.reportingHostError(renamed, at: url, reading: reading)
    }
  }

  /// Finishes or discards an interrupted save of `url` (see
  /// `PackageJournal.recover(packageAt:removingTemporaryFiles:)`).
  @discardableResult
  nonisolated static func recoverJournal(
    at url: URL, removingTemporaryFiles: Bool = true
  ) throws(CocoaError) -> PackageJournal.Recovery {
    do {
      return try PackageJournal.recover(
        packageAt: url, removingTemporaryFiles: removingTemporaryFiles)
    } catch {
      throw CocoaError(error.namingDocument(at: url), writing: false, url: url)
    }
  }
}
