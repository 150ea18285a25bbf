import Foundation

/// The process's type declarations: the system's, then those registered
/// with ``UTType/register(_:)``, in order.
///
/// The system's are looked up in place in ``SystemTypeTable`` (binary
/// searches over the table's bytes); the program's are dictionary
/// lookups. Each type's supertypes are computed once, by walking only its
/// own ancestors, and cached until the next registration.
///
/// The tables are built on first use, not at start-up: a program that
/// never looks a type up (`docrepl run` of a script that opens nothing)
/// never pays for them. Declarations the built-in modules make as they
/// start (``declareLazily(source:_:)``) wait, in order, until then too.
final class UTTypeRegistry: Sendable {
  static let shared = UTTypeRegistry()

  private struct State {
    /// Whether the system declarations and ``pending`` are in the tables.
    var isBuilt = false
    /// The system declarations, once built.
    var system: SystemTypeTable?
    /// The batches declared with ``declareLazily(_:source:)`` before the
    /// first use, as one step that registers them in order. (One closure
    /// rather than an array of batches: a new generic type costs its
    /// metadata at start-up, which is what this defers.)
    var pending: (@Sendable (inout State) -> Void)?
    /// The program's declarations by lowercased identifier.
    var declarations: [String: UTTypeDeclaration] = [:]
    /// The program's canonical identifiers by tag class and normalized
    /// tag, in order.
    var identifiersByTag: [UTTagClass: [String: [String]]] = [:]
    /// Transitive supertypes (lowercased), by lowercased identifier.
    var supertypeCache: [String: Set<String>] = [:]
    /// Where each of the program's declarations came from, for conflict
    /// messages.
    var sources: [String: String] = [:]

    /// The declaration of `identifier`, the system's or the program's.
    func declaration(for identifier: String) -> UTTypeDeclaration? {
      if let system, let line = system.line(forIdentifier: identifier) {
        return system.declaration(at: line)
      }
      return declarations[identifier.lowercased()]
    }

    /// The direct parents of the type with lowercased identifier `key`,
    /// lowercased.
    func parents(of key: String) -> [String] {
      if let system, let line = system.line(forIdentifier: key) {
        return system.parents(at: line).map { $0.lowercased() }
      }
      return declarations[key]?.conformsTo.map { $0.lowercased() } ?? []
    }

    /// Where the declaration of `identifier` came from.
    func source(of identifier: String) -> String? {
      if let system, system.line(forIdentifier: identifier) != nil {
        return "the system declarations"
      }
      return sources[identifier.lowercased()]
    }
  }

  private let state = Locked(State())

  private init() {}

  /// Registers the declarations `make` returns as ``register(_:source:)``
  /// would, ignoring a refusal as `try?` would, but only when the
  /// registry is first used: every use, a registration included, first
  /// applies the batches waiting, in the order they were declared, so no
  /// use can tell the difference. `make` runs then, so that even the
  /// declarations are not built at start-up.
  package func declareLazily(
    source: String, _ make: @escaping @Sendable () -> [UTTypeDeclaration]
  ) {
    state.withLock { state in
      if state.isBuilt {
        try? Self.register(make(), source: source, into: &state)
      } else {
        let earlier = state.pending
        state.pending = { state in
          earlier?(&state)
          try? Self.register(make(), source: source, into: &state)
        }
      }
    }
  }

  /// Builds the tables on first use: the system declarations, then the
  /// batches waiting.
  private static func build(_ state: inout State) {
    guard !state.isBuilt else { return }
    state.isBuilt = true
    state.system = UTType.systemTypes
    let pending = state.pending
    state.pending = nil
    pending?(&state)
  }

  func declaration(for identifier: String) -> UTTypeDeclaration? {
    state.withLock { state in
      Self.build(&state)
      return state.declaration(for: identifier)
    }
  }

  /// Declared types claiming `tag`, first declared first.
  func identifiers(forTag tag: String, tagClass: UTTagClass) -> [String] {
    state.withLock { state in
      Self.build(&state)
      let system =
        state.system.map { system in
          system.lines(forTag: tag, tagClass: tagClass).map(system.identifier(at:))
        } ?? []
      return system + (state.identifiersByTag[tagClass]?[tag] ?? [])
    }
  }

  /// The transitive supertypes (lowercased) of the declared type
  /// `identifier`, cached until the next registration.
  func supertypes(of identifier: String) -> Set<String> {
    state.withLock { state in
      Self.build(&state)
      return Self.supertypes(of: identifier.lowercased(), in: &state)
    }
  }

  /// Every identifier `parents` conform to, the parents included, lowercased.
  func closure(ofParents parents: [String]) -> Set<String> {
    state.withLock { state in
      Self.build(&state)
      var result: Set<String> = []
      for parent in parents {
        let key = parent.lowercased()
        result.insert(key)
        result.formUnion(Self.supertypes(of: key, in: &state))
      }
      return result
    }
  }

