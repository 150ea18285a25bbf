import DocKit
import DocTestSupport
import Foundation
import Glibc
import Testing

/// The destination policy decides again where a write replaces what is
/// there: another program that puts a folder or a FIFO at the file's path
/// after the write decided, while it writes, finds it left as it was, and
/// the write fails with `destinationChanged`, its document still dirty.
@MainActor
@Suite("A destination that changes kind while it is written is never replaced")
struct DestinationRaceTests {
  /// What the other program puts at the path.
  enum Replacement: String, CaseIterable, Sendable {
    case folder, fifo, linkToFolder
  }

  /// The writes that replace a file that exists.
  enum Write: String, CaseIterable, Sendable {
    /// A forced save after a conflict: the file changed on disk first.
    case forcedSave
    /// Save as over another file, with overwrite.
    case saveAsReplacing
    /// Save to over another file, with overwrite.
    case saveToReplacing
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var write: Write
    var moment: DestinationSwappingFileSystem.Moment
    var replacement: Replacement
    var testDescription: String { "\(write) \(moment) \(replacement)" }
  }

  nonisolated static let cases: [Case] = Write.allCases.flatMap { write in
    DestinationSwappingFileSystem.Moment.allCases.flatMap { moment in
      Replacement.allCases.map { Case(write: write, moment: moment, replacement: $0) }
    }
  }

  nonisolated static let canary = Data("photo bytes 3b9d\n".utf8)

  @Test(
    "The kind is checked again at the commit; what took the file's place stays", arguments: cases)
  func race(_ race: Case) async throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("old\n", to: "a.txt")
    let other = try temporary.write("other\n", to: "b.txt")
    let session = try await DocumentSession<TextMemo>.open(
      url, environment: testEnvironment(temporary))
    try session.perform { try $0.insert(["new"], at: 1) }
    try await session.endEvent()
    let destination = race.write == .forcedSave ? url : other
    if race.write == .forcedSave {
      // Another program's edit: the save must be forced.
      try Data("changed elsewhere\n".utf8).write(to: url)
    }
    let path = destination.path
    let elsewhere = temporary("elsewhere").path
    let replacement = race.replacement
    let swapping = DestinationSwappingFileSystem(at: race.moment) {
      unlink(path)
      switch replacement {
      case .folder:
        mkdir(path, 0o755)
        _ = FileManager.default.createFile(atPath: path + "/photo.jpg", contents: Self.canary)
      case .fifo:
        mkfifo(path, 0o644)
      case .linkToFolder:
        mkdir(elsewhere, 0o755)
        _ = FileManager.default.createFile(atPath: elsewhere + "/photo.jpg", contents: Self.canary)
        symlink(elsewhere, path)
      }
    }
    let error = await #expect(throws: CocoaError.self) {
      try await FileSystemContext.$current.withValue(swapping) {
        switch race.write {
        case .forcedSave: try await session.save(force: true)
        case .saveAsReplacing: try await session.save(as: destination, overwrite: true)
        case .saveToReplacing: try await session.save(to: destination, overwrite: true)
        }
      }
    }
    #expect(swapping.didAct)
    #expect(error?.fileWrapperError?.code == .destinationChanged, "\(String(describing: error))")
    #expect(session.isDirty)
    #expect(session.fileURL == url)
    // What the other program put there is as it left it.
    var status = stat()
    #expect(lstat(path, &status) == 0)
    switch race.replacement {
    case .folder:
      #expect(status.st_mode & S_IFMT == S_IFDIR)
      #expect(FileManager.default.contents(atPath: path + "/photo.jpg") == Self.canary)
      #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["photo.jpg"])
    case .fifo:
      #expect(status.st_mode & S_IFMT == S_IFIFO)
    case .linkToFolder:
      #expect(status.st_mode & S_IFMT == S_IFLNK)
      #expect(FileManager.default.contents(atPath: elsewhere + "/photo.jpg") == Self.canary)
      #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["photo.jpg"])
    }
    // No temporary file is left beside it.
    let names = try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).sorted()
    let expected =
      (race.replacement == .linkToFolder ? ["elsewhere"] : []) + ["a.txt", "b.txt"]
    #expect(names == expected.sorted(), "\(names)")
  }

  @Test(
    "A history, report or recording write meets the same check where it replaces",
    arguments: DestinationSwappingFileSystem.Moment.allCases)
  func atomicFileRace(_ moment: DestinationSwappingFileSystem.Moment) throws {
    let temporary = try TemporaryDirectory()
    let url = try temporary.write("old history\n", to: "history")
    let path = url.path
    let swapping = DestinationSwappingFileSystem(at: moment) {
      unlink(path)
      mkdir(path, 0o755)
      _ = FileManager.default.createFile(atPath: path + "/photo.jpg", contents: Self.canary)
    }
    #expect(throws: FileWrapperError.self) {
      try FileSystemContext.$current.withValue(swapping) {
        try AtomicFile.write(Array("new history\n".utf8), to: url, as: .history)
      }
    }
    #expect(swapping.didAct)
    #expect(FileManager.default.contents(atPath: path + "/photo.jpg") == Self.canary)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == ["history"])
  }
}
