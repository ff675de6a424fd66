public import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// The article's web API layer (seed 004): a legacy callback API, kept as it is, with an async
/// method added on top.
public enum WebAPI {
  /// How a search can fail, with the article's messages.
  public enum Failure: Error, LocalizedError, Equatable {
    case rateLimit
    case unprocessable
    case serviceUnavailable
    /// HTTP 304. The article traps here (`fatalError`); this port fails the search instead.
    case notModified
    case unknown

    public var errorDescription: String? {
      switch self {
      case .rateLimit: return "API rate limit exceeded."
      case .unprocessable: return "Validation Error"
      case .serviceUnavailable: return "Service Unavailable"
      case .notModified: return "Not Modified: no body to show (the article traps on 304)"
      case .unknown: return "unknown error"
      }
    }
  }

  /// Runs requests through a transport (URLSession, or the REPL's scripted one).
  public final class Session: Sendable {
    private let transport: any DataTransport
    private let task = Mutex<(any DataTask)?>(nil)

    /// A session whose requests go through `transport`.
    public init(transport: any DataTransport) {
      self.transport = transport
    }

    /// The async method the article adds: cancelling the calling task cancels the request.
    public func perform(_ request: GitHubRepositorySearchRequest) async throws -> GitHubRepositorySearchResponse {
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          perform(request: request) {
            continuation.resume(with: $0)
          }
        }
      } onCancel: {
        cancel()
      }
    }

    /// The legacy callback API, as the article keeps it: one request at a time, the previous
    /// one cancelled.
    public func perform(
      request: GitHubRepositorySearchRequest,
      completion: @escaping @Sendable (Result<GitHubRepositorySearchResponse, any Error>) -> Void
    ) {
      cancel()
      let task = transport.dataTask(with: request.createURLRequest()) { data, response, error in
        guard error == nil else {
          completion(.failure(error!))
          return
        }
        guard let data, let response = response as? HTTPURLResponse else {
          completion(.failure(Failure.unknown))
          return
        }
        guard response.statusCode != 304 else {
          completion(.failure(Failure.notModified))
          return
        }
        guard response.statusCode == 200 else {
          completion(.failure(request.error(for: response.statusCode) ?? Failure.unknown))
          return
        }
        do {
          completion(.success(try JSONDecoder().decode(GitHubRepositorySearchResponse.self, from: data)))
        } catch {
          completion(.failure(error))
        }
      }
      self.task.withLock { $0 = task }
      task.resume()
    }

    /// Cancels the request in flight, if any.
    public func cancel() {
      task.withLock { $0 }?.cancel()
    }
  }
}

extension WebAPI {
  /// `GET /search/repositories?q=WORD` against a host (GitHub's by default).
  public struct GitHubRepositorySearchRequest: Sendable {
    public let host: URL
    public let word: String
    private let path = "/search/repositories"
    private let method = "GET"

    /// A search for `word`.
    public init(word: String, host: URL = URL(string: "https://api.github.com")!) {
      self.word = word
      self.host = host
    }

    /// The URL request the transport sends.
    public func createURLRequest() -> URLRequest {
      var components = URLComponents(url: host, resolvingAgainstBaseURL: false)!
      components.path = path
      components.queryItems = [URLQueryItem(name: "q", value: word)]
      var request = URLRequest(url: components.url!)
      request.httpMethod = method
      return request
    }

    /// The failure a status code means; nil for one the article does not name.
    public func error(for statusCode: Int) -> Failure? {
      switch statusCode {
      case 403: return .rateLimit
      case 422: return .unprocessable
      case 503: return .serviceUnavailable
      default: return nil
      }
    }
  }

  /// The part of GitHub's search response the screen uses.
  public struct GitHubRepositorySearchResponse: Decodable, Sendable {
    /// Missing for some queries (an empty word), hence optional.
    public let items: [GitHubRepositoryEntity]?
  }

  /// One repository.
  public struct GitHubRepositoryEntity: Decodable, Identifiable, Sendable, Equatable {
    public let id: Int
    public let name: String
    public let htmlURL: URL
    public let description: String?
    public let stargazersCount: Int?

    enum CodingKeys: String, CodingKey {
      case id
      case name
      case htmlURL = "html_url"
      case description
      case stargazersCount = "stargazers_count"
    }
  }
}

/// What `WebAPI.Session` needs of `URLSession`: a data task with a completion handler.
public protocol DataTransport: Sendable {
  /// A task for `request` that calls `completionHandler` once, when it ends.
  func dataTask(
    with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> any DataTask
}

/// A request that can be started and cancelled, as `URLSessionDataTask` can.
public protocol DataTask: Sendable {
  func resume()
  func cancel()
}