  /// Registers `declarations` all together, or none of them.
  func register(_ declarations: [UTTypeDeclaration], source: String) throws(UTTypeDeclarationError)
  {
    try state.withLock { (state: inout State) throws(UTTypeDeclarationError) in
      Self.build(&state)
      try Self.register(declarations, source: source, into: &state)
    }
  }

  private static func register(
    _ declarations: [UTTypeDeclaration], source: String, into state: inout State
  ) throws(UTTypeDeclarationError) {
    var staged = state
    var seen: [String: UTTypeDeclaration] = [:]
    for declaration in declarations {
      try Self.validate(declaration, source: source)
      let key = declaration.identifier.lowercased()
      if let earlier = seen[key], !earlier.declaresSameType(as: declaration) {
        throw UTTypeDeclarationError(
          .conflictingDeclaration, identifier: declaration.identifier, source: source,
          message: "declared twice, differently, in the same batch")
      }
      seen[key] = declaration
      if let existing = staged.declaration(for: key) {
        if existing.declaresSameType(as: declaration) || declaration.kind == .imported {
          continue
        }
        throw UTTypeDeclarationError(
          .conflictingDeclaration, identifier: declaration.identifier, source: source,
          message: "conflicts with the declaration from \(staged.source(of: key) ?? "elsewhere") "
            + "(conforms to \(existing.conformsTo), tags \(Self.describe(existing.normalizedTags))) "
            + "(this one: conforms to \(declaration.conformsTo), "
            + "tags \(Self.describe(declaration.normalizedTags)))")
      }
      Self.insert(declaration, source: source, into: &staged)
    }
    for declaration in declarations {
      let key = declaration.identifier.lowercased()
      if Self.supertypes(of: key, in: &staged).contains(key) {
        throw UTTypeDeclarationError(
          .circularConformance, identifier: declaration.identifier, source: source,
          message: "would conform to itself through \(declaration.conformsTo)")
      }
    }
    state = staged
  }

  private static func insert(
    _ declaration: UTTypeDeclaration, source: String, into state: inout State
  ) {
    let key = declaration.identifier.lowercased()
    state.declarations[key] = declaration
    state.sources[key] = source
    for (tagClass, tags) in declaration.normalizedTags {
      for tag in tags
      where !(state.identifiersByTag[tagClass]?[tag]?.contains(declaration.identifier) ?? false) {
        state.identifiersByTag[tagClass, default: [:]][tag, default: []].append(
          declaration.identifier)
      }
    }
    state.supertypeCache = [:]
  }

  /// The transitive supertypes of `key`, walking only its ancestors.
  private static func supertypes(of key: String, in state: inout State) -> Set<String> {
    if let cached = state.supertypeCache[key] { return cached }
    var result: Set<String> = []
    var pending = state.parents(of: key)
    while let next = pending.popLast() {
      guard result.insert(next).inserted, next != key else { continue }
      if let cached = state.supertypeCache[next] {
        result.formUnion(cached)
      } else {
        pending += state.parents(of: next)
      }
    }
    state.supertypeCache[key] = result
    return result
  }

  /// Checks `declarations` as registering them would, one by one, without
  /// registering them: for the fuzzer, which must not fill the process's
  /// registry.
  static func validateEach(
    _ declarations: [UTTypeDeclaration], source: String
  ) throws(UTTypeDeclarationError) {
    for declaration in declarations { try validate(declaration, source: source) }
  }

  private static func validate(
    _ declaration: UTTypeDeclaration, source: String
  ) throws(UTTypeDeclarationError) {
    for identifier in [declaration.identifier] + declaration.conformsTo {
      guard UTType.isValidIdentifier(identifier), !identifier.lowercased().hasPrefix("dyn.") else {
        throw UTTypeDeclarationError(
          .invalidIdentifier, identifier: declaration.identifier, source: source,
          message: "'\(identifier)' is not a valid type identifier "
            + "(letters, digits, '.' and '-', not starting with 'dyn.')")
      }
    }
    for (tagClass, tags) in declaration.tags {
      for tag in tags where tagClass.normalized(tag) == nil {
        throw UTTypeDeclarationError(
          .invalidTag, identifier: declaration.identifier, source: source,
          message:
            "'\(tag)' is not a valid \(tagClass == .mimeType ? "MIME type" : tagClass == .filenameExtension ? "filename extension (no leading dot)" : "tag")"
        )
      }
    }
  }

  private static func describe(_ tags: [UTTagClass: [String]]) -> String {
    tags.isEmpty
      ? "none"
      : tags.sorted { $0.key.rawValue < $1.key.rawValue }
        .map { "\($0.key.rawValue)=\($0.value.joined(separator: ","))" }.joined(separator: " ")
  }
}
