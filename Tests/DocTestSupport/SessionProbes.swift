package import DocKit
package import Foundation
package import Synchronization
import Testing

/// A reference document that records whether the main actor could run
/// while it serialized: its serialization waits for a main-actor task the
/// test scheduled, which can only run if serialization is off the main
/// actor. (`Thread.isMainThread` cannot tell: on Linux the main actor's
/// jobs may run on a worker thread.)
package final class RecordingDocument: ReferenceFileDocument {
  package static let readableContentTypes: [UTType] = [.data]
  package let log = Mutex<[String]>([])
  package let mainActorRan = DispatchSemaphore(value: 0)
  package let contents: Data

  package init(configuration: ReadConfiguration) throws {
    contents = configuration.file.regularFileContents ?? Data()
  }

  @MainActor
  package func registerChange(_ undoManager: UndoManager) {
    undoManager.registerUndo(withTarget: self) { _ in }
  }

  package func snapshot(contentType: UTType) throws -> Data {
    log.withLock { $0.append("snapshot") }
    return contents
  }

  package func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper
  {
    let free = mainActorRan.wait(timeout: .now() + 30) == .success
    log.withLock {
      $0.append(
        free ? "serialized while the main actor ran" : "serialization blocked the main actor")
    }
    return FileWrapper(regularFileWithContents: snapshot)
  }
}

/// A value document that records whether it was given an existing file.
package struct ExistingFileProbe: FileDocument {
  package static let readableContentTypes: [UTType] = [.plainText]
  package static let seen = Mutex<[Bool]>([])

  package init() {}
  package init(configuration: ReadConfiguration) throws {}

  package func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    Self.seen.withLock { $0.append(configuration.existingFile != nil) }
    return FileWrapper(regularFileWithContents: Data("probe".utf8))
  }
}

/// A package document that adds whatever `addition` makes to its existing
/// wrapper: a way to hand the in-place save a hostile tree.
package struct HostilePackage: FileDocument {
  package static let readableContentTypes: [UTType] = [.folder]
  package static let addition = Mutex<(@Sendable (FileWrapper) -> Void)?>(nil)

  package init(configuration: ReadConfiguration) throws {}

  package func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let package = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    Self.addition.withLock { $0 }?(package)
    return package
  }
}

/// A package whose next save turns the file `a` into a directory `a`
/// holding `b`: a change of kind, which needs a removal before placements.
package struct KindChangePackage: FileDocument {
  package static let readableContentTypes: [UTType] = [.folder]

  package init(configuration: ReadConfiguration) throws {}

  package func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
    let package = configuration.existingFile ?? FileWrapper(directoryWithFileWrappers: [:])
    if let old = package.fileWrappers?["a"] { package.removeFileWrapper(old) }
    let directory = FileWrapper(directoryWithFileWrappers: [:])
    directory.preferredFilename = "a"
    directory.addRegularFile(withContents: Data("new b".utf8), preferredFilename: "b")
    package.addFileWrapper(directory)
    return package
  }
}

/// A reference document whose serialization waits until the test says so,
/// so the test can edit the document while a save is under way. Not let go
/// within 30 seconds, it fails the test: the edits did not interleave.
package final class SlowDocument: ReferenceFileDocument {
  package static let readableContentTypes: [UTType] = [.data]
  package let proceed = DispatchSemaphore(value: 0)

  package init(configuration: ReadConfiguration) throws {}

  @MainActor
  package func change(_ undoManager: UndoManager) {
    undoManager.registerUndo(withTarget: self) { document in document.change(undoManager) }
  }

  package func snapshot(contentType: UTType) throws -> Data { Data("slow".utf8) }

  package func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper
  {
    if proceed.wait(timeout: .now() + 30) == .timedOut {
      // The test's edits did not happen while the save serialized.
      Issue.record("SlowDocument was not let go within 30 seconds: the main actor was blocked")
    }
    return FileWrapper(regularFileWithContents: snapshot)
  }
}
