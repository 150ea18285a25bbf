import DocKit
import Foundation
import Testing

/// What a subscriber saw, in order: values, then at most one completion.
private enum Event<Value: Equatable>: Equatable {
  case value(Value)
  case finished
  case failure(String)
}

struct Oops: Error, Equatable, Sendable {}

/// Subscribes to `publisher` and collects what it delivers.
private final class Recorder<Value: Equatable, Failure: Error> {
  private(set) var events: [Event<Value>] = []
  var subscription: AnyCancellable?

  init(_ publisher: some Publisher<Value, Failure>) {
    subscription = publisher.sink(
      receiveCompletion: { [unowned self] completion in
        switch completion {
        case .finished: events.append(.finished)
        case .failure(let error): events.append(.failure("\(error)"))
        }
      },
      receiveValue: { [unowned self] in events.append(.value($0)) })
  }
}

/// A model written as it would be against Combine.
private final class TripModel: ObservableObject {
  @Published var stops: [String] = []
  @Published var count = 0
  var summary = ""
}

// The facts these tests pin come from Combine's documentation and from
// OpenCombine's tests, which were run against Combine on Apple platforms
// (PublisherTests/MapTests, FilterTests, RemoveDuplicatesTests,
// ReplaceErrorTests, DebounceTests, ReceiveOnTests, SubscribersTests/
// AssignTests).
@Suite("Combine operators")
struct CombineOperatorTests {
  @Test("map transforms each value in order and passes the completion on")
  func map() {
    let subject = PassthroughSubject<Int, Oops>()
    let recorder = Recorder(subject.map { "\($0 * 2)" })
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(Oops()))
    subject.send(3)
    #expect(recorder.events == [.value("2"), .value("4"), .failure("Oops()")])
  }

  @Test("map takes a key path, as Combine's does")
  func mapKeyPath() {
    let model = TripModel()
    var counts: [Int] = []
    let subscription = model.$stops.map(\.count).sink { counts.append($0) }
    model.stops = ["Lyon"]
    model.stops.append("Turin")
    #expect(counts == [0, 1, 2])
    _ = subscription
  }

  @Test("filter keeps the values that pass, in order, and the completion")
  func filter() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder(subject.filter { $0.isMultiple(of: 2) })
    for value in [1, 2, 3, 4, 6, 7] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == [.value(2), .value(4), .value(6), .finished])
  }

  @Test(
    "removeDuplicates compares each value with the one received just before it",
    arguments: [
      // OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesBasicBehavior.
      ("==", [1, 2, 50, 30, 10, -1, 51, 52]),
      (">=", [1, 2, 50, 51, 52]),
      (">", [1, 2, 2, 50, 51, 52]),
    ])
  func removeDuplicates(predicate: String, expected: [Int]) {
    let subject = PassthroughSubject<Int, Never>()
    var calls = 0
    let publisher: Publishers.RemoveDuplicates<PassthroughSubject<Int, Never>>
    switch predicate {
    case ">=":
      publisher = subject.removeDuplicates {
        calls += 1; return $0 >= $1
      }
    case ">":
      publisher = subject.removeDuplicates {
        calls += 1; return $0 > $1
      }
    default: publisher = subject.removeDuplicates()
    }
    let recorder = Recorder(publisher)
    for value in [1, 2, 2, 50, 30, 10, -1, 51, 52] { subject.send(value) }
    subject.send(completion: .finished)
    #expect(recorder.events == expected.map { .value($0) } + [.finished])
    // The first value is compared with nothing: 8 comparisons for 9 values.
    #expect(predicate == "==" || calls == 8)
  }

  @Test("removeDuplicates compares with the previous value received, not the previous one sent")
  func removeDuplicatesComparesWithReceived() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder(subject.removeDuplicates { abs($0 - $1) < 2 })
    for value in [1, 2, 3, 10] { subject.send(value) }
    #expect(recorder.events == [.value(1), .value(10)])
  }

  @Test("replaceError sends its value and finishes in place of a failure")
  func replaceErrorOnFailure() {
    let subject = PassthroughSubject<Int, Oops>()
    let recorder = Recorder(subject.replaceError(with: 42))
    subject.send(41)
    subject.send(completion: .failure(Oops()))
    #expect(recorder.events == [.value(41), .value(42), .finished])
  }

  @Test("replaceError leaves values and a normal finish alone")
  func replaceErrorWithoutError() {
    let subject = PassthroughSubject<Int, Oops>()
    let recorder = Recorder(subject.replaceError(with: 42))
    subject.send(1)
    subject.send(completion: .finished)
    #expect(recorder.events == [.value(1), .finished])
  }

  @Test("debounce sends a value once the due time passes without another")
  func debounce() {
    // OpenCombine's DebounceTests.testBasicBehavior: values at 0, 4 and 9
    // with a due time of 13; only the last is sent, at 22.
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder(subject.debounce(for: .nanoseconds(13), scheduler: scheduler))
    subject.send(1)
    scheduler.advance(to: 4)
    subject.send(2)
    scheduler.advance(to: 9)
    subject.send(3)
    scheduler.advance(to: 21)
    #expect(recorder.events == [])
    scheduler.advance(to: 22)
    #expect(recorder.events == [.value(3)])
    #expect(scheduler.history == ["at 13", "at 17", "at 22"])
    subject.send(completion: .finished)
    // The completion goes through the scheduler too.
    #expect(recorder.events == [.value(3)])
    scheduler.advance(to: 300)
    #expect(recorder.events == [.value(3), .finished])
  }

  @Test(
    "A completion before the due time drops the pending value",
    arguments: [Subscribers.Completion<Oops>.finished, .failure(Oops())])
  func debounceCompletionBeforeDue(completion: Subscribers.Completion<Oops>) {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Oops>()
    let recorder = Recorder(subject.debounce(for: .nanoseconds(13), scheduler: scheduler))
    subject.send(1)
    scheduler.advance(to: 4)
    subject.send(completion: completion)
    #expect(recorder.events == [])
    #expect(scheduler.history == ["at 13", "now"])
    scheduler.advance(to: 100)
    let expected: Event<Int> = completion == .finished ? .finished : .failure("Oops()")
    #expect(recorder.events == [expected])
  }

  @Test("Cancelling a debounce before the due time sends nothing")
  func debounceCancelBeforeDue() throws {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder(subject.debounce(for: .nanoseconds(13), scheduler: scheduler))
    subject.send(1)
    try #require(recorder.subscription).cancel()
    scheduler.advance(to: 100)
    subject.send(2)
    scheduler.advance(to: 200)
    #expect(recorder.events == [])
  }

  @Test("receive(on:) delivers values and the completion through the scheduler, in order")
  func receiveOn() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Oops>()
    let recorder = Recorder(subject.receive(on: scheduler))
    subject.send(1)
    subject.send(2)
    subject.send(3)
    subject.send(completion: .failure(Oops()))
    #expect(recorder.events == [])
    #expect(scheduler.history == ["now", "now", "now", "now"])
    scheduler.advance(to: 0)
    #expect(recorder.events == [.value(1), .value(2), .value(3), .failure("Oops()")])
  }

  @Test("After receive(on:) is cancelled, nothing more is scheduled or delivered")
  func receiveOnCancelled() throws {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let recorder = Recorder(subject.receive(on: scheduler))
    subject.send(1)
    try #require(recorder.subscription).cancel()
    subject.send(2)
    subject.send(completion: .finished)
    scheduler.advance(to: 0)
    #expect(scheduler.history == ["now"])
    #expect(recorder.events == [])
  }

  @Test("assign(to:on:) writes each value and holds the object until the end")
  func assignToOn() {
    let subject = PassthroughSubject<String, Never>()
    weak var weakModel: TripModel?
    var subscription: AnyCancellable?
    do {
      let model = TripModel()
      weakModel = model
      subscription = subject.assign(to: \.summary, on: model)
      subject.send("Lyon")
    }
    #expect(weakModel?.summary == "Lyon")
    subject.send(completion: .finished)
    // Combine releases the object when the publisher finishes.
    #expect(weakModel == nil)
    _ = subscription
  }

  @Test("Cancelling assign(to:on:) stops the writes and releases the object")
  func assignToOnCancelled() throws {
    let subject = PassthroughSubject<String, Never>()
    let model = TripModel()
    let subscription = subject.assign(to: \.summary, on: model)
    subject.send("Lyon")
    subscription.cancel()
    subject.send("Turin")
    #expect(model.summary == "Lyon")
  }

  @Test("assign(to:) republishes through @Published, announcing each change on objectWillChange")
  func assignToPublished() {
    let model = TripModel()
    model.$stops.map(\.count).assign(to: &model.$count)
    var announced: [Int] = []
    var published: [Int] = []
    let willChange = model.objectWillChange.sink { announced.append(model.count) }
    let counts = model.$count.sink { published.append($0) }
    model.stops = ["Lyon", "Turin"]
    #expect(model.count == 2)
    // objectWillChange fires before each stored change: once for stops
    // (count still 0) and once for count (still 0 then too).
    #expect(announced == [0, 0])
    #expect(published == [0, 2])
    _ = (willChange, counts)
  }

  @Test("An assign(to:) subscription lasts as long as the object")
  func assignToPublishedLifetime() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakModel: TripModel?
    do {
      let model = TripModel()
      weakModel = model
      subject.assign(to: &model.$count)
      subject.send(3)
      #expect(model.count == 3)
    }
    #expect(weakModel == nil)
    subject.send(4)
  }

  @Test(
    "DispatchQueue.main and RunLoop.main deliver once the main actor waits",
    .timeLimit(.minutes(1)))
  @MainActor
  func mainSchedulers() async throws {
    let model = TripModel()
    var received: [String] = []
    let subscriptions = [
      model.$stops.dropFirstValue().receive(on: DispatchQueue.main)
        .sink { received.append("queue \($0.count)") },
      model.$stops.dropFirstValue().receive(on: RunLoop.main)
        .sink { received.append("run loop \($0.count)") },
      model.$stops.dropFirstValue().debounce(for: .milliseconds(1), scheduler: DispatchQueue.main)
        .sink { received.append("debounced on the queue \($0.count)") },
      model.$stops.dropFirstValue().debounce(for: .milliseconds(2), scheduler: RunLoop.main)
        .sink { received.append("debounced on the run loop \($0.count)") },
    ]
    model.stops = ["Lyon"]
    model.stops = ["Lyon", "Turin"]
    #expect(received == [])
    while received.count < 6 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(
      received == [
        "queue 1", "run loop 1", "queue 2", "run loop 2", "debounced on the queue 2",
        "debounced on the run loop 2",
      ])
    _ = subscriptions
  }
}

