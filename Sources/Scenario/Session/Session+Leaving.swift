import Simulation

/// The end of a screen (`leave`) and the checks that read what is left of the session's work
/// (`expect idle`, `expect warnings`).
extension Session {
  /// `leave`: what happens when the user leaves the screen. The view's lifecycle work is
  /// cancelled (SwiftUI cancels a `.task`), the session lets go of the model as the view's
  /// state would, and the work that makes ready runs. Says whether the model was freed: one
  /// that is still alive is held by something the app keeps (a task or closure that captured
  /// it strongly, a timer's target).
  func leave() throws(ScenarioError) -> [String] {
    // No copy of the instance is kept here: it holds the model.
    let typeName = try requireModel().typeName
    tracker.cancel(tracker.effects.filter { $0.isLifecycle && $0.isRunning })
    weak let left = instance?.object
    model?.instance = nil
    publishing = nil
    lastReading = nil
    defer {
      keptAfterLeaving = left
      leftScreenType = typeName
    }
    // The work cancelling and letting go made ready runs now, before the model is looked for:
    // a `deinit` that cancels a task or a subscription is part of leaving.
    if let error = tracker.settleAfterStep() { throw error }
    if simulation.purgeStaleTimers(), let error = tracker.settleAfterStep() { throw error }
    return [left == nil
      ? "left the screen: `\(typeName)` was freed"
      : "left the screen: `\(typeName)` is still alive: something the app keeps still holds it (a task, a closure or a timer that captured it strongly)"]
  }

  /// The work of the session still running, armed or waiting, as `expect idle` names it.
  package var workLeft: [String] { work(settingAside: []) }

  /// `workLeft` without what waits only on a stand-in nobody answered (a seam where Linux cannot
  /// build the app's code, mastodon's API calls, a body adopt made a seam): whether the app's
  /// own code would still be at it is what vmrepl cannot see, so no check says it is.
  package var workLeftOfTheApp: [String] {
    work(settingAside: Set((context?.dependencies ?? []).compactMap { ($0 as? StandInDependency)?.name }))
  }

  /// The work left, but work and requests that wait only on the dependencies `standIns`.
  private func work(settingAside standIns: Set<String>) -> [String] {
    var left = tracker.effects.filter(\.isRunning).map { "effect #\($0.id) `\($0.action)` is still running" }
    let timers = simulation.pendingTimers
    let requests = tracker.pendingRequests()
    for work in tracker.background where work.isPending {
      let waits = tracker.waits(of: work, timers: timers, requests: requests)
      if !Wait.onlyOn(standIns, waits) {
        left.append("work from `\(work.origin)` is still running; it waits on \(Wait.text(of: waits))")
      }
    }
    let named = Set(tracker.background.filter(\.isPending).map(\.work))
    for pending in requests where pending.request.work.map({ !named.contains($0) }) ?? true && !standIns.contains(pending.dependency) {
      left.append("request \(pending.dependency) #\(pending.request.id) (\(pending.request.description)) is waiting for an answer")
    }
    return left
  }

  /// `expect idle`: nothing the session started is running, armed or waiting for an answer.
  func expectIdle() throws(ScenarioError) -> [String] {
    let left = workLeft
    guard left.isEmpty else {
      throw ScenarioError(.expectationFailed(claim: "idle", actual: "not: " + left.joined(separator: "; ")))
    }
    return ["ok: idle"]
  }

  /// `expect freed`: the model the last `leave` let go of has been freed by now (work that held
  /// it may have ended since); nothing it holds keeps it alive.
  func expectFreed() throws(ScenarioError) -> [String] {
    guard let typeName = leftScreenType else {
      throw ScenarioError(.expectationFailed(claim: "freed", actual: "no `leave` yet: `leave` lets go of the model first"))
    }
    guard keptAfterLeaving == nil else {
      throw ScenarioError(.expectationFailed(
        claim: "freed",
        actual: "not: `\(typeName)` is still alive after `leave`: something the app keeps still holds it (a task, a closure or a timer that captured it strongly)"))
    }
    return ["ok: freed"]
  }

  /// Whether the model the last `leave` let go of is still alive now.
  package var leftModelIsAlive: Bool { keptAfterLeaving != nil }

  /// `expect warnings OP N`: the warnings the session gave since its `use` (writes off the main
  /// thread, a blocked main thread, the REPL's other warnings).
  func expectWarnings(_ comparison: Comparison, _ count: Located<Int>) throws(ScenarioError) -> [String] {
    let warnings = warningTexts
    let holds = comparison.holds(order: warnings.count < count.value ? -1 : warnings.count == count.value ? 0 : 1)
    let claim = "warnings \(comparison.rawValue) \(count.value)"
    guard holds else {
      let first = warnings.first.map { ": the first: \($0)" } ?? ""
      throw ScenarioError(.expectationFailed(claim: claim, actual: "\(warnings.count)\(first)"), column: count.column)
    }
    return ["ok: \(claim)"]
  }

  /// How many requests `dependency` was sent since the `use`, answered or not.
  package func requestsSent(to dependency: String) -> Int { log.requests(to: dependency).count }

  /// `expect requests DEPENDENCY OP N`: the requests `dependency` was sent since the `use`,
  /// answered or not (a stand-in's call answered by its default included).
  func expectRequests(_ dependency: Located<String>, _ comparison: Comparison, _ count: Located<Int>) throws(ScenarioError) -> [String] {
    let sent = log.requests(to: dependency.value)
    let holds = comparison.holds(order: sent.count < count.value ? -1 : sent.count == count.value ? 0 : 1)
    let claim = "requests \(dependency.value) \(comparison.rawValue) \(count.value)"
    guard holds else {
      let listed = sent.prefix(3).joined(separator: "; ") + (sent.count > 3 ? "; ..." : "")
      throw ScenarioError(.expectationFailed(claim: claim, actual: "\(sent.count)" + (sent.isEmpty ? "" : ": " + listed)), column: count.column)
    }
    return ["ok: \(claim)"]
  }
}
