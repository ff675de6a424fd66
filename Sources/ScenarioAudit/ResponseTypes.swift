import Foundation
public import Scenario

/// The app's `Decodable` types that answers to its requests are made from: `audit` answers a
/// request with a body that decodes into the type the code that made it decodes (its
/// `ResponseRoute`), or else the type the request's path names (`GET /articles`: a list of
/// `Article`; `GET /articles/7`: one `Article`; `GET /search`: `SearchResponse`).
///
/// `vmrepl adopt` lists the app's types and routes (read with swift-syntax); a hand-written
/// REPL passes its own to `VMReplCommandLine.main(models:responses:routes:)`.
public struct ResponseTypes: Sendable {
  let types: [(name: String, type: any Decodable.Type)]
  let routes: [ResponseRoute]

  /// The types, each under its Swift name, and the routes from code to them.
  public init(_ types: [any Decodable.Type], routes: [ResponseRoute] = []) {
    self.types = types.map { (String(describing: $0), $0) }
    self.routes = routes
  }

  /// Where the type of an answer came from, for `audit --explain`.
  enum Source: Equatable {
    case code(String)
    case call(String, helper: String)
    case path(String)
    case word(String)
    /// A route named `type` (what `function` decodes), but no sample of it could be made.
    case unsampled(String, type: String)
    case none

    /// How `audit --explain` says it.
    var text: String {
      switch self {
      case .code(let function): return "what `\(function)` decodes"
      case .call(let function, let helper): return "what `\(function)` decodes `\(helper)`'s answer into"
      case .path(let path): return "what the code that spells `\(path)` decodes"
      case .word(let word): return "the type the path word `\(word)` names"
      case .unsampled(let function, let type):
        return "no type of the app: `\(function)` decodes it into `\(type)`, but audit cannot make a value of it (a member of an enum of raw values, say)"
      case .none: return "no type of the app: neither the code that set it going, a path literal nor a path word names one"
      }
    }
  }

  /// The body of a successful answer to `request` (`GET https://host/articles?q=a`), set going
  /// by `site` (`NewsAPI.comments(articleID:completion:) at F:34`): JSON that decodes into the
  /// type the code decodes, with `count` elements in each list (0: the empty answer).
  func body(for request: String, site: String? = nil, callers: [String] = [], count: Int) -> String {
    answer(for: request, site: site, callers: callers, count: count).body
  }

