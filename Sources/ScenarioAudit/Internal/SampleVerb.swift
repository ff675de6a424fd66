import Foundation

/// The verb a write's path ends in, and the flag of the answer it sets: a server answers
/// `POST /api/v1/statuses/1/favourite` with the post `favourited: true`, `.../unfavourite` with
/// it false, `.../reblog` with `reblogged`, `.../follow` with `following`. Without it every flag
/// of a sample is true, and a favourite undone answers favourited, which no server does: a stale
/// answer winning (a favourite tapped twice) then shows nothing a state can tell.
struct SampleVerb: Equatable, Sendable {
  /// The verb's stem, lowercased, its last `e` dropped (`favourit`, `reblog`, `mut`).
  var stem: String
  /// Whether the verb sets the flag (`favourite`) or clears it (`unfavourite`).
  var on: Bool

  /// The verb of `request` (`POST https://host/api/v1/statuses/1/unfavourite`): its last path
  /// word, `un` taken off as a flag cleared; nil for a read, a word of fewer than three letters,
  /// or one that is a number.
  init?(of request: String) {
    guard ResponseTypes.isWrite(request),
      let url = URL(string: request.split(separator: " ").dropFirst().first.map(String.init) ?? ""),
      var word = url.path.split(separator: "/").last.map({ $0.lowercased() }), Int(word) == nil
    else { return nil }
    on = true
    if word.hasPrefix("un"), word.count > 4 {
      word.removeFirst(2)
      on = false
    }
    if word.hasSuffix("e") { word.removeLast() }
    guard word.count >= 3, word.allSatisfy(\.isLetter) else { return nil }
    stem = word
  }

  /// The flag's value where `path`'s key is the verb's participle (`favourited`, `isFavourited`,
  /// `following`); nil for any other key, and for one about another party (`followed_by`).
  func flag(at path: [String]) -> Bool? {
    guard let key = path.last(where: { Int($0) == nil }) else { return nil }
    var lower = key.lowercased().replacingOccurrences(of: "_", with: "")
    if lower.hasPrefix("is") { lower.removeFirst(2) }
    guard lower.hasPrefix(stem), lower.count > stem.count, !lower.hasSuffix("by") else { return nil }
    return on
  }
}
