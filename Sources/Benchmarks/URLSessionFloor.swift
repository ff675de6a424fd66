import Foundation
import Processes

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What URLSession itself costs, with no simulation in the process: a request answered at once by
/// a `URLProtocol` (its completion handler waited for), and a session made from `.ephemeral` (as
/// the search example makes one per `use`). The HTTP pair cannot come out cheaper than the
/// scripted dependency plus these, whatever vmrepl does around them; `vmrepl-bench --http-pair`
/// prints them beside the pair, measured in a child process started with `--urlsession-floor`
/// before `Simulation.install()`.
func urlSessionFloor(requests: Int) -> String {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.protocolClasses = [ImmediateAnswer.self]
  let session = URLSession(configuration: configuration)
  let url = URL(string: "https://api.github.com/search/repositories?q=swift")!
  func request() {
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: url) { _, _, _ in done.signal() }.resume()
    done.wait()
  }
  for _ in 0..<50 { request() }  // URLSession's first requests, out of the figure
  let perRequest = measure { for _ in 0..<requests { request() } } / Double(requests)
  let sessions = 200
  let perSession = measure {
    for _ in 0..<sessions {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.protocolClasses = [ImmediateAnswer.self]
      _ = URLSession(configuration: configuration)
    }
  } / Double(sessions)
  return "URLSession alone, no simulation in the process: \(rounded(perRequest * 1000)) ms a request answered at once by a URLProtocol, "
    + "\(rounded(perSession * 1000)) ms a session made from .ephemeral"
}

/// The floor's line, from a child process of this benchmark (one with no simulation installed).
func urlSessionFloorFromChild() -> String {
  let result = runChild(CurrentExecutable.path, ["--urlsession-floor"], input: nil)
  let line = result.output.split(separator: "\n").last { $0.hasPrefix("URLSession alone") }
  return line.map(String.init) ?? "URLSession alone: the child process failed (status \(result.status))"
}

/// Answers every request at once with an empty JSON object and status 500.
private final class ImmediateAnswer: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    guard let url = request.url,
      let response = HTTPURLResponse(url: url, statusCode: 500, httpVersion: "HTTP/1.1", headerFields: [:])
    else { return }
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: Data("{}".utf8))
    client?.urlProtocolDidFinishLoading(self)
  }

  override func stopLoading() {}
}
