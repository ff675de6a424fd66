package import Simulation

/// What a session's bookkeeping (`EffectTracker`) asks of the simulation: its time, driving it,
/// and what still waits. `Simulation` is the conformer in a program; a test hands the tracker a
/// stand-in, so effects, hidden work, waits and reports are checked against values in the test's
/// own process, without installing the process-wide executor. Each member is the `Simulation`
/// member of the same name, documented there.
package protocol SimulationDriving: AnyObject, Sendable {
  var now: Duration { get }
  func runUntilIdle() throws(SimulationError)
  func advance(to instant: Duration) throws(SimulationError)
  func advanceToNextTimer() throws(SimulationError) -> Bool
  var idleState: IdleState { get }
  var nextTimer: Duration? { get }
  var pendingTimers: [PendingTimer] { get }
  var blockedThreads: [BlockedThread] { get }
  var hasWaitingJobs: Bool { get }
  func readyWork() -> Set<UInt64>
  func recoverFromRunaway() -> RunawayReport
  func renumberThreads()
  func takeMainThreadBlocks() -> [MainThreadBlock]
  func suspensionPoint(ofTask task: UInt) -> String?
  func waitForForeignWork(timeout: Duration) -> Bool
}

extension Simulation: SimulationDriving {}
