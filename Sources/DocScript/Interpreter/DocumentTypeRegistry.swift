public import DocKit
import Foundation

/// The document types a script can create and open, and how.
///
///     let registry = DocumentTypeRegistry()
///     registry.register(.scripted(PlainTextDocument.self), kind: .fileDocument)
///     registry.register(.scripted(BinaryDocument.self), kind: .reference)
///     registry.register(.unscripted { Recipe() }, kind: .fileDocument)
///
/// `new NAME` finds a type by short name or by UTI; `open PATH` by the
/// file's type, in registration order, so register the most specific
/// types first and catch-alls (such as a reader of any `public.data`) last.
@MainActor
public final class DocumentTypeRegistry {
  struct Entry {
    var typeNames: [ScriptTypeName]
    var readableContentTypes: [UTType]
    var writableContentTypes: [UTType]
    var makeNew: @MainActor (UTType, SessionEnvironment) throws -> any DocumentHandle
    var open: @MainActor (URL, UTType?, SessionEnvironment) async throws -> any DocumentHandle
    var commandSpecs: [CommandSpec]
  }

  private(set) var entries: [Entry] = []

  /// Every registered type's command names: what each command's lookup
  /// asks (``Interpreter/isCommandName(_:)``), kept as types register so
  /// that a lookup costs one hash whatever the number of types.
  private(set) var commandNames: Set<String> = []

  /// The registrations refused, in order: each type one of whose commands
  /// has a built-in command's name (see ``CommandSpec/extendsBuiltin``).
  /// `docrepl` reports them before anything runs.
  public private(set) var refusedRegistrations: [CommandNameCollision] = []

  /// Throws the first refused registration, if any: for a host that
  /// builds its registry itself.
  public func checkRegistrations() throws(CommandNameCollision) {
    if let refused = refusedRegistrations.first { throw refused }
  }

  /// The names a type's command may not take: the built-in commands',
  /// `let` and `group`; and the built-ins a type's command may extend by
  /// declaring it (the ones that say which arguments are their own).
  static let builtinUsages: [String: String] = Dictionary(
    uniqueKeysWithValues: Interpreter.builtinCommands.map { ($0.spec.name, $0.spec.usage) }
      + [("let", "let NAME = VALUE"), ("group", "group { … }")])
  static let extensibleBuiltins: Set<String> = ["set"]

  /// The collision `commands` of the type named `typeName` would make, if
  /// any.
  static func collision(typeName: String, commands: [CommandSpec]) -> CommandNameCollision? {
    for command in commands {
      guard let usage = builtinUsages[command.name] else { continue }
      if command.extendsBuiltin && extensibleBuiltins.contains(command.name) { continue }
      return CommandNameCollision(
        typeName: typeName, command: command.name, builtinUsage: usage,
        declaredExtension: command.extendsBuiltin)
    }
    return nil
  }

  /// An empty registry.
  public init() {}

  /// Registers a document type: how it is hosted (`kind`: `.fileDocument`,
  /// `.reference` or `.document(_:)`) and how scripts see it
  /// (`scripting`: `.scripted(Type.self)` for a type that adopts
  /// ``ScriptableDocument``'s protocols, `.unscripted(name:newDocument:)`
  /// for any other). The one way to register a type.
  ///
  /// A type one of whose commands has a built-in command's name is not
  /// registered: see ``refusedRegistrations``.
  public func register<Document>(
    _ scripting: DocumentScripting<Document>, kind: DocumentKind<Document>
  ) {
    scripting.register(self, kind)
  }

  /// Adds an entry whose sessions `kind` makes and opens: the one path
  /// every registration takes, whatever the type's kind. The content types
  /// are the kind's: finding them with a dynamic cast would scan every
  /// conformance in the program, at every start.
  func add<Document>(
    kind: DocumentKind<Document>, typeNames: [ScriptTypeName], commands: [CommandSpec],
    makeUntitled: @escaping @MainActor (UTType) throws -> Document,
    handle: @escaping @MainActor (DocumentSession<Document>) -> any DocumentHandle
  ) {
    let typeName = typeNames.first?.name ?? String(describing: Document.self)
    if let collision = Self.collision(typeName: typeName, commands: commands) {
      refusedRegistrations.append(collision)
      return
    }
    entries.append(
      Entry(
        typeNames: typeNames, readableContentTypes: kind.readableContentTypes,
        writableContentTypes: kind.writableContentTypes,
        makeNew: { contentType, environment in
          handle(
            DocumentSession(
              new: try makeUntitled(contentType), kind: kind, contentType: contentType,
              environment: environment))
        },
        open: { url, contentType, environment in
          handle(
            try await DocumentSession.open(
              url, kind: kind, contentType: contentType, environment: environment))
        },
        commandSpecs: commands))
    commandNames.formUnion(commands.map(\.name))
  }

  /// Every short name, sorted.
  public var typeNames: [String] { entries.flatMap { $0.typeNames.map(\.name) }.sorted() }

  /// Every UTI the registered types read or write, and their supertypes:
  /// what "did you mean" offers for a misspelt type.
  var typeIdentifiers: Set<String> {
    var identifiers: Set<String> = []
    for entry in entries {
      for type in entry.readableContentTypes + entry.writableContentTypes
        + entry.typeNames.map(\.contentType)
      {
        identifiers.insert(type.identifier)
        identifiers.formUnion(type.supertypes.map(\.identifier))
      }
    }
    return identifiers
  }

  /// The entry and content type for `new NAME`: a short name, or a UTI one
  /// of the types writes.
  func entry(forNew name: String) -> (Entry, UTType)? {
    for entry in entries {
      if let match = entry.typeNames.first(where: { $0.name == name }) {
        return (entry, match.contentType)
      }
    }
    guard let type = UTType(name) else { return nil }
    // The type that names this UTI, or writes it exactly, before one that
    // writes a type conforming to it: `new public.json` is a JSON
    // document even when a package type that conforms to JSON is
    // registered first.
    if let entry = entries.first(where: { $0.typeNames.contains { $0.contentType == type } })
      ?? entries.first(where: { $0.writableContentTypes.contains(type) })
      ?? entries.first(where: { $0.writableContentTypes.contains(where: type.conforms(to:)) })
    {
      return (entry, type)
    }
    return nil
  }

  /// The content type a registered type's well-known file names give
  /// `url` (``ScriptTypeName/filenames``: `tsconfig.json` is JSON with
  /// comments), nil if none does.
  func contentType(forWellKnownName url: URL) -> UTType? {
    for entry in entries {
      if let match = entry.typeNames.first(where: { $0.matchesFilename(of: url) }) {
        return match.contentType
      }
    }
    return nil
  }

  /// The content type of the short name `name` (`jsonc`), if a type has
  /// it.
  func contentType(named name: String) -> UTType? {
    for entry in entries {
      if let match = entry.typeNames.first(where: { $0.name == name }) { return match.contentType }
    }
    return nil
  }

  /// The entry that reads `type` most specifically: the one whose
  /// matching readable type is `type` itself, else the most specific
  /// (the one with the most supertypes), so that a catch-all reader of
  /// `public.data` never takes a file another type declares. Ties go to
  /// the first registered.
  func entry(reading type: UTType) -> Entry? {
    var best: (entry: Entry, specificity: Int)?
    for entry in entries {
      for readable in entry.readableContentTypes where type.conforms(to: readable) {
        let specificity = readable == type ? Int.max : readable.supertypes.count
        if best.map({ specificity > $0.specificity }) ?? true { best = (entry, specificity) }
      }
    }
    return best?.entry
  }
}
