import Testing

@testable import ScenarioLanguage

/// "Did you mean" distances: ASCII words compared as bytes, others as characters.
@Suite("Suggestions for mistyped words")
struct SuggestionTests {
  @Test(
    "edit distances, an adjacent swap counting as one edit",
    arguments: [
      ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("refresh", "refresh", 0), ("refesh", "refresh", 1),
      ("rfeersh", "refresh", 2), ("ab", "ba", 1), ("Europe/Pari", "Europe/Paris", 1), ("Europe/Pari", "europe/paris", 3), ("kitten", "sitting", 3),
    ])
  func distances(lhs: String, rhs: String, expected: Int) {
    #expect(Suggestion.editDistance(lhs, rhs) == expected)
    #expect(Suggestion.editDistance(rhs, lhs) == expected)
  }

  @Test("outside ASCII, characters: canonically equal spellings are at distance 0, a grapheme is one edit")
  func characters() {
    #expect(Suggestion.editDistance("caf\u{E9}", "cafe\u{301}") == 0)
    #expect(Suggestion.editDistance("caf\u{E9}s", "cafes") == 1)
    #expect(Suggestion.editDistance("Zürich", "Zurich") == 1)
  }

  @Test("the nearest time zone to a typo, among every known one")
  func nearestTimeZone() {
    let zones = ["America/New_York", "Asia/Tokyo", "Europe/London", "Europe/Paris", "Europe/Prague"]
    #expect(Suggestion.nearest(to: "Europe/Pari", in: zones) == "Europe/Paris")
    #expect(Suggestion.nearest(to: "Mars/Olympus", in: zones) == nil)
  }
}
