import DocScript
import Synchronization
import Testing

/// The progress hook: silent before its threshold, then a percentage each
/// time it changes, cleared at the end only if something was shown; work
/// inside other work counts as part of it.
@Suite("Progress of long work: the reporting hook")
struct WorkProgressTests {
  final class Events: Sendable {
    let list = Mutex<[WorkProgress.Event]>([])
    var all: [WorkProgress.Event] { list.withLock { $0 } }
  }

  @Test("With no threshold: each new percentage once, then an end")
  func percentages() {
    let events = Events()
    let progress = WorkProgress(threshold: .zero) { event in
      events.list.withLock { $0.append(event) }
    }
    progress.begin("reading", total: 200)
    for done in [0, 1, 2, 100, 101, 200] { progress.update(done) }
    progress.end()
    #expect(
      events.all == [
        .progress(title: "reading", percent: 0), .progress(title: "reading", percent: 1),
        .progress(title: "reading", percent: 50), .progress(title: "reading", percent: 100),
        .ended,
      ])
  }

  @Test("Work shorter than the threshold shows nothing, not even an end")
  func shortWork() {
    let events = Events()
    let progress = WorkProgress(threshold: .seconds(3_600)) { event in
      events.list.withLock { $0.append(event) }
    }
    progress.begin("saving", total: 10)
    progress.update(5)
    progress.end()
    #expect(events.all.isEmpty)
  }

  @Test("Nested work reports as part of the outer; run reaches the task's reporter, or none")
  func nestedAndTaskLocal() {
    let events = Events()
    let progress = WorkProgress(threshold: .zero) { event in
      events.list.withLock { $0.append(event) }
    }
    WorkProgress.$current.withValue(progress) {
      WorkProgress.run("saving", total: 100) { report in
        report(10)
        WorkProgress.run("inner", total: 4) { inner in inner(2) }
        report(20)
      }
    }
    #expect(
      events.all == [
        .progress(title: "saving", percent: 10), .progress(title: "saving", percent: 20),
        .ended,
      ])
    // Without a reporter, run just runs.
    #expect(WorkProgress.run("x", total: 1) { _ in 7 } == 7)
  }
}
