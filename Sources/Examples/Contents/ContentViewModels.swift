public import Observation
import ViewModelKit

/// Strategy 1 (the article's first method): the screen's view-model subscribes to the
/// repository's change stream with `for await` and re-fetches on every signal.
@MainActor
@Observable
public final class StreamContentViewModel {
  public private(set) var contents: [ContentEntity] = []
  @ObservationIgnored private let repository: ContentRepository

  public init(repository: ContentRepository) {
    self.repository = repository
  }

  /// The screen's `.task`: load, then reload on every change until the screen goes away.
  public func observe() async {
    await fetchContents()
    for await _ in repository.dataChangedStream {
      await fetchContents()
    }
  }

  public func fetchContents() async {
    contents = (try? await repository.fetchAll()) ?? []
  }

  /// The screen's add button.
  public func insertContent(title: String) async {
    _ = try? await repository.insert(title: title)
  }
}

/// Strategy 2 (the article's second method): an `@Observable` store holds what was fetched and
/// every screen reads it, so Observation does the notifying.
@MainActor
@Observable
public final class ContentStore {
  public private(set) var contents: [ContentEntity] = []
  @ObservationIgnored private let repository: ContentRepository

  public init(repository: ContentRepository) {
    self.repository = repository
  }

  /// Fetches everything into `contents`.
  public func sync() async {
    contents = (try? await repository.fetchAll()) ?? []
  }

  /// Saves a row and, once it is saved, adds it to `contents`.
  public func insert(title: String) async throws {
    let saved = try await repository.insert(title: title)
    contents.append(saved)
  }
}

/// A screen's view-model under strategy 2: it reads the store.
@MainActor
@Observable
public final class StoreContentViewModel {
  @ObservationIgnored private let store: ContentStore

  public init(store: ContentStore) {
    self.store = store
  }

  public var contents: [ContentEntity] { store.contents }

  /// The screen's `.task`: make sure the store has loaded.
  public func observe() async {
    await store.sync()
  }

  public func insertContent(title: String) async {
    try? await store.insert(title: title)
  }
}
