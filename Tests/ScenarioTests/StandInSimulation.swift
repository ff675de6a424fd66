import Simulation
import Synchronization

@testable import Scenario

/// A simulation for the session's bookkeeping to drive in a test's own process: timers are
/// deadlines it jumps to, and what waits or ran away is what the test says.
final class StandInSimulation: SimulationDriving {
  struct State {
    var now: Duration = .zero
    /// Deadlines of live timers, earliest first.
    var timers: [Duration] = []
    var blocked: [BlockedThread] = []
    var runaway = RunawayReport(work: [], quarantined: false)
    var externalWork: [String] = []
  }

  let state = Mutex(State())

  var now: Duration { state.withLock { $0.now } }
  func runUntilIdle() throws(SimulationError) {}
  func advance(to instant: Duration) throws(SimulationError) {
    state.withLock { state in
      state.timers.removeAll { $0 <= instant }
      state.now = max(state.now, instant)
    }
  }
  func advanceToNextTimer() throws(SimulationError) -> Bool {
    state.withLock { state in
      guard !state.timers.isEmpty else { return false }
      state.now = max(state.now, state.timers.removeFirst())
      return true
    }
  }
  var idleState: IdleState {
    state.withLock { IdleState(hasReadyJobs: false, nextTimer: $0.timers.first, liveTimers: $0.timers.count, externalWork: $0.externalWork) }
  }
  var nextTimer: Duration? { idleState.nextTimer }
  var pendingTimers: [PendingTimer] { [] }
  var blockedThreads: [BlockedThread] { state.withLock { $0.blocked } }
  var hasWaitingJobs: Bool { false }
  func readyWork() -> Set<UInt64> { [] }
  func recoverFromRunaway() -> RunawayReport { state.withLock { $0.runaway } }
  func renumberThreads() {}
  func takeMainThreadBlocks() -> [MainThreadBlock] { [] }
  func suspensionPoint(ofTask task: UInt) -> String? { nil }
  func waitForForeignWork(timeout: Duration) -> Bool { false }
}

extension EventSink {
  /// A sink whose clock is `simulation`'s, with no prints and no sandbox.
  static func standIn(_ simulation: StandInSimulation) -> EventSink {
    EventSink(prints: nil, sandbox: nil, now: { simulation.now })
  }
}
