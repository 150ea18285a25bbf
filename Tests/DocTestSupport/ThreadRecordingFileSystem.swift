import Dispatch
import DocKit
import Glibc
import Synchronization

/// The live file system, noting for each `fsync` whether it ran on the
/// main queue (so on the main actor) or on another thread.
package final class ThreadRecordingFileSystem: FileSystem {
  private let base = POSIXFileSystem()
  private let onMainQueue = Mutex([Bool]())

  package init() {}

  /// For each `fsync` so far, in order, whether it ran on the main queue.
  package var fsyncsOnMainQueue: [Bool] { onMainQueue.withLock { $0 } }

  /// Marks the main queue, which runs the main actor's jobs.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  package func fsync(_ descriptor: Int32) -> Int32 {
    let onMain = DispatchQueue.getSpecific(key: Self.mainQueueKey) == true
    onMainQueue.withLock { $0.append(onMain) }
    return base.fsync(descriptor)
  }
}
