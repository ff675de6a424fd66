import ScenarioLanguage
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a scripted HTTP request gets: a response (status, headers, body) or a transport error.
struct HTTPAnswer: Sendable, Equatable {
  enum Result: Sendable, Equatable {
    case response(status: Int, headers: [String: String], body: Data)
    case failure(URLError.Code)
  }

  var result: Result
  /// Virtual time between the answer being given and the app receiving it.
  var latency: Duration = .zero

  /// The transport errors `error=` names, as the `URLError` codes an app sees on a device.
  static let errors: [(name: String, code: URLError.Code)] = [
    ("offline", .notConnectedToInternet), ("timeout", .timedOut), ("cannotConnect", .cannotConnectToHost),
    ("cannotFindHost", .cannotFindHost), ("connectionLost", .networkConnectionLost),
    ("secureConnectionFailed", .secureConnectionFailed), ("badServerResponse", .badServerResponse),
    ("cancelled", .cancelled),
  ]

  /// The outcomes `respond http` and `stub http` take, for `describe`, completion and errors.
  static let outcomes: [Outcome] = [
    Outcome("ok", bodyParameters, "200 OK with an optional body"),
    Outcome("status", [Parameter("code", .int, default: nil, "the HTTP status")] + bodyParameters, "any status, `status=404`"),
    Outcome("error", [Parameter("kind", .oneOf(errors.map(\.name)), default: nil, "the URLError the app sees")], "a transport error, `error=offline`"),
  ]

  static let bodyParameters: [Parameter] = [
    Parameter("json", .string, default: .string(""), "a JSON body, written as JSON: json={\"id\":1}"),
    Parameter("text", .string, default: .string(""), "a text body"),
    Parameter("body", .string, default: .string(""), "a body read from a file beside the scenario: body=@fixtures/items.json"),
    Parameter("headers", .list(.string), default: .list([]), "response headers: headers=[\"ETag: 7\"]"),
  ]

  /// The answer an outcome and its bound arguments describe; `files` reads `body=@PATH`.
  static func make(
    outcome: String, arguments: Arguments, latency: Duration, column: Int, files: (String) throws(ScenarioError) -> Data
  ) throws(ScenarioError) -> HTTPAnswer {
    switch outcome {
    case "error":
      let name = arguments.string("kind")
      guard let code = errors.first(where: { $0.name == name })?.code else {
        throw ScenarioError(.unknownTransportError(name, expected: errors.map(\.name)), column: column)
      }
      return HTTPAnswer(result: .failure(code), latency: latency)
    default:
      let status = outcome == "ok" ? 200 : arguments.int("code")
      guard (100...599).contains(status) else {
        throw ScenarioError(.notAnHTTPStatus(status), column: column)
      }
      var headers: [String: String] = [:]
      var body = Data()
      let json = arguments.string("json"), text = arguments.string("text"), file = arguments.string("body")
      let given = [json, text, file].filter { !$0.isEmpty }.count
      guard given <= 1 else { throw ScenarioError(.oneBodyOnly, column: column) }
      if !json.isEmpty {
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) != nil else {
          throw ScenarioError(.invalidJSON(json), column: column)
        }
        body = Data(json.utf8)
        headers["Content-Type"] = "application/json"
      } else if !text.isEmpty {
        body = Data(text.utf8)
        headers["Content-Type"] = "text/plain; charset=utf-8"
      } else if !file.isEmpty {
        guard file.hasPrefix("@") else {
          throw ScenarioError(.bodyWithoutAt, column: column)
        }
        body = try ScenarioError.pointing(at: column) { () throws(ScenarioError) in try files(String(file.dropFirst())) }
        if file.hasSuffix(".json") { headers["Content-Type"] = "application/json" }
      }
      for line in arguments.list("headers", of: String.self) {
        guard let colon = line.firstIndex(of: ":") else {
          throw ScenarioError(.badHeader(line), column: column)
        }
        headers[String(line[..<colon]).trimmingSpaces] = String(line[line.index(after: colon)...]).trimmingSpaces
      }
      return HTTPAnswer(result: .response(status: status, headers: headers, body: body), latency: latency)
    }
  }

  /// How the transcript names it: `200, 42 bytes of JSON`, `error offline (URLError.notConnectedToInternet)`.
  var summary: String {
    switch result {
    case .failure(let code):
      let name = Self.errors.first(where: { $0.code == code })?.name ?? "\(code.rawValue)"
      return "error \(name) (URLError \(code.rawValue))"
    case .response(let status, let headers, let body):
      let kind: String
      switch headers["Content-Type"] {
      case let type? where type.hasPrefix("application/json"): kind = " of JSON"
      case let type? where type.hasPrefix("text/"): kind = " of text"
      default: kind = ""
      }
      let size = body.isEmpty ? "no body" : "\(body.count) byte\(body.count == 1 ? "" : "s")\(kind)"
      return "\(status)\(Self.reasons[status].map { " " + $0 } ?? ""), \(size)"
    }
  }

  /// Reason phrases of the statuses apps check for (Foundation's own on Linux say "no error").
  static let reasons: [Int: String] = [
    200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently", 302: "Found",
    304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    409: "Conflict", 410: "Gone", 422: "Unprocessable Content", 429: "Too Many Requests",
    500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  ]
}
