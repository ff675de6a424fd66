import Simulation
import Testing

@testable import Scenario

/// The session's bookkeeping of effects, hidden work and waits, against a stand-in simulation:
/// no process, no golden file.
@MainActor
@Suite("Effect tracking")
struct EffectTrackerTests {
  let simulation = StandInSimulation()
  let tracker: EffectTracker

  init() {
    tracker = EffectTracker(simulation: simulation, sink: .standIn(simulation))
  }

  func lines() -> [String] { tracker.sink.take().map { EventText.line(for: $0.event) } }

  @Test("await with nothing running says so, and how many timers are set")
  func awaitNothing() throws {
    try tracker.awaitEverything()
    #expect(lines() == ["nothing to wait for: no effect is running, no background work is pending, no timer is set"])
    simulation.state.withLock { $0.timers = [.seconds(1), .seconds(2)] }
    try tracker.awaitEverything()
    #expect(lines() == ["nothing to wait for: no effect is running, no background work is pending, 2 timers are still set"])
  }

  @Test("settle fires every timer, and stops at its limit with a warning")
  func settle() throws {
    try tracker.settle()
    #expect(lines() == ["nothing to settle: no timer is set"])
    simulation.state.withLock { $0.timers = (1...5).map { .seconds($0) } }
    tracker.timerLimit = 3
    try tracker.settle()
    #expect(lines() == ["warning: settle stopped after 3 timers; 2 still pending (a timer that repeats forever?)"])
    #expect(simulation.now == .seconds(3))
  }

  @Test("an effect number that names no effect is an error naming the effects there are")
  func noSuchEffect() {
    #expect(throws: ScenarioError(.noSuchEffect(3, effects: 0), column: 8)) {
      _ = try tracker.effect(Located(value: 3, column: 8))
    }
  }

  @Test("hidden work from the same command twice is told apart by identity: a runaway drops only its own")
  func runawayByIdentity() {
    let first = WorkTag("send tap")
    let second = WorkTag("send tap")
    tracker.follow("send tap", tag: first, effect: nil)
    tracker.follow("send tap", tag: second, effect: nil)
    _ = tracker.backgroundEvents(reportPending: true)
    #expect(
      tracker.listing() == [
        "background  send tap (1st of 2)  running (no handle: cannot be awaited or cancelled)",
        "background  send tap (2nd of 2)  running (no handle: cannot be awaited or cancelled)",
      ])
    simulation.state.withLock { $0.runaway = RunawayReport(work: [.init(id: second.id, label: second.label)], quarantined: true) }
    let error = tracker.failure(.runaway(limit: 100))
    #expect(
      error.message
        == "runaway: `send tap` kept the step busy for 100 jobs without it becoming idle (a loop that keeps yielding or starting work?); vmrepl cancelled it, and because it went on regardless, vmrepl no longer runs it (`--max-jobs N` sets the limit)"
    )
    // The first `send tap` still runs; a report by label would have dropped both.
    #expect(tracker.listing() == ["background  send tap  running (no handle: cannot be awaited or cancelled)"])
    withExtendedLifetime((first, second)) {}
  }

  @Test("a deadlock names what each piece of hidden work waits on, a blocked thread by its work")
  func deadlock() throws {
    let tag = WorkTag("send load")
    tracker.follow("send load", tag: tag, effect: nil)
    simulation.state.withLock {
      $0.blocked = [BlockedThread(name: "Thread 1 (work of `send load`)", thread: "Thread 1", work: tag.id, waitsOn: "DispatchSemaphore.wait()", hasDeadline: false)]
    }
    #expect {
      try tracker.waitFor([], includeBackground: true)
    } throws: { error in
      (error as? ScenarioError)?.message
        == "deadlock: nothing can run and no timer is left, but work is still waiting:\n  background work from `send load` waits on Thread 1 blocked in DispatchSemaphore.wait()"
    }
    withExtendedLifetime(tag) {}
  }

  @Test("advance moves time to the end even with no timer; hidden work's end is reported when it ends")
  func advance() throws {
    var tag: WorkTag? = WorkTag("send spin")
    tracker.follow("send spin", tag: tag!, effect: nil)
    _ = tracker.backgroundEvents(reportPending: true)
    try tracker.advance(by: .seconds(2))
    #expect(tracker.now == .seconds(2))
    tag = nil
    tracker.noteBackgroundEnds()
    #expect(lines() == ["background work from `send spin` ended"])
  }
}
