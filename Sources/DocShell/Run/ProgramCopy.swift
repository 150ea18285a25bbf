import Foundation
import Glibc

/// Starting the running program again, through `/proc/self/exe`: the
/// confined copy of `--confine` (``ConfinedRun``) and the workers of
/// `test --jobs` (``TestWorkers``).
enum ProgramCopy {
  /// The command line of the running program, `argv[0]` first, when it
  /// can be started again as it was: set by ``Docrepl/main(arguments:)``
  /// and ``Docrepl/main(documentTypes:name:arguments:)``, nil when the
  /// program is a library call in someone else's process (a test, an
  /// embedding), whose executable is not this program.
  @TaskLocal static var arguments: [String]?

  /// Starts the program as `arguments` (`argv[0]` first) in
  /// `environment`, with each of `descriptors`' parent descriptors
  /// duplicated as the child's number (which clears close-on-exec on the
  /// copy); returns its process ID, or nil and `posix_spawn`'s error
  /// number.
  static func start(
    _ arguments: [String], environment: [String: String],
    descriptors: [(parent: Int32, child: Int32)] = []
  ) -> (pid: pid_t?, error: Int32) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (parent, child) in descriptors {
      posix_spawn_file_actions_adddup2(&actions, parent, child)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, envp)
    return result == 0 ? (pid, 0) : (nil, result)
  }

  /// A pipe whose ends close on exec, so that a copy gets only the
  /// descriptors it is given.
  static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }
}
