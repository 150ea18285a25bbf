import DocKit

/// Picks the next step of a `docrepl check` sequence from the state the
/// session is in: the type's own commands most of the time, with
/// arguments made from their specs (valid often enough to reach deep
/// states, invalid sometimes), and undo, redo, snapshot, restore, save,
/// revert, close and reopen.
///
/// Everything it picks comes from a ``CheckRandom`` and from lists in a
/// fixed order (command names sorted), never from hashing order, so a seed
/// gives the same sequence on every machine.
@MainActor
struct CheckGenerator {
  var random: CheckRandom
  let plan: CheckPlan

  init(seed: UInt64, plan: CheckPlan) {
    random = CheckRandom(seed: seed)
    self.plan = plan
  }

  /// Free text: short and empty strings, Unicode (precomposed and
  /// decomposed, outside the BMP), line breaks of both kinds, quotes,
  /// and a long line.
  static let texts = [
    "", "a", "b", "x y", "Lisbon", "é", "e\u{301}", "日本", "😀", "a\r\nb", "\n", "line\n",
    "\r\n", "tab\there", "\"q\"", "-", "$x", "a\\b", " ", String(repeating: "z", count: 300),
  ]

  /// Numbers, mostly small and in range of a small document, some not.
  static let numbers = ["1", "1", "1", "2", "2", "3", "4", "5", "0", "-1", "100", "x"]

  /// The next step.
  mutating func next(in session: CheckSession) -> CheckStep {
    guard let handle = session.handle else {
      return session.hasFile
        ? CheckStep(.reopen, [.literal("open"), .literal(Word.quoted(plan.fileName))])
        : plan.setup[0]
    }
    let roll = random.below(100)
    switch roll {
    case 0..<10: return CheckStep(.undo, "undo")
    case 10..<16: return CheckStep(.redo, "redo")
    case 16..<20:
      let name = snapshotName()
      return CheckStep(.snapshot(name), [.literal("snapshot"), .literal(name)])
    case 20..<24:
      let names = session.snapshotNames
      let name = names.isEmpty || random.chance(10) ? snapshotName() : random.pick(names)
      return CheckStep(.restore(name), [.literal("restore"), .literal(name)])
    case 24..<32:
      return handle.session.isUntitled
        ? CheckStep(.save, [.literal("save"), .literal(Word.quoted(plan.fileName))])
        : CheckStep(.save, "save")
    case 32..<35: return CheckStep(.revert, "revert")
    case 35..<38: return CheckStep(.close, "close --discard")
    default:
      return edit(handle, in: session) ?? CheckStep(.undo, "undo")
    }
  }

  /// One of three snapshot names, so that restores find them.
  private mutating func snapshotName() -> String { "s\(random.below(3) + 1)" }

  /// One of the type's commands, with arguments. Those the sequence has
  /// seen succeed without changing the document (queries) are picked one
  /// time in five, so that a type with many queries still gets edited.
  private mutating func edit(_ handle: any CheckableHandle, in session: CheckSession) -> CheckStep?
  {
    var names = handle.commands.keys.sorted()
    let edits = names.filter { session.effects[$0]?.isQuery != true }
    if !edits.isEmpty, edits.count < names.count, !random.chance(20) { names = edits }
    guard !names.isEmpty, let command = handle.commands[random.pick(names)] else { return nil }
    let spec = command.spec
    var words: [CheckStep.Part] = [.literal(spec.name)]
    var positionalsOpen = true
    for parameter in spec.parameters {
      switch parameter {
      case .required(let name):
        words.append(.value(value(for: parameter, named: name, spec: spec, handle: handle)))
      case .optional(let name):
        guard positionalsOpen, random.chance(60) else {
          positionalsOpen = false
          continue
        }
        words.append(.value(value(for: parameter, named: name, spec: spec, handle: handle)))
      case .rest(let name):
        guard positionalsOpen else { continue }
        for _ in 0..<random.below(3) {
          words.append(.value(value(for: parameter, named: name, spec: spec, handle: handle)))
        }
      case .flag(let name):
        if random.chance(25) { words.append(.literal("--" + name)) }
      case .option(let name, let valueName):
        guard name != "doc", random.chance(15) else { continue }
        words.append(.literal("--" + name))
        words.append(.value(value(for: parameter, named: valueName, spec: spec, handle: handle)))
      case .keyword(let keyword, let valueName):
        guard random.chance(15) else { continue }
        words.append(.literal(keyword))
        words.append(.value(value(for: parameter, named: valueName, spec: spec, handle: handle)))
      }
    }
    return CheckStep(.edit, words)
  }

  /// A value for the parameter named `name`: the type's own values
  /// (``ScriptableDocument/scriptCheckValues(forArgument:command:session:)``)
  /// most of the time, else what its kind and name suggest, with
  /// something invalid now and then.
  private mutating func value(
    for parameter: CommandSpec.Parameter, named name: String, spec: CommandSpec,
    handle: any CheckableHandle
  ) -> String {
    let own = handle.checkValues(forArgument: name, command: spec.name)
    if !own.isEmpty, random.chance(85) { return random.pick(own) }
    switch spec.argumentKind(of: parameter) {
    case .choice(let words):
      return random.chance(90) ? random.pick(words) : random.pick(Self.texts)
    case .path, .documentName:
      return random.pick([plan.fileName, "missing-" + plan.fileName, ""])
    case .snapshotName:
      return "s\(random.below(3) + 1)"
    default:
      break
    }
    let offered = handle.completions(forArgument: name, prefix: "").map(\.value)
    if !offered.isEmpty, random.chance(60) { return random.pick(offered) }
    if Self.isNumeric(name) {
      if name.contains(","), random.chance(30) {
        return random.pick(Self.numbers) + "," + random.pick(Self.numbers)
      }
      return random.pick(Self.numbers)
    }
    return random.pick(Self.texts)
  }

  /// Whether a parameter's name says it takes a number: `N`, `N[,M]`,
  /// `INDEX`, `OFFSET`, `LENGTH`, `COUNT`, `LINE`.
  static func isNumeric(_ name: String) -> Bool {
    let words = name.split(whereSeparator: { !$0.isLetter }).map(String.init)
    return words.contains { ["N", "M", "INDEX", "OFFSET", "LENGTH", "COUNT", "LINE"].contains($0) }
  }
}
