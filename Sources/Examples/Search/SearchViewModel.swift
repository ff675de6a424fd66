public import Foundation
public import Observation

/// The article's view-model (seed 004): a word to search for, the repositories found, and the
/// search's status; a new search cancels the one before.
@MainActor
@Observable
public final class SearchViewModel {
  /// Where the search stands, shown as the screen's title.
  public enum State: String, Sendable {
    case initialized
    case cancelled
    case failed
    case searching
    case completed
  }

  /// The text field's contents.
  public var word = ""
  public private(set) var items: [WebAPI.GitHubRepositoryEntity] = []
  public private(set) var status = State.initialized
  /// Why the last search failed; the article drops the error, the screen here shows it.
  public private(set) var errorMessage: String?

  @ObservationIgnored private let session: WebAPI.Session
  @ObservationIgnored private let host: URL
  /// The current search's task (the article's `handler`).
  @ObservationIgnored public private(set) var handler: Task<Void, Never>?

  /// A view-model whose searches go through `session` to `host`.
  public init(session: WebAPI.Session, host: URL) {
    self.session = session
    self.host = host
  }

  /// What the Search button and the text field's submit call.
  public func fetchRepositories() {
    cancel()
    status = .searching
    errorMessage = nil
    let request = WebAPI.GitHubRepositorySearchRequest(word: word, host: host)
    handler = Task {
      do {
        let response = try await session.perform(request)
        items = response.items ?? []
        status = .completed
      } catch {
        status = Task.isCancelled ? .cancelled : .failed
        if !Task.isCancelled { errorMessage = error.localizedDescription }
      }
    }
  }

  /// What the Cancel button calls.
  public func cancel() {
    handler?.cancel()
  }
}
