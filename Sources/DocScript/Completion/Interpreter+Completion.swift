import DocKit
import Foundation

extension Interpreter {
  /// What Tab offers at `cursor` in `text`: the word being completed and
  /// the words it may become, sorted (or in the document's order, for
  /// candidates that have one: JSON keys).
  ///
  /// Only the text before the cursor counts; it may hold earlier lines of
  /// the same input (a quote or heredoc left open). The first word of a
  /// command completes to command names (the ones `help` lists); each
  /// argument to what its ``CommandSpec`` parameter takes
  /// (``CommandSpec/argumentKind(of:)``); a word starting with `-` to the
  /// command's options, `--doc` included. `$na` completes to variables.
  ///
  /// - Parameters:
  ///   - text: The input typed so far.
  ///   - cursor: A UTF-8 offset into `text`; nil for its end.
  package func completions(for text: String, cursor: Int? = nil) -> Completion {
    let utf8 = Array(text.utf8)
    var end = min(max(cursor ?? utf8.count, 0), utf8.count)
    // Back off to a character boundary.
    while end > 0, end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
    let before = String(decoding: utf8[..<end], as: UTF8.self)
    let none = Completion(range: end..<end, matches: [])
    guard let input = CompletionInput(before) else { return none }
    let raw = String(decoding: utf8[input.start..<end], as: UTF8.self)
    let openQuote: Character? =
      switch input.quote {
      case .none: nil
      case .single: "'"
      case .double: "\""
      }
    // What the word already holds, and what it may become.
    let typed: String
    var candidates: [CompletionCandidate]
    if let variable = input.variable {
      typed = variable.name
      candidates = variables.names.map {
        CompletionCandidate($0 + (variable.braced ? "}" : ""), isFinal: false)
      }
    } else {
      guard let partial = input.partial.map({ try? variables.expand($0) }) ?? "" else {
        return none
      }
      typed = partial
      let words = input.words.map {
        Argument(text: (try? variables.expand($0)) ?? "", range: $0.range, isPlain: $0.isPlain)
      }
      candidates = completionCandidates(after: words, typed: typed)
    }
    var seen: Set<String> = []
    let kept =
      candidates
      .filter { $0.value.hasPrefix(typed) && !$0.value.contains("\n") }
      .filter { seen.insert($0.value).inserted }
    let isOrdered = !kept.isEmpty && kept.allSatisfy { $0.order != nil }
    let matches =
      (isOrdered
      ? kept.sorted { ($0.order ?? 0) < ($1.order ?? 0) }
      : kept.sorted { Array($0.value.utf8).lexicographicallyPrecedes(Array($1.value.utf8)) })
      .map { candidate in
        let rest = candidate.value.dropFirst(typed.count)
        let escaped =
          input.variable != nil
          ? String(rest)
          : CompletionInput.escape(rest, in: input.quote, atWordStart: raw.isEmpty)
        return Completion.Match(
          value: candidate.value, replacement: raw + escaped, isFinal: candidate.isFinal)
      }
    var completion = Completion(range: input.start..<end, matches: matches, openQuote: openQuote)
    completion.isOrdered = isOrdered
    return completion
  }

  /// The words that may follow `words` (the command so far, expanded),
  /// unfiltered.
  func completionCandidates(after words: [Argument], typed: String) -> [CompletionCandidate] {
    guard let name = words.first?.text else {
      return allCommandNames.map { CompletionCandidate($0) }
    }
    let arguments = Array(words.dropFirst())
    // The specs the name may stand for: the built-in command's, and the
    // target document's own command of that name (`set` is both).
    var specs: [(spec: CommandSpec, handle: (any DocumentHandle)?)] = []
    if let builtin = builtins[name] {
      var spec = builtin.spec
      if builtin.actsOnDocument { spec.parameters.append(BuiltinParameter.doc.declaration) }
      specs.append((spec, nil))
    }
    let target = completionTarget(in: arguments)
    // A type's command takes `--doc NAME` too.
    func withDoc(_ spec: CommandSpec) -> CommandSpec {
      var spec = spec
      spec.parameters.append(BuiltinParameter.doc.declaration)
      return spec
    }
    if let target, let command = target.commands[name] {
      specs.append((withDoc(command.spec), target))
    } else if target == nil {
      // No document to ask: any type's command of that name, for its
      // options.
      for entry in registry.entries {
        for spec in entry.commandSpecs where spec.name == name {
          specs.append((withDoc(spec), nil))
        }
      }
    }
    return specs.flatMap { spec, handle in
      completionCandidates(for: spec, arguments: arguments, typed: typed, handle: handle)
    }
  }

