import DocKit
import Foundation
import Testing

/// A model written as it would be against Combine.
final class NoteModel: ObservableObject {
  @Published var title = "Untitled"
  @Published var tags: [String] = []
  var plain = 0
}

/// A model with its own publisher, which `@Published` does not drive.
final class CustomModel: ObservableObject {
  let objectWillChange = ObservableObjectPublisher()
  @Published var value = 0
}

@Suite("ObservableObject and @Published")
struct ObservableObjectTests {
  @Test("@Published sends objectWillChange before the new value is stored")
  func firesBeforeChange() {
    let model = NoteModel()
    var seen: [String] = []
    let subscription = model.objectWillChange.sink { seen.append(model.title) }
    model.title = "Trip"
    model.title = "Trip, day 2"
    #expect(seen == ["Untitled", "Trip"])
    #expect(model.title == "Trip, day 2")
    _ = subscription
  }

  @Test("objectWillChange is the same publisher every time")
  func samePublisher() {
    let model = NoteModel()
    #expect(model.objectWillChange === model.objectWillChange)
    #expect(NoteModel().objectWillChange !== model.objectWillChange)
  }

  @Test("Every @Published property drives it; plain properties do not")
  func onlyPublishedProperties() {
    let model = NoteModel()
    var count = 0
    let subscription = model.objectWillChange.sink { _ in count += 1 }
    model.tags.append("lisbon")
    model.plain = 3
    model.title = "x"
    #expect(count == 2)
    _ = subscription
  }

  @Test("Cancelling, or releasing the cancellable, ends the subscription")
  func cancellation() {
    let model = NoteModel()
    var count = 0
    let subscription = model.objectWillChange.sink { count += 1 }
    model.title = "a"
    subscription.cancel()
    model.title = "b"
    #expect(count == 1)
    var subscriptions: Set<AnyCancellable> = []
    model.objectWillChange.sink { count += 10 }.store(in: &subscriptions)
    model.title = "c"
    #expect(count == 11)
    subscriptions.removeAll()
    model.title = "d"
    #expect(count == 11)
  }

  @Test("A subscriber may cancel itself while being called")
  func cancelDuringSend() {
    let publisher = ObservableObjectPublisher()
    var calls = 0
    var subscription: AnyCancellable?
    subscription = publisher.sink {
      calls += 1
      subscription?.cancel()
    }
    publisher.send()
    publisher.send()
    #expect(calls == 1)
  }

  @Test("$property publishes the current value on subscription, then each new one first")
  func projectedPublisher() {
    let model = NoteModel()
    var values: [String] = []
    var storedWhenSent: [String] = []
    let subscription = model.$title.sink { value in
      values.append(value)
      storedWhenSent.append(model.title)
    }
    model.title = "one"
    model.title = "two"
    #expect(values == ["Untitled", "one", "two"])
    #expect(storedWhenSent == ["Untitled", "Untitled", "one"])
    _ = subscription
  }

  @Test("A type with its own objectWillChange keeps it; @Published leaves it alone, as in Combine")
  func customPublisher() {
    let model = CustomModel()
    var count = 0
    let subscription = model.objectWillChange.sink { count += 1 }
    model.value = 1
    model.objectWillChange.send()
    #expect(count == 1)
    _ = subscription
  }

  @Test("The default publisher goes away with its object")
  func publisherLifetime() {
    weak var weakModel: NoteModel?
    do {
      let model = NoteModel()
      weakModel = model
      _ = model.objectWillChange
    }
    #expect(weakModel == nil)
  }
}
