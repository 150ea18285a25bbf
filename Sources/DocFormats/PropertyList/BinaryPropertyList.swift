/// Apple's binary property list format (`bplist00`), read into and written
/// from ``PropertyListValue``.
///
/// ``read(_:)`` checks every offset, count and reference against the
/// bytes before it uses them, refuses a container that contains itself,
/// containers nested more than 512 deep (as JSON is refused) and shared
/// objects that stand for more values than the file could hold without
/// sharing; hostile input gives a ``FormatError`` with code
/// ``FormatError/Code/malformedPropertyList`` and the byte offset, never
/// a crash or a hang.
///
/// What it reads as `PropertyListSerialization` does not:
/// - a set (`NSSet`, marker `0xC`) is read as an array, its elements in
///   the file's order;
/// - a dictionary keeps its entries in the file's order, including a key
///   that appears twice;
/// - an integer written in 16 bytes is `.integer` when it fits in
///   `Int64`, `.unsignedInteger` when it fits in `UInt64`, and refused
///   when it does not (CoreFoundation keeps only its low 64 bits);
/// - a UID may hold up to 64 bits (as Python's `plistlib` writes them;
///   CoreFoundation refuses one above `UInt32.max`);
/// - a null object (`0x00`, which CoreFoundation reads as `kCFNull` and
///   `plistlib` as `None`) is refused: property lists have no null.
///
/// ``write(_:)`` lays the file out as CoreFoundation's writer does: the
/// top object first, then depth first (a dictionary's keys, then its
/// values), each equal string, number, date, data or boolean written once
/// and referenced wherever it occurs (containers and UIDs are never
/// shared, as CoreFoundation compares them by identity), the
/// smallest integer, offset and reference sizes, and the trailer. Equal
/// here means of the same kind with the same bits: `1` and `1.0`, and
/// `0.0` and `-0.0`, are different objects, which CoreFoundation and
/// `plistlib` would merge into one.
public enum BinaryPropertyList {
  /// Containers nested deeper than this are refused by ``read(_:)``, as
  /// JSON nested deeper than ``JSONDocument/maximumDepth`` is.
  static let maximumDepth = 512

  /// Whether `bytes` start as a binary property list does (`bplist0`).
  public static func isBinary(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: BinaryPropertyListParser.magic)
  }

  /// The top-level value of the binary property list `bytes`.
  ///
  /// - Throws: ``FormatError/Code/malformedPropertyList``, with the byte
  ///   offset of what is wrong, for bytes that are not a binary property
  ///   list this type can hold.
  public static func read(_ bytes: [UInt8]) throws(FormatError) -> PropertyListValue {
    var parser = try BinaryPropertyListParser(bytes)
    return try parser.topValue()
  }

  /// `value` as a `bplist00` file, as CoreFoundation writes one.
  public static func write(_ value: PropertyListValue) -> [UInt8] {
    var writer = BinaryPropertyListWriter()
    return writer.write(value)
  }

  /// `value` written as ``write(_:)`` writes it, with references of at
  /// least `minimumReferenceSize` bytes, leaving room for objects an
  /// edit appends.
  static func write(_ value: PropertyListValue, minimumReferenceSize: Int) -> [UInt8] {
    var writer = BinaryPropertyListWriter()
    return writer.write(value, minimumReferenceSize: minimumReferenceSize)
  }
}
