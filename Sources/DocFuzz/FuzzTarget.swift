import DocFormats
import Foundation

/// What `scripts/fuzz` can fuzz: each target takes any bytes and checks an
/// invariant of one reader of untrusted input, trapping (which libFuzzer
/// reports as a crash) when it does not hold.
///
/// The same checks run in `swift test` over each target's corpus and
/// every crash ever found (`Tests/Fuzz/`), so a fixed crash stays fixed.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// DocScript's lexer and parser: statements and diagnostics inside the
  /// input, each diagnostic rendering.
  case parser
  /// The JSON reader: a document it accepts is written back byte for
  /// byte, and in a stable form that reads back as the same value and
  /// writes the same bytes.
  case json
  /// `FileWrapper(serializedRepresentation:)`: a tree it accepts encodes
  /// to the same bytes, which decode to the same tree.
  case serializedTree = "serialized-tree"
  /// The note-collection reader, fed a package made from the input: a
  /// collection it accepts saves as a package that reads back equal.
  case notes
  /// `UTType` declaration files: decoding gives declarations or an error
  /// that names the file, never a trap.
  case typeDeclarations = "type-declarations"
  /// The interpreter, running command sequences made from the input
  /// against the built-in types: nothing traps, and undoing everything
  /// gives back the start byte for byte.
  case interpreter
  /// The binary property list reader: what it accepts writes as a
  /// `bplist00` file that reads back as the same value, and a refusal
  /// names a byte offset in the input.
  case bplist
  /// The XML property list reader: what it accepts saves byte for byte,
  /// an edit's bytes read again to the document's value and its undo
  /// gives back the bytes, and a refusal has a line and a byte offset.
  case plistXML = "plist-xml"
  /// The old-style ASCII (OpenStep) property list reader, with the same
  /// checks.
  case plistASCII = "plist-ascii"

  /// Checks the target's invariant on `bytes`; traps when it fails.
  @MainActor
  public func check(_ bytes: [UInt8]) async {
    switch self {
    case .parser: ParserFuzzing.check(bytes)
    case .json: JSONFuzzing.check(bytes)
    case .serializedTree: SerializedTreeFuzzing.check(bytes)
    case .notes: NotesFuzzing.check(bytes)
    case .typeDeclarations: TypeDeclarationFuzzing.check(bytes)
    case .interpreter: await InterpreterFuzzing.shared.check(bytes)
    case .bplist: BinaryPropertyListFuzzing.check(bytes)
    case .plistXML: PropertyListFuzzing.check(bytes, format: PropertyListFormat.xml)
    case .plistASCII: PropertyListFuzzing.check(bytes, format: PropertyListFormat.ascii)
    }
  }

  /// Runs the check from a synchronous caller on the main thread (the
  /// libFuzzer entry point), turning the main run loop until it is done.
  public func checkBlocking(_ bytes: [UInt8]) {
    let done = DoneFlag()
    Task { @MainActor in
      await check(bytes)
      done.set()
    }
    while !done.isSet {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
    }
  }
}
