import Dispatch
import DocKit
import Glibc
import Synchronization

/// Ctrl-C (`SIGINT`) or `SIGTERM` during `docrepl test`: noticed, not
/// fatal, so that the runner can stop starting scripts, let those in
/// flight finish and remove their temporary folders, and still print its
/// summary (exit status 130). A second signal ends the process as usual.
final class TestRunInterruption: Sendable {
  private let flag = Atomic<Bool>(false)
  private let sources: Locked<[any DispatchSourceSignal]>

  /// Starts watching for the signals.
  init() {
    sources = Locked([])
    sources.withLock { sources in
      for number in [SIGINT, SIGTERM] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { [self] in
          flag.store(true, ordering: .sequentiallyConsistent)
          signal(number, SIG_DFL)
        }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Whether a signal came.
  var happened: Bool { flag.load(ordering: .sequentiallyConsistent) }

  /// Stops watching, and gives the signals their default actions back.
  func stop() {
    sources.withLock { sources in
      for source in sources { source.cancel() }
      sources.removeAll()
    }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
