import Foundation

/// The app's `Decodable` types that answers to its requests are made from: `audit` answers a
/// request with a body that decodes into the type the request's path names (`GET /articles`:
/// a list of `Article`; `GET /articles/7`: one `Article`; `GET /search`: `SearchResponse`).
///
/// `vmrepl adopt` lists the app's types (read with swift-syntax); a hand-written REPL passes
/// its own to `VMReplCommandLine.main(models:responses:)`.
public struct ResponseTypes: Sendable {
  let types: [(name: String, type: any Decodable.Type)]

  /// The types, each under its Swift name.
  public init(_ types: [any Decodable.Type]) {
    self.types = types.map { (String(describing: $0), $0) }
  }

  /// The body of a successful answer to `request` (`GET https://host/articles?q=a`): JSON that
  /// decodes into the type its path names, with `count` elements in each list (0: the empty
  /// answer). Without a type it names: `[]` for a word in the plural, `{}` otherwise.
  func body(for request: String, count: Int) -> String {
    let url = URL(string: request.split(separator: " ").dropFirst().first.map(String.init) ?? "")
    let words = (url?.path ?? "").split(separator: "/").map { String($0) }
    let query = url?.query?.split(separator: "&").compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) } ?? []
    let named = words.filter { Int($0) == nil && !$0.isEmpty }
    let echo = (query.last ?? named.last ?? "a").removingPercentEncoding ?? "a"
    // The last word that names a type decides; an id after it asks for one element.
    for (index, word) in words.enumerated().reversed() where Int(word) == nil {
      let wantsOne = index + 1 < words.count || Self.singular(word) == word.lowercased()
      for (name, type) in types where Self.matches(word: word, typeName: name) {
        let isWrapper = Self.stem(name) != name.lowercased()
        guard let json = Self.sample(type, echo: echo, count: count, list: !wantsOne && !isWrapper) else { continue }
        return json
      }
    }
    guard let last = named.last else { return "{}" }
    return Self.singular(last) == last.lowercased() ? "{}" : "[]"
  }

  private static func sample(_ type: any Decodable.Type, echo: String, count: Int, list: Bool) -> String? {
    func one<T: Decodable>(_ type: T.Type) -> String? {
      list ? SampleBody.json(for: [T].self, echo: echo, count: max(count, 0)) : SampleBody.json(for: T.self, echo: echo, count: count)
    }
    return one(type)
  }

  static func matches(word: String, typeName: String) -> Bool {
    let word = word.lowercased()
    let stem = stem(typeName)
    return stem == word || stem == singular(word) || stem + "s" == word
  }

  /// A type's name without a wrapper's suffix: `ArticlesResponse` → `articles`.
  static func stem(_ name: String) -> String {
    var lower = name.lowercased()
    for suffix in ["response", "dto", "result", "results", "payload", "envelope", "model"] where lower.hasSuffix(suffix) && lower.count > suffix.count {
      lower.removeLast(suffix.count)
      break
    }
    return lower
  }

  static func singular(_ word: String) -> String {
    let lower = word.lowercased()
    if lower.hasSuffix("ies") { return String(lower.dropLast(3)) + "y" }
    if lower.hasSuffix("ses") || lower.hasSuffix("xes") { return String(lower.dropLast(2)) }
    if lower.hasSuffix("s") && !lower.hasSuffix("ss") { return String(lower.dropLast()) }
    return lower
  }
}
