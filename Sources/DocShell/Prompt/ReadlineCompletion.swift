package import DocScript
import Foundation
import Glibc

#if LineEditingLibedit
  import CLibedit
#else
  import CReadline
#endif

/// Tab completion at the prompt: readline asks, and the interpreter's
/// completion engine (`Interpreter.completions(for:cursor:)`) answers.
///
///     ReadlineCompletion.install(for: interpreter) { pendingLines }
///
/// Words break at blanks, `;` and `/` (so that a path or a JSON Pointer
/// lists only the names at its level), and `'` and `"` open quotes; the
/// engine decides what the word really is, with the language's lexer, so
/// these only shape what readline lists. There is no fallback to file
/// names: where the engine offers nothing, Tab offers nothing. A unique
/// completion closes its quote and adds a blank, except a folder (`dir/`)
/// or a JSON container, which go on.
@MainActor
package final class ReadlineCompletion {
  /// The completer readline calls; readline has one, so this is a static.
  private static var installed: ReadlineCompletion?
  /// readline keeps the pointers, so these live as long as the process.
  private static let wordBreaks = strdup(" \t\n;/")
  private static let quotes = strdup("'\"")

  private let interpreter: Interpreter
  private let pendingInput: @MainActor () -> String

  /// Whether the line being read is a path, not a command: set by the
  /// export dialog (``ReadlineExportPrompt``) while it asks `export to:`,
  /// so that Tab completes files and folders there as it does for a
  /// command's PATH.
  package var lineIsPath = false

  private init(interpreter: Interpreter, pendingInput: @escaping @MainActor () -> String) {
    self.interpreter = interpreter
    self.pendingInput = pendingInput
  }

  /// Makes Tab complete for `interpreter` from now on.
  ///
  /// - Parameters:
  ///   - interpreter: The interpreter whose commands, documents and
  ///     variables Tab offers.
  ///   - pendingInput: The earlier lines of the input being typed, when
  ///     the prompt is continuing one (an open quote, heredoc or `{`);
  ///     empty otherwise.
  /// - Returns: The completion installed, which a question that reads a
  ///   path (the export dialog) tells so through ``lineIsPath``.
  @discardableResult
  package static func install(
    for interpreter: Interpreter, pendingInput: @escaping @MainActor () -> String = { "" }
  ) -> ReadlineCompletion {
    markMainQueue()
    let completion = ReadlineCompletion(interpreter: interpreter, pendingInput: pendingInput)
    installed = completion
    docrepl_completion_install(readlineCompleter, wordBreaks, quotes)
    return completion
  }

  /// What readline should offer for `line` with the cursor at `point`,
  /// replacing from `start` (all UTF-8 offsets in `line`), and whether
  /// the matches are in an order of their own that the list keeps.
  func readlineMatches(
    line: [UInt8], point: Int, start: Int
  ) -> (matches: [String], isOrdered: Bool)? {
    guard point <= line.count, start <= point,
      let before = String(validating: line[..<point], as: UTF8.self)
    else { return nil }
    if lineIsPath {
      return Self.readlineMatches(
        interpreter.pathCompletions(for: before), text: before, replacingFrom: start
      ).map { ($0, false) }
    }
    var pending = pendingInput()
    if !pending.isEmpty, !pending.hasSuffix("\n") { pending += "\n" }
    let text = pending + before
    let completion = interpreter.completions(for: text)
    return Self.readlineMatches(
      completion, text: text, replacingFrom: pending.utf8.count + start
    ).map { ($0, completion.isOrdered) }
  }

  /// The array readline wants for `completion` of `text`, where readline
  /// replaces from the UTF-8 offset `offset` to the end: the text to
  /// insert, then (when there are several) each match. Readline's word
  /// may start before or after the engine's; every replacement keeps what
  /// was typed, so each is cut or extended to start at `offset`. Nil when
  /// nothing matches.
  static func readlineMatches(
    _ completion: Completion, text: String, replacingFrom offset: Int
  ) -> [String]? {
    guard !completion.matches.isEmpty else { return nil }
    let bytes = Array(text.utf8)
    guard completion.range.lowerBound <= bytes.count, offset <= bytes.count else { return nil }
    let head = bytes[..<completion.range.lowerBound]
    func fromOffset(_ replacement: String) -> String? {
      let full = Array(head) + Array(replacement.utf8)
      guard offset <= full.count, full[..<offset].elementsEqual(bytes[..<offset]) else {
        return nil
      }
      return String(decoding: full[offset...], as: UTF8.self)
    }
    guard let insertion = fromOffset(completion.insertion) else { return nil }
    if completion.matches.count == 1 { return [insertion] }
    return [insertion] + completion.matches.compactMap { fromOffset($0.replacement) }
  }
}

/// readline's `rl_attempted_completion_function`. Readline calls it from
/// inside `readline()`, on the thread that called it.
private func readlineCompleter(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  docrepl_completion_take_over()
  guard let buffer = docrepl_completion_line_buffer() else { return nil }
  let line = Array(UnsafeBufferPointer(start: buffer, count: strlen(buffer))).map {
    UInt8(bitPattern: $0)
  }
  let point = Int(docrepl_completion_line_point())
  let result = onMainActor {
    ReadlineCompletion.current?.readlineMatches(line: line, point: point, start: Int(start))
  }
  guard let (matches, isOrdered) = result else { return nil }
  // Readline sorts what it lists unless told not to.
  docrepl_completion_set_sorted(isOrdered ? 0 : 1)
  // readline frees the array and each string with free(3).
  let stride = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
  guard let memory = malloc(stride * (matches.count + 1)) else { return nil }
  let array = memory.bindMemory(
    to: UnsafeMutablePointer<CChar>?.self, capacity: matches.count + 1)
  for (index, match) in matches.enumerated() { array[index] = strdup(match) }
  array[matches.count] = nil
  return array
}

extension ReadlineCompletion {
  /// For the completer, which readline calls outside Swift's knowledge.
  fileprivate static var current: ReadlineCompletion? { installed }
}

/// Marks the main queue, so that a C callback can tell whether it runs on
/// it: the main actor runs on the main queue, which is not always the main
/// thread (under `dispatchMain`, a worker thread drains it).
let mainQueueKey = DispatchSpecificKey<Bool>()

/// Marks the main queue (once is enough; again is harmless).
@MainActor
func markMainQueue() {
  DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}

/// Runs `body` on the main actor from a C callback: directly when readline
/// was called from the main actor (the prompt's case), else by waiting for
/// the main queue, which is free while the prompt awaits a line that
/// another thread reads.
nonisolated func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  if DispatchQueue.getSpecific(key: mainQueueKey) == true {
    return MainActor.assumeIsolated(body)
  }
  return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}
