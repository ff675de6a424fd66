public import Observation
public import ViewModelKit

/// The article's view-model (seed 000): one `handle(_:) -> Effect` entry point whose tasks live
/// as long as the view is connected, with counters that make each effect's fate visible.
@MainActor
@Observable
public final class TapViewModel {
  /// What the view can ask for.
  public enum Action: Sendable {
    /// The article's action: some asynchronous work (a sleep of `work`).
    case buttonTap
    /// Puts the counters back to zero, synchronously.
    case reset
  }

  /// Taps whose work began.
  public private(set) var tapsStarted = 0
  /// Taps whose work ran to the end.
  public private(set) var tapsCompleted = 0
  /// Taps whose work was cancelled.
  public private(set) var tapsCancelled = 0
  /// Calls of an `onCompletion` closure.
  public private(set) var completionsNotified = 0

  @ObservationIgnored private let tasks = TaskEffectHandler()
  @ObservationIgnored private let work: Duration

  /// A view-model whose tap takes `work`.
  public init(work: Duration = .seconds(2)) {
    self.work = work
  }

  /// What the view's `.task` calls: runs the action tasks until the view goes away.
  public func connect() async {
    await tasks.connect()
  }

  /// The single entry point for the view's actions.
  @discardableResult
  public func handle(_ action: Action) -> Effect {
    switch action {
    case .buttonTap:
      let work = self.work
      return tasks.add { [weak self] in
        await self?.tapBegan()
        do {
          try await Task.sleep(for: work)
          await self?.tapEnded(cancelled: false)
        } catch {
          await self?.tapEnded(cancelled: true)
        }
      }
    case .reset:
      tapsStarted = 0
      tapsCompleted = 0
      tapsCancelled = 0
      completionsNotified = 0
      return .none
    }
  }

  /// `handle(.buttonTap).onCompletion { ... }`: the view is told when the tap has finished.
  @discardableResult
  public func tapAndNotify() -> Effect {
    let effect = handle(.buttonTap)
    effect.onCompletion { [weak self] in
      self?.completionsNotified += 1
      print("onCompletion: the tap has finished")
    }
    return effect
  }

  private func tapBegan() { tapsStarted += 1 }

  private func tapEnded(cancelled: Bool) {
    if cancelled { tapsCancelled += 1 } else { tapsCompleted += 1 }
  }
}
