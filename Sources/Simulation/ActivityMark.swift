/// A point in the program's run, for knowing that nothing ran between two readings of its state
/// (see `Simulation.activityMark`).
package struct ActivityMark: Equatable, Sendable {
  let count: UInt64
  let now: Int64
}
