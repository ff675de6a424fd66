import Simulation
import Synchronization

/// Catches view state changed by a job off the main lane (a block on a global or private queue,
/// a task on the global executor, a timer source's handler off main), as SwiftUI's runtime
/// warning does on a device, and reports each changed path once per step and job.
///
/// It compares the state before and after each such job. The state before is the one seen after
/// the previous off-main job, unless main-lane work ran since (or the step began), when it is
/// read again: so a run of off-main jobs costs one reading of the state each.
final class MainThreadChecker: LaneObserver {
  private struct State: Sendable {
    var before: StateValue?
    var step = ""
    var warned: Set<String> = []
  }

  private let state = Mutex(State())
  private let snapshot: @MainActor @Sendable () -> StateValue?
  private let sink: EventSink

  init(sink: EventSink, snapshot: @escaping @MainActor @Sendable () -> StateValue?) {
    self.sink = sink
    self.snapshot = snapshot
  }

  /// A new step, named as the transcript echoes it.
  func beginStep(_ step: String) {
    state.guarded { state in
      state.before = nil
      state.step = step
      state.warned = []
    }
  }

  func mainLaneRan() {
    state.guarded { $0.before = nil }
  }

  func willRunOffMain() {
    guard state.guarded({ $0.before == nil }) else { return }
    // The driving loop calls this between jobs, on the thread and executor of the session.
    let seen = MainActor.assumeIsolated { snapshot() }
    state.guarded { $0.before = seen }
  }

  func didRunOffMain(_ name: OffMainName) {
    let after = MainActor.assumeIsolated { snapshot() }
    let (before, step) = state.guarded { state -> (StateValue?, String) in
      let before = state.before
      state.before = after
      return (before, state.step)
    }
    guard let before, let after, before != after else { return }
    let job = name.text
    let paths = state.guarded { state in
      StatePath.changes(from: before, to: after).filter { state.warned.insert($0 + "\u{0}" + job).inserted }
    }
    if !paths.isEmpty { sink.emit(.offMainWrite(paths: paths, job: job, step: step)) }
  }
}
