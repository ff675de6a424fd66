import Testing

@testable import Simulation

@Suite("Continuation callers: the async frames a request's task returns into")
struct ContinuationCallerTests {
  /// A client's generic `get` over a request made inside a continuation, as an app's
  /// `withCheckedThrowingContinuation` around a data task makes one.
  final class Client: Sendable {
    func get() async -> [String] {
      await withCheckedContinuation { continuation in continuation.resume(returning: Simulation.continuationCallers()) }
    }
  }

  final class Screen: Sendable {
    let client = Client()
    func load() async -> (callers: [String], line: Int) { (await client.get(), #line) }
  }

  @Test("inside a continuation's body: each caller with the line of its call; elsewhere nothing")
  func callers() async {
    let (callers, line) = await Screen().load()
    #expect(callers.count >= 2)
    #expect(callers.first?.hasPrefix("ContinuationCallerTests.Client.get() at ") == true)
    #expect(callers.dropFirst().first?.hasPrefix("ContinuationCallerTests.Screen.load() at ") == true)
    #expect(callers.dropFirst().first?.hasSuffix(", line \(line)") == true)
    // Outside a body the task's resume point is left from its last suspension: nothing is read.
    #expect(Simulation.continuationCallers().isEmpty)
  }
}