  /// The document `--doc NAME` names among `arguments`, else the current.
  private func completionTarget(in arguments: [Argument]) -> (any DocumentHandle)? {
    for (index, argument) in arguments.enumerated()
    where argument.isPlain && argument.text == "--doc" && index + 1 < arguments.count {
      return state.documents[arguments[index + 1].text]
    }
    return state.currentName.flatMap { state.documents[$0] }
  }

  /// The words that may follow `arguments` of the command `spec`
  /// describes, sorting them as ``ParsedArguments`` does.
  private func completionCandidates(
    for spec: CommandSpec, arguments: [Argument], typed: String, handle: (any DocumentHandle)?
  ) -> [CompletionCandidate] {
    var optionsEnded = spec.takesOptionsAsWords
    var given: Set<String> = []
    var positionals: [Argument] = []
    var pending: CommandSpec.Parameter?
    func named(_ word: String, dashes: Bool) -> CommandSpec.Parameter? {
      spec.parameters.first {
        switch $0 {
        case .flag(let name), .option(let name, _): dashes && "--" + name == word
        case .keyword(let name, _): !dashes && name == word
        case .required, .optional, .rest: false
        }
      }
    }
    for argument in arguments {
      if pending != nil {
        pending = nil
        continue
      }
      if argument.isPlain, !optionsEnded, argument.text == "--" {
        optionsEnded = true
        continue
      }
      if argument.isPlain, !optionsEnded,
        let parameter = named(argument.text, dashes: argument.text.hasPrefix("--"))
      {
        given.insert(argument.text)
        if case .flag = parameter {} else { pending = parameter }
        continue
      }
      positionals.append(argument)
    }
    if let pending {
      return candidates(
        of: spec.argumentKind(of: pending), spec: spec, typed: typed, handle: handle)
    }
    var candidates: [CompletionCandidate] = []
    if typed.hasPrefix("-"), !optionsEnded {
      for parameter in spec.parameters {
        switch parameter {
        case .flag(let name), .option(let name, _):
          if !given.contains("--" + name) { candidates.append(CompletionCandidate("--" + name)) }
        default: break
        }
      }
      return candidates
    }
    let slots = spec.positionals
    let index = positionals.count
    let slot: CommandSpec.Parameter? =
      index < slots.count
      ? slots[index] : slots.last.flatMap { if case .rest = $0 { $0 } else { nil } }
    if let commandIndex = slots.firstIndex(where: { spec.argumentKind(of: $0) == .commandLine }),
      positionals.count > commandIndex
    {
      // Past the name of the command it runs: that command's arguments.
      return completionCandidates(after: Array(positionals[commandIndex...]), typed: typed)
    }
    if let slot {
      let kind = spec.argumentKind(of: slot)
      candidates += self.candidates(
        of: dependentKind(spec.name, positionals) ?? kind, spec: spec, typed: typed,
        handle: handle, placeholder: slot)
    }
    // Keywords (`as NAME`, `to PATH`) once the required words are given.
    let required = slots.filter { if case .required = $0 { true } else { false } }.count
    if !optionsEnded, positionals.count >= required, !typed.isEmpty {
      for case .keyword(let word, _) in spec.parameters where !given.contains(word) {
        candidates.append(CompletionCandidate(word))
      }
    }
    return candidates
  }

