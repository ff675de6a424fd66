/// Told, on the driving thread and between jobs, which jobs run off the main lane, so that what
/// they change in view state can be caught: SwiftUI wants view-model properties written on the
/// main thread ("Publishing changes from background threads is not allowed").
///
/// ```swift
/// Simulation.shared.observeLanes(checker)  // nil stops it
/// ```
package protocol LaneObserver: AnyObject, Sendable {
  /// Work ran on the main lane (a main-actor job, a main-queue block, a run loop pass): what the
  /// observer saw before is stale.
  func mainLaneRan()
  /// A job that is not on the main lane is about to run.
  func willRunOffMain()
  /// That job ran; `job` says what it was (`a block on DispatchQueue \`worker\``, `a task on
  /// the global executor`), put in words only when asked.
  func didRunOffMain(_ job: OffMainName)

  /// vmrepl set going code outside the simulation that may write view state (an answer handed
  /// to URLSession, whose completion handlers and delegate methods run on its own queue):
  /// `name` says whose code that is, put in words only when asked.
  func foreignCodeMayRun(_ name: OffMainName)
  /// That code, and everything it handed on outside the simulation, has ended.
  func foreignCodeSettled()
}
