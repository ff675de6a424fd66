public import Foundation
public import Scenario
import Synchronization

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// HTTP answered by the scenario: each request is pending until `respond search ...` (or a
/// `stub`) says what the server returns. The answer goes through the same status handling and
/// JSON decoding as a real response.
public struct ScriptedTransport: DataTransport {
  /// What a scripted server sends back.
  public enum Reply: Sendable {
    case response(status: Int, body: Data)
    case failure(URLError.Code)
  }

  private let server: ScriptedDependency<Reply>

  /// A transport answered through the scripted dependency `server`.
  public init(server: ScriptedDependency<Reply>) {
    self.server = server
  }

  /// The outcomes `respond search` and `stub search` take.
  public static let outcomes: [Outcome] = [
    Outcome("ok", [Parameter("count", .int, default: .int(3))], "200 with COUNT repositories named after the word"),
    Outcome("status", [Parameter("code", .int, default: .int(503))], "an HTTP status with an empty JSON body"),
    Outcome(
      "error", [Parameter("kind", .oneOf(["offline", "timeout"]), default: .word("offline"))],
      "no response: the network fails"),
  ]

  /// Turns an outcome into a reply; `word` names the repositories of `ok`.
  public static func reply(_ answer: ScriptedDependency<Reply>.Answer) -> Result<Reply, any Error> {
    switch answer.name {
    case "ok":
      return .success(.response(status: 200, body: searchBody(count: answer.arguments.int("count"))))
    case "status":
      return .success(.response(status: answer.arguments.int("code"), body: Data("{}".utf8)))
    default:
      return .success(.failure(answer.arguments.string("kind") == "timeout" ? .timedOut : .notConnectedToInternet))
    }
  }

  /// A GitHub-shaped search body with `count` repositories.
  static func searchBody(count: Int) -> Data {
    let items = (0..<max(0, count)).map { index in
      """
      {"id":\(index + 1),"name":"repo-\(index + 1)","html_url":"https://github.com/example/repo-\(index + 1)",\
      "description":"repository \(index + 1)","stargazers_count":\((count - index) * 100)}
      """
    }
    return Data("{\"total_count\":\(count),\"items\":[\(items.joined(separator: ","))]}".utf8)
  }

  public func dataTask(
    with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> any DataTask {
    ScriptedDataTask(server: server, request: request, completion: completionHandler)
  }
}

/// One scripted request: `resume()` sends it, `cancel()` cancels it as URLSession would, with
/// `URLError(.cancelled)`.
final class ScriptedDataTask: DataTask {
  private let server: ScriptedDependency<ScriptedTransport.Reply>
  private let request: URLRequest
  private let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  private let task = Mutex<Task<Void, Never>?>(nil)

  init(
    server: ScriptedDependency<ScriptedTransport.Reply>, request: URLRequest,
    completion: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) {
    self.server = server
    self.request = request
    self.completion = completion
  }

  func resume() {
    let server = self.server
    let request = self.request
    let completion = self.completion
    let url = request.url!
    let description = "\(request.httpMethod ?? "GET") \(url.path)\(url.query.map { "?" + $0 } ?? "")"
    task.withLock {
      $0 = Task {
        do {
          switch try await server.request(description) {
          case .response(let status, let body):
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
            completion(body, response, nil)
          case .failure(let code):
            completion(nil, nil, URLError(code))
          }
        } catch {
          completion(nil, nil, URLError(.cancelled))
        }
      }
    }
  }

  func cancel() {
    task.withLock { $0 }?.cancel()
  }
}
