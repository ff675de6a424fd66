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
    /// Code outside the simulation that vmrepl set going (URLSession's handlers for an answer):
    /// the state when the first began, and whose code it is. Nil when none runs.
    var foreign: ForeignWindow?
  }

  /// Writes by code outside the simulation are seen whole once it has all ended: the state
  /// before it began and after, with no job of the simulation run between (then no write can
  /// be told apart from the jobs', and the window says nothing).
  private struct ForeignWindow: Sendable {
    var before: StateValue?
    var names: [OffMainName]
    var mixed = false
  }

  private let state = Mutex(State())
  private let snapshot: @MainActor @Sendable () -> StateValue?
  private let kinds: @MainActor @Sendable () -> [String: PropertyObservation]
  private let sink: EventSink

  init(
    sink: EventSink, snapshot: @escaping @MainActor @Sendable () -> StateValue?,
    kinds: @escaping @MainActor @Sendable () -> [String: PropertyObservation]
  ) {
    self.sink = sink
    self.snapshot = snapshot
    self.kinds = kinds
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
    state.guarded { state in
      state.before = nil
      state.foreign?.mixed = true
    }
  }

  func foreignCodeMayRun(_ name: OffMainName) {
    let open = state.guarded { state -> Bool in
      if state.foreign != nil { state.foreign?.names.append(name) }
      return state.foreign != nil
    }
    guard !open else { return }
    let seen = MainActor.assumeIsolated { snapshot() }
    state.guarded { $0.foreign = ForeignWindow(before: seen, names: [name]) }
  }

  func foreignCodeSettled() {
    guard let window = state.guarded({ state -> ForeignWindow? in
      defer { state.foreign = nil }
      return state.foreign
    }), !window.mixed, let before = window.before else { return }
    let after = MainActor.assumeIsolated { snapshot() }
    guard let after, before != after else { return }
    // Several answers at once: their handlers ran on one queue, one after another.
    let names = window.names
    report(from: before, to: after, job: names.count == 1 ? names[0].text : names.map(\.text).joined(separator: "; "))
  }

  func willRunOffMain() {
    guard state.guarded({ $0.before == nil }) else { return }
    // The driving loop calls this between jobs, on the thread and executor of the session.
    let seen = MainActor.assumeIsolated { snapshot() }
    state.guarded { $0.before = seen }
  }

  func didRunOffMain(_ name: OffMainName) {
    let after = MainActor.assumeIsolated { snapshot() }
    let before = state.guarded { state -> StateValue? in
      let before = state.before
      state.before = after
      state.foreign?.mixed = true
      return before
    }
    guard let before, let after, before != after else { return }
    report(from: before, to: after, job: name.text)
  }

  /// Warns once per step, job and path of what changed, a line for each kind of property.
  private func report(from before: StateValue, to after: StateValue, job: String) {
    let (paths, step) = state.guarded { state in
      (StatePath.changes(from: before, to: after).filter { state.warned.insert($0 + "\u{0}" + job).inserted }, state.step)
    }
    guard !paths.isEmpty else { return }
    let kinds = MainActor.assumeIsolated { self.kinds() }
    // Inside an actor the property holds, a change is the actor's isolated state: not a write
    // off the main thread that anyone can race with (the property itself set anew still is).
    let isolated = { (path: String) in PropertyObservation.of(path: path, in: kinds) == .actor && path.contains { $0 == "." || $0 == "[" } }
    for observation in PropertyObservation.allCases {
      let written = paths.filter { !isolated($0) && PropertyObservation.of(path: $0, in: kinds).reported == observation }
      if !written.isEmpty { sink.emit(.offMainWrite(paths: written, job: job, step: step, observation: observation)) }
    }
  }
}
