import Foundation
import Testing

@testable import Examples

/// The contents example's repository on real SQLite (GRDB), outside the REPL.
@Suite("Content repository")
struct ContentRepositoryTests {
  @Test("rows come back in insertion order; every save signals the subscribers")
  func insertAndSignal() async throws {
    let repository = try ContentRepository(path: nil)
    let changes = repository.dataChangedStream
    try await repository.insert(title: "a")
    try await repository.insert(title: "b")
    #expect(try await repository.fetchAll().map(\.title) == ["a", "b"])
    #expect(try await repository.fetchAll().map(\.id) == [1, 2])
    var iterator = changes.makeAsyncIterator()
    // bufferingNewest(1): two saves while nobody read leave one signal.
    #expect(await iterator.next() != nil)
    #expect(repository.dataChangedBroadcaster.subscriberCount == 1)
  }

  @Test("a file database keeps its rows for the next repository that opens it")
  func fileSurvives() async throws {
    let path = NSTemporaryDirectory() + "vmrepl-contents-test-\(getpid()).sqlite"
    try? FileManager.default.removeItem(atPath: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await ContentRepository(path: path).insert(title: "kept")
    #expect(try await ContentRepository(path: path).fetchAll().map(\.title) == ["kept"])
  }
}
