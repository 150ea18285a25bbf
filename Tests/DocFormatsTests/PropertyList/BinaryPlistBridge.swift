import DocFormats
import DocKit
import DocTestSupport
import Foundation

/// What the binary property list tests share with Python's `plistlib`
/// (and, through it, `plistutil`): a value form both sides write and
/// read exactly, the Python program, and a seeded generator of values.
///
/// The form is JSON of tagged arrays, with numbers as text so that no
/// JSON reader rounds them: `["s", text]`, `["i", decimal]` (signed),
/// `["u", decimal]` (above `Int64.max`), `["r", bits]` and `["d", bits]`
/// (a real's and a date's 64 bits in hex), `["b", "1"|"0"]`,
/// `["x", hex]` (data), `["U", decimal]` (UID), `["a", [node...]]` and
/// `["D", [[key, node]...]]` (entries in order).
enum BinaryPlistBridge {
  static let python = URL(fileURLWithPath: "/usr/bin/python3")
  static let plistutilPath = ["/usr/bin/plistutil", "/usr/local/bin/plistutil"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static var hasPlistutil: Bool { plistutilPath != nil }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  // MARK: The tagged form

  static func tagged(_ value: PropertyListValue) -> Any {
    switch value {
    case .string(let text): ["s", text]
    case .integer(let number): ["i", String(number)]
    case .unsignedInteger(let number):
      number <= UInt64(Int64.max) ? ["i", String(number)] : ["u", String(number)]
    case .real(let number): ["r", hex(number.bitPattern)]
    case .date(let seconds): ["d", hex(seconds.bitPattern)]
    case .boolean(let flag): ["b", flag ? "1" : "0"]
    case .data(let bytes): ["x", bytes.map { String(format: "%02x", $0) }.joined()]
    case .uid(let number): ["U", String(number)]
    case .array(let items): ["a", items.map(tagged)] as [Any]
    case .dictionary(let entries):
      ["D", entries.map { [$0.key, tagged($0.value)] as [Any] }] as [Any]
    }
  }

  static func value(_ node: Any) throws -> PropertyListValue {
    guard let pair = node as? [Any], pair.count == 2, let tag = pair[0] as? String else {
      throw Failure(description: "not a tagged node: \(node)")
    }
    let text = pair[1] as? String
    func number<T: FixedWidthInteger>(_: T.Type, radix: Int = 10) throws -> T {
      guard let text, let number = T(text, radix: radix) else {
        throw Failure(description: "not a number: \(node)")
      }
      return number
    }
    switch tag {
    case "s":
      guard let text else { throw Failure(description: "not a string: \(node)") }
      return .string(text)
    case "i": return .integer(try number(Int64.self))
    case "u": return .unsignedInteger(try number(UInt64.self))
    case "r": return .real(Double(bitPattern: try number(UInt64.self, radix: 16)))
    case "d": return .date(Double(bitPattern: try number(UInt64.self, radix: 16)))
    case "b": return .boolean(text == "1")
    case "U": return .uid(try number(UInt64.self))
    case "x":
      guard let text else { throw Failure(description: "not data: \(node)") }
      let digits = Array(text.utf8)
      return .data(
        try stride(from: 0, to: digits.count, by: 2).map { (start: Int) throws -> UInt8 in
          guard
            let byte = UInt8(
              String(decoding: digits[start..<(start + 2)], as: UTF8.self), radix: 16)
          else { throw Failure(description: "bad hex: \(text)") }
          return byte
        })
    case "a":
      guard let items = pair[1] as? [Any] else {
        throw Failure(description: "not an array: \(node)")
      }
      return .array(try items.map(value))
    case "D":
      guard let items = pair[1] as? [Any] else { throw Failure(description: "not a dict: \(node)") }
      return .dictionary(
        try items.map { (item: Any) throws -> PropertyListEntry in
          guard let entry = item as? [Any], entry.count == 2, let key = entry[0] as? String else {
            throw Failure(description: "not an entry: \(item)")
          }
          return PropertyListEntry(key: key, value: try value(entry[1]))
        })
    default: throw Failure(description: "unknown tag: \(node)")
    }
  }

  static func hex(_ bits: UInt64) -> String {
    let digits = String(bits, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func json(_ values: [PropertyListValue]) throws -> Data {
    try JSONSerialization.data(withJSONObject: values.map(tagged))
  }

  static func values(fromJSON text: String) throws -> [PropertyListValue] {
    guard let list = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else {
      throw Failure(description: "not a JSON array: \(text.prefix(200))")
    }
    return try list.map(value)
  }

  // MARK: Python

  /// Runs the Python program in `mode` with `arguments`, `input` on its
  /// standard input; its standard output.
  static func run(_ mode: String, _ arguments: [String], input: Data? = nil) throws -> String {
    let result = try runProgram(
      python, ["-c", program, mode] + arguments, input: input ?? Data(),
      environment: ["PLISTUTIL": plistutilPath ?? ""])
    guard result.status == 0 else {
      throw Failure(description: "python3 \(mode) failed (\(result.status)): \(result.errors)")
    }
    return result.output
  }

  /// The program: `generate SEED COUNT DIR` writes COUNT random values
  /// with plistlib as binary to DIR/N.bplist and prints what plistlib
  /// reads back from each, tagged; `read DIR COUNT [xml]` prints what
  /// plistlib reads from DIR/N.bplist, tagged, and with `$PLISTUTIL` set
  /// checks that plistutil reads the same, converting to binary (exactly)
  /// and with `xml` to XML too (to that XML's precision: dates to the
  /// second, no sign on zero), failing with the file and both values;
  /// `dump` reads tagged values on standard input and prints plistlib's
  /// binary for each (keys in the given order), in hex.
  static let program = #"""
    import datetime, json, math, os, plistlib, random, struct, subprocess, sys

    EPOCH = datetime.datetime(2001, 1, 1)

    def bits(f):
        return struct.pack('>d', f).hex()

    def tag(v):
        if isinstance(v, bool): return ["b", "1" if v else "0"]
        if isinstance(v, int):
            return ["i" if -2**63 <= v < 2**63 else "u", str(v)]
        if isinstance(v, float): return ["r", bits(v)]
        if isinstance(v, datetime.datetime): return ["d", bits((v - EPOCH).total_seconds())]
        if isinstance(v, bytes): return ["x", v.hex()]
        if isinstance(v, str): return ["s", v]
        if isinstance(v, plistlib.UID): return ["U", str(v.data)]
        if isinstance(v, list): return ["a", [tag(x) for x in v]]
        if isinstance(v, dict): return ["D", [[k, tag(x)] for k, x in v.items()]]
        raise TypeError(repr(v))

    def untag(node):
        t, x = node
        if t == "s": return x
        if t in ("i", "u"): return int(x)
        if t == "r": return struct.unpack('>d', bytes.fromhex(x))[0]
        if t == "d": return EPOCH + datetime.timedelta(seconds=struct.unpack('>d', bytes.fromhex(x))[0])
        if t == "b": return x == "1"
        if t == "x": return bytes.fromhex(x)
        if t == "U": return plistlib.UID(int(x))
        if t == "a": return [untag(y) for y in x]
        if t == "D": return {k: untag(y) for k, y in x}
        raise ValueError(t)

    KEYS = ["a", "B", "key", "CFBundleIdentifier", "é", "e\u0301", "日本語", "\U0001F600 emoji",
            "with space", "\r\n", "", "x" * 20, "\u00ff", "tab\tkey", "Ω≈ç", "\U00010348"]

    def scalar(r):
        k = r.randrange(11)
        if k == 0: return r.choice([True, False])
        if k == 1: return r.choice([0, 1, -1, 255, 256, 65535, 65536, 2**32, -2**63, 2**63 - 1,
                                    2**63, 2**64 - 1, r.randrange(-2**63, 2**64)])
        if k == 2: return r.choice([0.0, 1.5, -2.25, 1e300, -1e-300, 5e-324, math.inf, -math.inf,
                                    r.uniform(-1e6, 1e6)])
        if k == 3:
            micro = r.randrange(-4 * 10**15, 4 * 10**15)
            return EPOCH + datetime.timedelta(microseconds=micro)
        if k == 4: return bytes(r.randrange(256) for _ in range(r.choice([0, 1, 14, 15, 16, 300])))
        if k == 5: return plistlib.UID(r.choice([0, 1, 255, 256, 65536, 2**32 - 1, 2**32, 2**64 - 1]))
        if k == 6: return "".join(r.choice("abcXYZ09 ") for _ in range(r.randrange(0, 40)))
        if k == 7: return "".join(r.choice(["a", "é", "日", "\U0001F600", "\u0301", "\x00", "\u2028"])
                                  for _ in range(r.randrange(0, 20)))
        if k == 8: return r.choice(KEYS)
        return r.randrange(-1000, 1000)

    def value(r, depth):
        k = r.randrange(10)
        if depth < 4 and k < 2:
            return [value(r, depth + 1) for _ in range(r.choice([0, 1, 3, 15, 20]))]
        if depth < 4 and k < 4:
            keys = r.sample(KEYS, r.choice([0, 1, 4, 15]))
            return {key: value(r, depth + 1) for key in keys}
        return scalar(r)

    def plistutil(path, fmt):
        out = subprocess.run([os.environ["PLISTUTIL"], "-i", path, "-o", "-", "-f", fmt],
                             check=True, capture_output=True).stdout
        return plistlib.loads(out)

    def close(a, b):
        # plistutil's XML: dates to the second, reals without the sign of zero, UIDs as CF$UID.
        if isinstance(a, plistlib.UID): return b == {"CF$UID": a.data}
        if isinstance(a, datetime.datetime): return abs((a - b).total_seconds()) < 1.0001
        if isinstance(a, float):
            return isinstance(b, float) and (a == b or (math.isnan(a) and math.isnan(b)))
        if isinstance(a, list):
            return isinstance(b, list) and len(a) == len(b) and all(map(close, a, b))
        if isinstance(a, dict):
            return (isinstance(b, dict) and list(a) == list(b)
                    and all(close(a[k], b[k]) for k in a))
        return type(a) == type(b) and a == b

    mode = sys.argv[1]
    if mode == "generate":
        seed, count, folder = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        r = random.Random(seed)
        out = []
        for n in range(count):
            data = plistlib.dumps(value(r, 0), fmt=plistlib.FMT_BINARY, sort_keys=r.random() < 0.5)
            open(os.path.join(folder, "%d.bplist" % n), "wb").write(data)
            out.append(tag(plistlib.loads(data)))
        print(json.dumps(out))
    elif mode == "read":
        folder, count, xml = sys.argv[2], int(sys.argv[3]), sys.argv[4:] == ["xml"]
        out = []
        for n in range(count):
            path = os.path.join(folder, "%d.bplist" % n)
            v = plistlib.load(open(path, "rb"))
            if os.environ.get("PLISTUTIL"):
                binary = plistutil(path, "bin")
                if tag(binary) != tag(v):
                    sys.exit("%s: plistutil -f bin reads %r, plistlib %r" % (path, binary, v))
                if xml:
                    read = plistutil(path, "xml")
                    if not close(v, read):
                        sys.exit("%s: plistutil -f xml reads %r, plistlib %r" % (path, read, v))
            out.append(tag(v))
        print(json.dumps(out))
    elif mode == "dump":
        for node in json.load(sys.stdin):
            print(plistlib.dumps(untag(node), fmt=plistlib.FMT_BINARY, sort_keys=False).hex())
    """#

  // MARK: Random values

  static let keys = [
    "a", "B", "key", "CFBundleIdentifier", "é", "e\u{301}", "日本語", "\u{1F600} emoji", "with space",
    "\r\n", "", String(repeating: "x", count: 20), "Ω≈ç", "\u{10348}", "NUL\u{0}key",
  ]

  /// A random value of every kind, nested up to `depth` more levels;
  /// dictionaries have distinct keys (Python's dictionaries cannot hold
  /// two equal ones). With `forBytes`, no value whose uniquing plistlib
  /// does differently (`nan`, `-0.0`) and dates in whole microseconds.
  ///
  /// With `forXML`, only values that plistutil's XML carries: no control
  /// characters (it writes NUL as the string's end, and others raw, which
  /// XML does not allow), no carriage return (which an XML reader turns
  /// into a line feed) and no UID above `UInt32.max` (written as an empty
  /// plist).
  static func randomValue(
    _ random: inout SplitMix64, depth: Int = 4, forBytes: Bool = false, forXML: Bool = false
  ) -> PropertyListValue {
    func inner(_ random: inout SplitMix64) -> PropertyListValue {
      randomValue(&random, depth: depth - 1, forBytes: forBytes, forXML: forXML)
    }
    let keys =
      forXML ? Self.keys.filter { !$0.unicodeScalars.contains { $0.value < 0x20 } } : Self.keys
    let kind = Int.random(in: 0..<12, using: &random)
    if depth > 0, kind < 2 {
      let count = [0, 1, 3, 15, 20].randomElement(using: &random) ?? 0
      return .array((0..<count).map { _ in inner(&random) })
    }
    if depth > 0, kind < 4 {
      let count = [0, 1, 4, 15].randomElement(using: &random) ?? 0
      let chosen = keys.shuffled(using: &random).prefix(count)
      return .dictionary(
        chosen.map {
          PropertyListEntry(key: $0, value: inner(&random))
        })
    }
    switch kind {
    case 4: return .boolean(Bool.random(using: &random))
    case 5:
      let choices: [Int64] = [0, 1, -1, 255, 256, 65535, 65536, 1 << 32, .min, .max]
      return .integer(
        Bool.random(using: &random)
          ? choices.randomElement(using: &random) ?? 0
          : Int64.random(in: .min ... .max, using: &random))
    case 6:
      return .unsignedInteger(
        UInt64.random(in: (UInt64(Int64.max) + 1)...UInt64.max, using: &random))
    case 7:
      var choices: [Double] = [
        0, 1.5, -2.25, 1e300, -1e-300, .leastNonzeroMagnitude, .infinity, -.infinity, 0.1,
      ]
      if !forBytes { choices += [-0.0, .nan] }
      return .real(
        Bool.random(using: &random)
          ? choices.randomElement(using: &random) ?? 0
          : Double.random(in: -1e6...1e6, using: &random))
    case 8:
      // From 1874 to 2127, in microseconds (as plistlib's datetime holds them).
      let micro = Int64.random(in: -4_000_000_000_000_000...4_000_000_000_000_000, using: &random)
      return .date(Double(micro) / 1_000_000)
    case 9:
      let count = [0, 1, 14, 15, 16, 300].randomElement(using: &random) ?? 0
      return .data((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
    case 10:
      var choices: [UInt64] = [0, 1, 255, 256, 65536, (1 << 32) - 1]
      if !forXML { choices += [1 << 32, .max] }
      return .uid(choices.randomElement(using: &random) ?? 0)
    default:
      var pieces = ["a", "Z", " ", "é", "日", "\u{1F600}", "\u{301}", "\u{2028}", "\n", "\t", "xyz"]
      if !forXML { pieces += ["\u{0}", "\r\n", "\u{1}"] }
      let count = Int.random(in: 0..<20, using: &random)
      return .string((0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
    }
  }
}
