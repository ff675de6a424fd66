/// Whole-word search in Swift text: `CarPlayConfig` is in `() throws -> CarPlayConfig?`, not in
/// `CarPlayConfigTable`.
extension StringProtocol {
  /// Whether the text names `word` as a whole identifier.
  func names(_ word: String) -> Bool {
    var rest = self[...]
    while let found = rest.range(of: word) {
      let before = found.lowerBound == startIndex ? nil : self[index(before: found.lowerBound)]
      let after = found.upperBound == endIndex ? nil : self[found.upperBound]
      let isPart = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if !isPart(before), !isPart(after) { return true }
      rest = self[found.upperBound...]
    }
    return false
  }
}