  /// The kind of an argument that depends on the one before it: `expect
  /// file PATH`, `set bail on|off`.
  private func dependentKind(_ command: String, _ positionals: [Argument]) -> ArgumentKind? {
    guard positionals.count == 1 else { return nil }
    switch (command, positionals[0].text) {
    case ("expect", "file"), ("expect", "sha256"): return .path
    case ("set", let name): return Setting(rawValue: name).map { .choice($0.completions) }
    default: return nil
    }
  }

  /// The words an argument of `kind` may be.
  private func candidates(
    of kind: ArgumentKind, spec: CommandSpec, typed: String, handle: (any DocumentHandle)?,
    placeholder: CommandSpec.Parameter? = nil
  ) -> [CompletionCandidate] {
    switch kind {
    case .text:
      // A type's own command: its free text is the type's to complete.
      guard handle != nil else { return [] }
      return candidates(
        of: .documentDefined, spec: spec, typed: typed, handle: handle, placeholder: placeholder)
    case .path: return pathCandidates(typed)
    case .documentName: return state.documents.keys.map { CompletionCandidate($0) }
    case .snapshotName: return state.snapshotOrder.map { CompletionCandidate($0) }
    case .autosaveName:
      return ((try? leftAutosaves()) ?? []).map { CompletionCandidate($0.lastPathComponent) }
    case .typeName:
      return
        (registry.typeNames
        + registry.entries.flatMap { $0.writableContentTypes.map(\.identifier) })
        .map { CompletionCandidate($0) }
    case .contentType:
      // A UTI, or a type's short name (`--type jsonc`).
      return
        (registry.typeNames
        + registry.entries.flatMap {
          ($0.readableContentTypes + $0.writableContentTypes + $0.typeNames.map(\.contentType))
            .map(\.identifier)
        }).map { CompletionCandidate($0) }
    case .commandName, .commandLine: return allCommandNames.map { CompletionCandidate($0) }
    case .choice(let words): return words.map { CompletionCandidate($0) }
    case .documentDefined:
      guard let handle, let placeholder else { return [] }
      let name: String
      switch placeholder {
      case .required(let word), .optional(let word), .rest(let word): name = word
      case .option(_, let value), .keyword(_, let value): name = value
      case .flag(let word): name = word
      }
      return handle.completions(forArgument: name, prefix: typed)
    }
  }

  /// What Tab offers when the whole of `text` is a path typed as it is,
  /// not a command: the line of a question that asks for a file, such as
  /// the export dialog's `export to:`. Files and folders relative to the
  /// working folder, folders with a trailing `/`; nothing is escaped, and
  /// no match is final, since a blank after it would be part of the path.
  package func pathCompletions(for text: String) -> Completion {
    let matches =
      pathCandidates(text)
      .sorted { Array($0.value.utf8).lexicographicallyPrecedes(Array($1.value.utf8)) }
      .map { Completion.Match(value: $0.value, replacement: $0.value, isFinal: false) }
    return Completion(range: 0..<text.utf8.count, matches: matches)
  }

  /// Files and folders whose path starts with `typed`, relative to the
  /// working folder; folders end in `/` and go on. Hidden names only when
  /// `typed`'s last component starts with a dot.
  func pathCandidates(_ typed: String) -> [CompletionCandidate] {
    let slash = typed.lastIndex(of: "/")
    let folderText = slash.map { String(typed[...$0]) } ?? ""
    let namePrefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let folder = resolver.url(for: folderText.isEmpty ? "." : folderText)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return []
    }
    return names.compactMap { name in
      guard name.hasPrefix(namePrefix), namePrefix.hasPrefix(".") || !name.hasPrefix(".") else {
        return nil
      }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
      return isDirectory.boolValue
        ? CompletionCandidate(folderText + name + "/", isFinal: false)
        : CompletionCandidate(folderText + name)
    }
  }
}
