package import ScenarioLanguage
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP exchanges recorded once from the network (`use MODEL http=record:FILE`) and answered
/// from the file afterwards (`http=replay:FILE`), offline and on virtual time.
///
/// The file is JSON with sorted keys, one exchange after another, so a re-recording shows as a
/// readable diff. Headers that carry secrets are written as `<redacted>`.
package final class Cassette: Sendable {
  struct Exchange: Codable, Sendable, Equatable {
    struct Request: Codable, Sendable, Equatable {
      var method: String
      var url: String
      var headers: [String: String]
      var body: String?
    }
    struct Response: Codable, Sendable, Equatable {
      var status: Int?
      var headers: [String: String]?
      var body: String?
      /// Set instead of a body that is not UTF-8.
      var bodyBase64: String?
      /// A transport error's URLError code instead of a response.
      var error: Int?
    }
    var request: Request
    var response: Response
  }

  private struct File: Codable {
    var exchanges: [Exchange]
  }

  /// Headers whose values are secrets, in any case.
  static let secretHeaders: Set<String> = ["authorization", "cookie", "set-cookie", "proxy-authorization", "x-api-key", "x-auth-token"]

  let path: String
  private let files: any FileAccess
  private let state: Mutex<(exchanges: [Exchange], used: Set<Int>)>

  /// A cassette to record into (`path` is written after each exchange) or to replay from, read
  /// and written through `files`.
  package init(path: String, recording: Bool, files: any FileAccess) throws(ScenarioError) {
    self.path = path
    self.files = files
    if recording {
      state = Mutex(([], []))
      return
    }
    let data: Data
    do throws(FileFailure) {
      data = try files.contents(atPath: path)
    } catch .missing {
      throw ScenarioError(.noCassette(path: path))
    } catch {
      throw ScenarioError(.couldNot("read the cassette \(path)", because: error.reason))
    }
    do {
      state = Mutex((try JSONDecoder().decode(File.self, from: data).exchanges, []))
    } catch {
      throw ScenarioError(.notACassette(path: path, problem: "\(error)"))
    }
  }

  /// Writes `exchange` and its answer, secrets redacted.
  func append(_ exchange: HTTPExchange, _ answer: HTTPAnswer) {
    var response = Exchange.Response()
    switch answer.result {
    case .failure(let code): response.error = code.rawValue
    case .response(let status, let headers, let body):
      response.status = status
      response.headers = Self.redacted(headers)
      if let text = String(data: body, encoding: .utf8) { response.body = text } else { response.bodyBase64 = body.base64EncodedString() }
    }
    let request = Exchange.Request(
      method: exchange.method, url: exchange.url.absoluteString, headers: Self.redacted(exchange.headers),
      body: exchange.body.isEmpty ? nil : String(decoding: exchange.body, as: UTF8.self))
    let all = state.guarded { state -> [Exchange] in
      state.exchanges.append(Exchange(request: request, response: response))
      return state.exchanges
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    if let data = try? encoder.encode(File(exchanges: all)) {
      try? files.write(data + Data("\n".utf8), toPath: path)
    }
  }

  /// The recorded answer to `exchange`: the first unused recording with its method and URL,
  /// or an error naming the nearest recorded request.
  func answer(for exchange: HTTPExchange) -> Result<HTTPAnswer, ScenarioError> {
    let url = exchange.url.absoluteString
    let found = state.guarded { state -> Exchange? in
      guard let index = state.exchanges.indices.first(where: {
        !state.used.contains($0) && state.exchanges[$0].request.method == exchange.method && state.exchanges[$0].request.url == url
      }) else { return nil }
      state.used.insert(index)
      return state.exchanges[index]
    }
    guard let found else {
      let recorded = state.guarded { $0.exchanges.map { "\($0.request.method) \($0.request.url)" } }
      let wanted = "\(exchange.method) \(url)"
      let nearest = recorded.min { Suggestion.editDistance($0, wanted) < Suggestion.editDistance($1, wanted) }
      return .failure(ScenarioError(.notInCassette(path: path, request: wanted, nearest: nearest)))
    }
    if let code = found.response.error { return .success(HTTPAnswer(result: .failure(URLError.Code(rawValue: code) ?? .unknown))) }
    let body = found.response.bodyBase64.flatMap { Data(base64Encoded: $0) } ?? Data((found.response.body ?? "").utf8)
    return .success(
      HTTPAnswer(result: .response(status: found.response.status ?? 200, headers: found.response.headers ?? [:], body: body)))
  }

  static func redacted(_ headers: [String: String]) -> [String: String] {
    headers.reduce(into: [:]) { $0[$1.key] = secretHeaders.contains($1.key.lowercased()) ? "<redacted>" : $1.value }
  }
}
