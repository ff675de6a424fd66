/// Where an app's code decodes the answer to a request, and into what: `audit` answers a
/// request that code set going with JSON of that type.
///
/// `vmrepl adopt` writes one for each function of the app that decodes an answer (read with
/// swift-syntax); a hand-written REPL passes its own to `VMReplCommandLine.main`:
///
/// ```swift
/// ResponseRoute("ProductClient.search(query:)", paths: ["*/api/search?q=*"], [Product].self)
/// ```
///
/// A generic helper (`func get<Entity: Decodable>(_ endpoint: Endpoint) async throws -> Entity`)
/// decodes what each caller asks for: a route from the caller's call names it.
///
/// ```swift
/// ResponseRoute("TimelineViewModel.load()", calling: "get", lines: 24...24, [Post].self)
/// ```
public struct ResponseRoute: Sendable {
  /// The function that sets the request going, as reports name code:
  /// `NewsAPI.comments(articleID:completion:)`.
  public var function: String
  /// The paths (and queries) its string literals spell, `*` where they interpolate:
  /// `*/api/search?q=*`.
  public var paths: [String]
  /// The type it decodes the answer into.
  public var type: any Decodable.Type
  /// How its decoder reads dates: `iso8601`, `secondsSince1970`, `millisecondsSince1970` or
  /// `format:yyyy-MM-dd`; nil for JSONDecoder's default (seconds since 2001).
  public var dates: String?
  /// For a caller's route: the generic helper it calls (`get`), whose answer is `type` there.
  public var calling: String?
  /// For a caller's route: the lines its call of the helper spans in `function`'s file.
  public var lines: ClosedRange<Int>?

  /// A route from `function`, spelling `paths`, to answers of `type`, dates read as `dates` says.
  public init(_ function: String, paths: [String] = [], _ type: any Decodable.Type, dates: String? = nil) {
    self.function = function
    self.paths = paths
    self.type = type
    self.dates = dates
  }

  /// A route from the call of the generic helper `calling` that `function` makes on `lines`,
  /// whose answer decodes into `type` there (`let page: [Post] = try await client.get(.home)`).
  public init(_ function: String, calling: String, lines: ClosedRange<Int>, _ type: any Decodable.Type, dates: String? = nil) {
    self.init(function, type, dates: dates)
    self.calling = calling
    self.lines = lines
  }
}
