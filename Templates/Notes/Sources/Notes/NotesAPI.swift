/// A note as the server sends it.
public struct Note: Equatable, Sendable {
  public var id: Int
  public var title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// The notes server, injected so that the app, the tests and the REPL each bring their own.
public protocol NotesAPI: Sendable {
  /// The notes whose title contains `query` (all of them for an empty query).
  func notes(matching query: String) async throws -> [Note]
  /// Deletes the note `id`.
  func delete(id: Int) async throws
}