@Suite("Schedulers")
struct SchedulerTests {
  @Test(
    "The main queue's and main run loop's actions run, once or until cancelled",
    .timeLimit(.minutes(1)))
  @MainActor
  func mainSchedulers() async throws {
    var events: [String] = []
    RunLoop.main.schedule(after: RunLoop.main.now.advanced(by: .milliseconds(1))) {
      events.append("run loop, once")
    }
    DispatchQueue.main.schedule(after: DispatchQueue.main.now) { events.append("queue, once") }
    var runs = 0
    let repeating = RunLoop.main.schedule(
      after: RunLoop.main.now, interval: .milliseconds(1), tolerance: 0, options: nil
    ) { runs += 1 }
    while runs < 3 || events.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
    repeating.cancel()
    let runsWhenCancelled = runs
    // Later turns of the main queue run nothing more of it.
    for _ in 0..<3 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(runs == runsWhenCancelled)
    #expect(events.sorted() == ["queue, once", "run loop, once"])
  }

  @Test("ImmediateScheduler runs every action at once, in order")
  func immediate() {
    var runs: [String] = []
    let scheduler = ImmediateScheduler.shared
    scheduler.schedule { runs.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: 5)) { runs.append("later") }
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let subscription = subject.receive(on: scheduler).sink { values.append($0) }
    subject.send(1)
    #expect(runs == ["now", "later"])
    #expect(values == [1])
    _ = subscription
  }
}

extension Publisher {
  /// The values after the first: a `@Published` publisher's current value
  /// is sent on subscription, which these tests skip.
  fileprivate func dropFirstValue() -> Publishers.Filter<Self> {
    var first = true
    return filter { _ in
      defer { first = false }
      return !first
    }
  }
}
