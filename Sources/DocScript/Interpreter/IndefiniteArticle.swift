/// "a" or "an" before a word, as it is said: "an itinerary", "a text",
/// "a unicode", "an md" (a name without vowels is spelled out letter by
/// letter), so that messages built from a type's name read right.
package enum IndefiniteArticle {
  /// `word` with its article: `IndefiniteArticle.before("itinerary")` is
  /// "an itinerary".
  package static func before(_ word: String) -> String {
    article(for: word) + " " + word
  }

  package static func article(for word: String) -> String {
    let lower = word.lowercased()
    guard let first = lower.first else { return "a" }
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    if !lower.contains(where: vowels.contains) {
      // Spelled out letter by letter: "an md", "an svg", "a pdf"; "an"
      // before a letter whose name starts with a vowel sound.
      return "aefhilmnorsx".contains(first) ? "an" : "a"
    }
    // Vowel letters said with a consonant sound: "a unicode", "a user",
    // "a eulogy", "a one-off".
    for prefix in ["uni", "use", "usu", "uti", "ure", "eu", "one", "once"]
    where lower.hasPrefix(prefix) {
      return "a"
    }
    return vowels.contains(first) ? "an" : "a"
  }
}
