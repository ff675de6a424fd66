import Foundation
import TestSupport
import Testing

@testable import Examples

/// The search example's HTTP transport against a real server on loopback: URLSession, the
/// legacy callback API and its async bridge, with no simulation (this mode is not deterministic).
@Suite("Search over real HTTP")
struct SearchHTTPTests {
  /// Answers `q=swift` with two repositories, `q=statusNNN` with that status, holds `q=slow`.
  static func makeServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { target in
      if target.hasSuffix("q=slow") { return .hold }
      if let range = target.range(of: "q=status"), let code = Int(target[range.upperBound...]) {
        return .respond(code, "{}")
      }
      return .respond(200, String(decoding: ScriptedTransport.searchBody(count: 2), as: UTF8.self))
    }
  }

  static func search(_ word: String, on server: LoopbackHTTPServer) async throws -> WebAPI.GitHubRepositorySearchResponse {
    let session = WebAPI.Session(transport: URLSessionTransport())
    let request = WebAPI.GitHubRepositorySearchRequest(word: word, host: URL(string: "http://127.0.0.1:\(server.port)")!)
    return try await session.perform(request)
  }

  @Test("a search decodes GitHub's JSON from a real HTTP response")
  func decodes() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let response = try await Self.search("swift", on: server)
    #expect(response.items?.map(\.name) == ["repo-1", "repo-2"])
    #expect(response.items?.first?.htmlURL == URL(string: "https://github.com/example/repo-1"))
    #expect(response.items?.first?.stargazersCount == 200)
    #expect(server.log == ["request /search/repositories?q=swift", "answered /search/repositories?q=swift 200"])
  }

  @Test(
    "each status maps to the article's failure; 304 fails instead of trapping",
    arguments: [
      (403, WebAPI.Failure.rateLimit), (422, .unprocessable), (503, .serviceUnavailable), (304, .notModified),
      (500, .unknown),
    ])
  func statuses(code: Int, failure: WebAPI.Failure) async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    await #expect(throws: failure) { _ = try await Self.search("status\(code)", on: server) }
  }

  @Test("cancelling the search cancels the HTTP request: the server sees the connection dropped")
  func cancellationReachesTheServer() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let search = Task { try await Self.search("slow", on: server) }
    #expect(await server.waitFor("request /search/repositories?q=slow"))
    search.cancel()
    let outcome = await search.result
    #expect(throws: URLError.self) { try outcome.get() }
    #expect(await server.waitFor("dropped /search/repositories?q=slow"))
  }

  @Test("the view-model over HTTP: completed with items, and cancelled by a second search")
  @MainActor
  func viewModel() async throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let viewModel = SearchViewModel(
      session: WebAPI.Session(transport: URLSessionTransport()), host: URL(string: "http://127.0.0.1:\(server.port)")!)
    viewModel.word = "slow"
    viewModel.fetchRepositories()
    let first = viewModel.handler
    #expect(await server.waitFor("request /search/repositories?q=slow"))
    viewModel.word = "swift"
    viewModel.fetchRepositories()
    await first?.value
    await viewModel.handler?.value
    #expect(viewModel.status == .completed)
    #expect(viewModel.items.map(\.name) == ["repo-1", "repo-2"])
    #expect(await server.waitFor("dropped /search/repositories?q=slow"))
  }
}
