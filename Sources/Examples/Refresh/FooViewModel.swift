// The view-model of "refreshableから学ぶSwift Concurrency" (seed 003), in its final version,
// with the article's first, broken `send(.refreshable)` kept beside it for comparison.
public import Observation
public import Scenario

/// What the screen shows: ten random numbers and whether a refresh is running.
public struct FooUiState: Sendable {
  public var randomNumbers: [Int] = []
  public var isLoading = false
}

/// Synchronous actions. The article's final version has none; `.refreshable` is its first,
/// broken version, which fires and forgets.
public enum FooAction: Sendable {
  case refreshable
}

/// Awaitable actions: `.task` from SwiftUI's `.task`, `.refreshable` from `.refreshable`.
public enum FooAsyncAction: Sendable {
  case task
  case refreshable
}

/// The article's view-model: `@MainActor` as a whole, heavy work moved off the main actor.
///
/// The article uses `ObservableObject` and `@Published`; Linux has no Combine, so this port uses
/// `@Observable`, which SwiftUI treats the same way for this screen.
@MainActor
@Observable
public final class FooViewModel {
  public private(set) var uiState = FooUiState()

  @ObservationIgnored private let work: Duration
  @ObservationIgnored private let random: RandomSource
  @ObservationIgnored private let fetchNumbers: (@Sendable () async throws -> [Int])?

  /// A view-model whose heavy work takes `work` and draws from `random`, or, given
  /// `fetchNumbers`, asks a server for the numbers instead.
  public init(
    work: Duration = .seconds(2), random: RandomSource = RandomSource(),
    fetchNumbers: (@Sendable () async throws -> [Int])? = nil
  ) {
    self.work = work
    self.random = random
    self.fetchNumbers = fetchNumbers
  }

  /// The first version's entry point: the refresh runs in a task nobody can await or cancel,
  /// so the pull-to-refresh indicator disappears at once.
  public func send(_ action: FooAction) {
    switch action {
    case .refreshable:
      Task {
        await refreshRandomNumbersFirstVersion()
      }
    }
  }

  /// The final version's awaitable entry point.
  public func sendAsync(_ asyncAction: FooAsyncAction) async {
    switch asyncAction {
    case .task:
      await refreshRandomNumbers()

    case .refreshable:
      await refreshRandomNumbers()
    }
  }
}

// MARK: - Privates

extension FooViewModel {
  private func refreshRandomNumbers() async {
    uiState.isLoading = true
    do {
      uiState.randomNumbers = try await randomNumbers()
    } catch is CancellationError {
      print("task cancel")
    } catch {
      print("error")
    }
    uiState.isLoading = false
  }

  /// The heavy part, off the main actor: `nonisolated` and `async`.
  nonisolated private func randomNumbers() async throws -> [Int] {
    if let fetchNumbers { return try await fetchNumbers() }
    try await Task.sleep(for: work)
    var generator = random
    var randomNumbers: [Int] = []
    for _ in 0..<10 {
      randomNumbers.append(.random(in: 0..<10, using: &generator))
    }
    return randomNumbers
  }

  /// The article's first version: `try?` swallows cancellation, and the work stays on the main actor.
  private func refreshRandomNumbersFirstVersion() async {
    uiState.isLoading = true
    try? await Task.sleep(for: work)
    var generator = random
    var randomNumbers: [Int] = []
    for _ in 0..<10 {
      randomNumbers.append(.random(in: 0..<10, using: &generator))
    }
    uiState.randomNumbers = randomNumbers
    uiState.isLoading = false
  }
}
