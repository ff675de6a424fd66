import Observation

/// The notes screen: a list that loads on appear, a search field that waits for typing to pause,
/// and a delete that removes the row at once and puts it back if the server refuses.
@MainActor
@Observable
public final class NotesViewModel {
  /// Everything the screen can ask for.
  public enum Action: Decodable, Sendable {
    case load
    case search(query: String)
    case delete(id: Int)
  }

  public private(set) var notes: [Note] = []
  public private(set) var query = ""
  public private(set) var isLoading = false
  public private(set) var errorMessage: String?

  @ObservationIgnored private let api: any NotesAPI
  @ObservationIgnored private var loading: Task<Void, Never>?

  public init(api: any NotesAPI) {
    self.api = api
  }

  /// Handles `action`; the task it hands back is the work it started, for callers that await it.
  @discardableResult
  public func send(_ action: Action) -> Task<Void, Never>? {
    switch action {
    case .load:
      return load(after: .zero)
    case .search(let query):
      self.query = query
      // Typing a letter restarts the wait, so only the last query of a burst reaches the server.
      return load(after: .milliseconds(300))
    case .delete(let id):
      guard let index = notes.firstIndex(where: { $0.id == id }) else { return nil }
      let removed = notes.remove(at: index)
      return Task {
        do {
          try await api.delete(id: id)
        } catch {
          notes.insert(removed, at: min(index, notes.count))
          errorMessage = "Could not delete “\(removed.title)”: \(error)"
        }
      }
    }
  }

  private func load(after pause: Duration) -> Task<Void, Never> {
    loading?.cancel()
    let query = self.query
    let task = Task {
      do {
        if pause > .zero { try await Task.sleep(for: pause) }
        isLoading = true
        defer { isLoading = false }
        notes = try await api.notes(matching: query)
        errorMessage = nil
      } catch is CancellationError {
        // A newer load replaced this one; it shows its own result.
      } catch {
        errorMessage = "Could not load notes: \(error)"
      }
    }
    loading = task
    return task
  }
}
