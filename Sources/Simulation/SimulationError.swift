/// Why a step of the simulation stopped before it became idle.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
  /// More than `limit` jobs ran in one step without the simulation becoming idle; with `at`,
  /// all at that virtual instant (nanoseconds), time not moving.
  case runaway(limit: Int, at: Int64? = nil)
  /// `Simulation.interrupt()` was called (Ctrl-C during a step).
  case interrupted

  public var description: String {
    switch self {
    case .runaway(let limit, nil):
      return "stopped after \(limit) jobs in one step without becoming idle (the runaway limit); "
        + "a loop that keeps yielding or starting work?"
    case .runaway(let limit, let instant?):
      return "stopped after \(limit) jobs at \(Duration.nanoseconds(instant).secondsText) without time moving or the step "
        + "becoming idle (the runaway limit at one instant); a loop that keeps yielding or starting work?"
    case .interrupted:
      return "interrupted; the step stopped between two jobs"
    }
  }
}
