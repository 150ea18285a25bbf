import DocTestSupport
import Foundation
import Glibc
import Testing

/// A save the file system refuses, through the built `docrepl`: the error
/// names the path as the user gave it, relative to the working folder, at
/// the path argument; the folder's files and the edits are kept.
@Suite("Permission errors in docrepl")
struct PermissionErrorTests {
  @Test(
    "save-as into a folder the user may not write: the relative path, errno's reason, nothing lost",
    .enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"))
  )
  func saveIntoLockedFolder() throws {
    let temporary = try TemporaryDirectory()
    let canary = try temporary.write("canary\n", to: "locked/canary.txt")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: temporary("locked").path)
    let home = temporary("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path)
    let script = "new text t; append mine; save-as locked/memo.txt; status"
    let result: ProcessResult
    if geteuid() == 0 {
      // As root every folder is writable, so drop to an unprivileged user.
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: temporary.url.path)
      result = try runProgram(
        URL(fileURLWithPath: "/usr/bin/setpriv"),
        [
          "--reuid=65534", "--regid=65534", "--clear-groups", docreplExecutable.path, "-c",
          script,
        ],
        in: temporary.url, environment: ["HOME": home.path])
    } else {
      result = try runDocrepl(["-c", script], in: temporary.url, environment: ["HOME": home.path])
    }
    #expect(result.status == 1)
    #expect(
      result.errors.hasPrefix(
        """
        <command line>:1:34: error: locked/memo.txt: openat failed: Permission denied
        \(script)
                                         ^~~~~~~~~~~~~~~

        """), "\(result.errors)")
    // The edit is still there, unsaved, after the failed save.
    #expect(result.output.contains("dirty:     yes\n"))
    #expect(result.output.contains("file:      (untitled)\n"))
    #expect(Array(try Data(contentsOf: canary)) == Array("canary\n".utf8))
    #expect(try temporary.names(in: "locked") == ["canary.txt"])
  }
}
