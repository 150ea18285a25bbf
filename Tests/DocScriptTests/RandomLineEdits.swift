import DocKit

/// Random line edits for the diff property tests: `count` times, an insert
/// of a line from `alphabet` (always, when `lines` is empty), a removal or
/// a replacement, each a third of the time. A replacement is
/// `replacement`, or a line from `alphabet` when it is nil.
func randomlyEdited(
  _ lines: [String], count: Int, alphabet: [String], replacement: String? = nil,
  using random: inout SplitMix64
) -> [String] {
  var edited = lines
  for _ in 0..<count {
    let roll = Int.random(in: 0..<3, using: &random)
    if roll == 0 || edited.isEmpty {
      edited.insert(
        alphabet.randomElement(using: &random) ?? "a",
        at: Int.random(in: 0...edited.count, using: &random))
    } else if roll == 1 {
      edited.remove(at: Int.random(in: 0..<edited.count, using: &random))
    } else {
      edited[Int.random(in: 0..<edited.count, using: &random)] =
        replacement ?? alphabet.randomElement(using: &random) ?? "z"
    }
  }
  return edited
}
