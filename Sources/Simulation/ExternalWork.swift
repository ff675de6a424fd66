/// A piece of work announced as happening outside the executor; see `Simulation.beginExternalWork`.
package final class ExternalWork: Sendable {
  let id: UInt64
  let core: SimulationCore

  init(id: UInt64, core: SimulationCore) {
    self.id = id
    self.core = core
  }

  /// Marks the work as over; later calls do nothing.
  package func finish() {
    core.endExternal(id)
  }
}
