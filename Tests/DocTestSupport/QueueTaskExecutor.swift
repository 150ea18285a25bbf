import Dispatch

/// A task executor that runs jobs on a serial dispatch queue of its own,
/// outside Swift's cooperative pool. Work held there on purpose (a
/// ``GatedFileSystem`` call) then blocks none of the pool's threads, which
/// are as few as the machine's cores and also run the main actor's jobs
/// in tests.
package final class QueueTaskExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "org.docrepl.tests.queue-executor")

  package init() {}

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