  /// The text an answer's strings echo for `request` (`GET https://host/articles?q=a`): its last
  /// query value, else its last path word that is not a number, else `a`. A write on a
  /// resource by its id (`POST /api/v1/polls/17/votes`) echoes the resource's word (`polls`):
  /// a server answers it with the resource, as a fetch of it (`GET /api/v1/polls/17`) does.
  static func echo(of request: String) -> String {
    if isWrite(request), let (segments, index) = idSegment(of: request),
      let word = segments[..<index].last(where: { !$0.isEmpty && Int($0) == nil })
    {
      return word.removingPercentEncoding ?? word
    }
    let url = URL(string: request.split(separator: " ").dropFirst().first.map(String.init) ?? "")
    let query = url?.query?.split(separator: "&").compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) } ?? []
    let named = (url?.path ?? "").split(separator: "/").map { String($0) }.filter { Int($0) == nil && !$0.isEmpty }
    return (query.last ?? named.last ?? "a").removingPercentEncoding ?? "a"
  }

  /// The body and where its type came from: the route of the function that set the request
  /// going or of a function it returns into (`callers`, innermost first: a generic helper's
  /// caller's call, or a wrapper that decodes), else the route whose path literal matches
  /// most, else a word of the path. With no type at all: `[]` for a word in the plural, `{}`
  /// otherwise. `variant` above 1 makes the strings `echo-N`: a route out at the same time as
  /// another whose echo is the same (`/authors/1/posts` beside `/authors/2/posts`), so that a
  /// state can tell their answers apart. `version` above 0 makes them `echo vN+1`: the resource
  /// as that many writes to it left it (a poll fetched after a vote on it, and the vote's own
  /// answer, are `polls v2`; one fetched before the vote, `polls`).
  func answer(
    for request: String, site: String?, callers: [String] = [], count: Int, variant: Int = 1, version: Int = 0, boundary: Bool = false
  ) -> (body: String, source: Source) {
    let url = URL(string: request.split(separator: " ").dropFirst().first.map(String.init) ?? "")
    let words = (url?.path ?? "").split(separator: "/").map { String($0) }
    let named = words.filter { Int($0) == nil && !$0.isEmpty }
    let echo = Self.echo(of: request) + (variant > 1 ? "-\(variant)" : "") + (version > 0 ? " v\(version + 1)" : "")
    let asked = Self.askedID(of: request)
    let verb = SampleVerb(of: request)
    let frames = (site.map { [$0] } ?? []) + callers
    // The first route found whose type audit could not sample, said if nothing else answers.
    var unsampled: ResponseRoute?
    for (index, frame) in frames.enumerated() {
      if let route = callRoute(at: frame, inner: frames.prefix(index)) {
        if let json = Self.sample(route.type, echo: echo, count: count, list: false, dates: route.dates, boundary: boundary, asked: asked, verb: verb) {
          return (json, .call(route.function, helper: route.calling ?? ""))
        }
        unsampled = unsampled ?? route
      }
      if let route = routes.filter({ $0.calling == nil && frame.contains($0.function) }).max(by: { $0.function.count < $1.function.count }) {
        if let json = Self.sample(route.type, echo: echo, count: count, list: false, dates: route.dates, boundary: boundary, asked: asked, verb: verb) {
          return (json, .code(route.function))
        }
        unsampled = unsampled ?? route
      }
    }
    let target = (url?.path ?? "") + (url?.query.map { "?" + $0 } ?? "")
    var best: (route: ResponseRoute, path: String, score: Int)?
    for route in routes {
      for path in route.paths {
        guard let score = Self.score(of: path, against: target), score > (best?.score ?? 0) else { continue }
        best = (route, path, score)
      }
    }
    if let best, let json = Self.sample(best.route.type, echo: echo, count: count, list: false, dates: best.route.dates, boundary: boundary, asked: asked, verb: verb) {
      return (json, .path(best.path))
    }
    // The last word that names a type decides; an id after it asks for one element.
    for (index, word) in words.enumerated().reversed() where Int(word) == nil {
      let wantsOne = index + 1 < words.count || Self.singular(word) == word.lowercased()
      for (name, type) in types where Self.matches(word: word, typeName: name) {
        let isWrapper = Self.stem(name) != name.lowercased()
        guard let json = Self.sample(type, echo: echo, count: count, list: !wantsOne && !isWrapper, boundary: boundary, asked: asked, verb: verb) else { continue }
        return (json, .word(word))
      }
    }
    let none = unsampled.map { Source.unsampled($0.function, type: String(describing: $0.type)) } ?? .none
    guard let last = named.last else { return ("{}", none) }
    return (Self.singular(last) == last.lowercased() ? "{}" : "[]", none)
  }

  /// The route of the generic helper call that `frame` (`TimelineViewModel.load() at F:20, line 24`)
  /// returns from, when a frame inside it (`inner`) is that helper's: the one on the frame's
  /// line, or the only type its calls of the helper decode into when no line is known.
  func callRoute(at frame: String, inner: ArraySlice<String>) -> ResponseRoute? {
    let helpers = Set(inner.map(Self.baseName))
    let candidates = routes.filter { route in
      guard let calling = route.calling, helpers.contains(calling) else { return false }
      return frame.contains(route.function)
    }
    guard !candidates.isEmpty else { return nil }
    if let line = Self.line(of: frame) {
      // The resume point after an `await` is the call's line, or the next one.
      return candidates.first { route in route.lines.map { ($0.lowerBound...$0.upperBound + 1).contains(line) } ?? false }
    }
    let types = Set(candidates.map { String(describing: $0.type) })
    return types.count == 1 ? candidates[0] : nil
  }

  /// The name of the function a frame is in, without its owner or labels: `get` of
  /// `APIClient.get(_:query:) at F:3`, of `closure #1 in APIClient.get(_:)`.
  static func baseName(_ frame: String) -> String {
    var name = Substring(frame)
    if let row = name.range(of: ", line ", options: .backwards) { name = name[..<row.lowerBound] }
    if let at = name.range(of: " at ") { name = name[..<at.lowerBound] }
    if let inner = name.range(of: " in ", options: .backwards) { name = name[inner.upperBound...] }
    if let open = name.firstIndex(of: "(") { name = name[..<open] }
    if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
    return String(name)
  }

  /// The line of the call a frame resumes after (`... at Sources/F.swift:20, line 24`), if known.
  static func line(of frame: String) -> Int? {
    guard let row = frame.range(of: ", line ", options: .backwards) else { return nil }
    return Int(frame[row.upperBound...])
  }

  /// How much of `target` (`/api/search?q=a`) the literal parts of `pattern` (`*/search?q=*`)
  /// spell, in order, or nil when they do not: a pattern's end meets the target's end, its
  /// query or (after a `*`) anything.
  static func score(of pattern: String, against target: String) -> Int? {
    let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
    var rest = Substring(target)
    var score = 0
    // The first part may start anywhere: a base URL in a property comes before it.
    for part in parts where !part.isEmpty {
      guard let range = rest.range(of: part) else { return nil }
      rest = rest[range.upperBound...]
      score += part.count
    }
    // `*/*` spells no word of a path.
    guard pattern.contains(where: \.isLetter) else { return nil }
    if !pattern.hasSuffix("*"), let first = rest.first, first != "?" { return nil }
    return score
  }

  /// The id `request` asks for (`GET /api/v1/polls/17`, `POST /api/v1/polls/17/votes`: `17`):
  /// its last path segment that is a number, a UUID, or empty between two slashes (an id the
  /// app had not yet, `/polls//votes`); nil when none is. The object an answer is about has
  /// that id (a server answers a poll's fetch and its vote with that poll), not the echo of a
  /// path word: one after another, a fetch would otherwise ask again by the echo its last
  /// answer gave (`/api/v1/polls/votes`) and differ from quick taps by that alone.
  static func askedID(of request: String) -> String? {
    guard let (segments, index) = idSegment(of: request) else { return nil }
    return segments[index].removingPercentEncoding ?? segments[index]
  }

  /// The resource `request` reads or writes: its path up to the id it asks for
  /// (`/api/v1/polls/17` for a fetch of the poll and for a vote on it), else its whole path
  /// (`/api/todos` for the list and for adding to it). Answers to one resource reflect the
  /// writes to it sent before them (`ProbeRunner`'s versions). The path is the server's: the
  /// same path on another host is another resource (IceCubesApp's account switch asks each
  /// account's server for `/api/v1/accounts/verify_credentials`, and each answers its own user).
  static func resource(of request: String) -> String {
    let path = idSegment(of: request).map { "/" + $0.0[...$0.1].joined(separator: "/") } ?? path(of: request)
    return host(of: request) + path
  }

  /// The host `request` goes to, with its port (`b.social:8443`), empty for an address without one.
  static func host(of request: String) -> String {
    let address = request.split(separator: " ").dropFirst().first.map(String.init) ?? ""
    guard let url = URL(string: address) else { return "" }
    return (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
  }

  /// Whether `request` changes what its server holds: its method is not GET, HEAD or OPTIONS.
  static func isWrite(_ request: String) -> Bool {
    let method = request.split(separator: " ").first.map { $0.uppercased() } ?? "GET"
    return !["GET", "HEAD", "OPTIONS"].contains(method)
  }

  /// The path of `request` as written, empty segments kept (`URL.path` drops a trailing slash).
  private static func path(of request: String) -> String {
    let address = request.split(separator: " ").dropFirst().first.map(String.init) ?? ""
    guard let scheme = address.range(of: "://") else { return String(address.prefix { $0 != "?" }) }
    let afterHost = address[scheme.upperBound...].drop { $0 != "/" }
    return String(afterHost.prefix { $0 != "?" && $0 != "#" })
  }

  /// The path's segments (after the leading slash) and which of them is the id asked for.
  private static func idSegment(of request: String) -> ([String], Int)? {
    let segments = path(of: request).split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    for (index, segment) in segments.enumerated().reversed() {
      let decoded = segment.removingPercentEncoding ?? segment
      if Int(decoded) != nil || UUID(uuidString: decoded) != nil { return (segments, index) }
      // An empty segment is an id only after a word: `/polls//votes`, `/polls/`.
      if decoded.isEmpty, index > 0, !segments[index - 1].isEmpty, Int(segments[index - 1]) == nil { return (segments, index) }
    }
    return nil
  }

  private static func sample(
    _ type: any Decodable.Type, echo: String, count: Int, list: Bool, dates: String? = nil, boundary: Bool = false, asked: String? = nil,
    verb: SampleVerb? = nil
  ) -> String? {
    func one<T: Decodable>(_ type: T.Type) -> String? {
      list
        ? SampleBody.json(for: [T].self, echo: echo, count: max(count, 0), dates: dates, boundary: boundary)
        : SampleBody.json(for: T.self, echo: echo, count: count, dates: dates, boundary: boundary, asked: asked, verb: verb)
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
