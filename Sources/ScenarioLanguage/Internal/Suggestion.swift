/// The candidate nearest to a mistyped word, for "did you mean" hints.
package enum Suggestion {
  /// The closest candidate by edit distance, if it is close enough to be a plausible typo.
  package static func nearest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (distance: Int, candidate: String)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if best == nil || distance < best!.distance { best = (distance, candidate) }
    }
    guard let best else { return nil }
    let allowed = max(2, word.count / 3)
    if best.distance <= allowed { return best.candidate }
    // A word that starts a candidate is a typo of it too ("refreshX" for "refresh").
    return candidates.first { lowered.hasPrefix($0.lowercased()) || $0.lowercased().hasPrefix(lowered) }
  }

  /// `"; did you mean `x`?"` or an empty string.
  package static func hint(for word: String, in candidates: [String]) -> String {
    ScenarioError.Reason.didYouMean(nearest(to: word, in: candidates))
  }

  /// The error for a word that names nothing known: "unknown KIND `WORD`", the nearest candidate,
  /// then `listedAs`'s list of every candidate, or `otherwise` when nothing is near, and `suffix`.
  package static func unknown(
    _ kind: String, _ word: String, among candidates: [String], listedAs plural: String? = nil,
    suffix: String = "", otherwise: String = "", column: Int?
  ) -> ScenarioError {
    ScenarioError(
      .unknown(
        kind: kind, word: word, nearest: nearest(to: word, in: candidates), listedAs: plural.map { .init(plural: $0, all: candidates) },
        suffix: suffix, otherwise: otherwise),
      column: column)
  }

  /// Levenshtein distance, counting an adjacent swap as one edit.
  package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    // Candidates are mostly ASCII names (actions, time zones): compared as bytes, a time zone's
    // suggestion among some 600 costs a fifteenth of comparing `Character`s. Elsewhere,
    // characters, so that canonically equal spellings count as equal.
    if lhs.utf8.allSatisfy({ $0 < 0x80 }) && rhs.utf8.allSatisfy({ $0 < 0x80 }) {
      return distance(Array(lhs.utf8), Array(rhs.utf8))
    }
    return distance(Array(lhs), Array(rhs))
  }

  private static func distance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
