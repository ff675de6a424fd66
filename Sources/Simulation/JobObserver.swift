/// Told, on the driving thread, after each job the simulation runs, which job it was: `watch`
/// looks at the state after every job with it.
///
/// ```swift
/// Simulation.shared.observeJobs(watchList)  // nil stops it
/// ```
package protocol JobObserver: AnyObject, Sendable {
  /// `job` (described as `ready` describes it, before it ran) has just run.
  func didRun(_ job: ReadyJobInfo)
}
