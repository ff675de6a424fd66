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
    /// Whether a job off the main lane is running, and whether the model's `objectWillChange`
    /// was sent during it.
    var offMain = false
    var publishedOffMain = false
  }

  /// The path an `objectWillChange` sent off the main lane with no state changed is reported
  /// under: a `@Published` property set there to the value it had, which a diff cannot see.
  static let objectWillChange = "objectWillChange"

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
    guard state.guarded({ state -> Bool in
      state.offMain = true
      state.publishedOffMain = false
      return state.before == nil
    }) else { return }
    // The driving loop calls this between jobs, on the thread and executor of the session.
    let seen = MainActor.assumeIsolated { snapshot() }
    state.guarded { $0.before = seen }
  }

  func didRunOffMain(_ name: OffMainName) {
    let after = MainActor.assumeIsolated { snapshot() }
    let (before, published) = state.guarded { state -> (StateValue?, Bool) in
      let before = state.before
      state.before = after
      state.foreign?.mixed = true
      defer {
        state.offMain = false
        state.publishedOffMain = false
      }
      return (before, state.publishedOffMain)
    }
    var reported = false
    if let before, let after, before != after { reported = report(from: before, to: after, job: name.text, barrier: name.isBarrierBlock) }
    // Sent with no `@Published` state changed: a property set to the value it had (`accounts
    // = []` over `[]`); SwiftUI warns all the same.
    if published, !reported { warnPublished(job: name.text) }
  }

  /// The model's `objectWillChange` was sent (a `@Published` property is about to be set):
  /// noted when a job off the main lane sends it.
  func objectWillChangeSent() {
    state.guarded { state in
      if state.offMain { state.publishedOffMain = true }
    }
  }

  private func warnPublished(job: String) {
    let step = state.guarded { state -> String? in
      state.warned.insert(Self.objectWillChange + "\u{0}" + job).inserted ? state.step : nil
    }
    guard let step else { return }
    sink.emit(.offMainWrite(paths: [Self.objectWillChange], job: job, step: step, observation: .published))
  }

  /// Warns once per step, job and path of what changed, a line for each kind of property;
  /// whether an `@Published` one was among them.
  @discardableResult
  private func report(from before: StateValue, to after: StateValue, job: String, barrier: Bool = false) -> Bool {
    let (paths, step) = state.guarded { state in
      (StatePath.changes(from: before, to: after).filter { state.warned.insert($0 + "\u{0}" + job).inserted }, state.step)
    }
    guard !paths.isEmpty else { return false }
    let kinds = MainActor.assumeIsolated { self.kinds() }
    // Inside an actor the property holds, a change is the actor's isolated state: not a write
    // off the main thread that anyone can race with (the property itself set anew still is).
    let isolated = { (path: String) in PropertyObservation.of(path: path, in: kinds) == .actor && path.contains { $0 == "." || $0 == "[" } }
    var published = false
    for observation in PropertyObservation.allCases {
      let written = paths.filter { !isolated($0) && PropertyObservation.of(path: $0, in: kinds).reported == observation }
      if !written.isEmpty, observation == .plain, barrier {
        // A reader-writer lock (GPTEncoder's `AtomicDict`): the write excludes every other block
        // of its queue, so reads made through that queue cannot race with it. No view reads a
        // plain property, so nothing is known to read it elsewhere: said, not warned.
        let listed = written.map { "`\($0)`" }.joined(separator: ", ")
        sink.emit(.note(
          "\(listed) (neither @Published nor @Observable) changed off the main thread, by \(job), \(EventText.barrierWrite): "
            + "no other block of that queue runs meanwhile, so reads made through it (`sync`) do not race with the write; a read outside it would"))
        continue
      }
      if !written.isEmpty { sink.emit(.offMainWrite(paths: written, job: job, step: step, observation: observation)) }
      if !written.isEmpty, observation == .published { published = true }
    }
    return published
  }
}
