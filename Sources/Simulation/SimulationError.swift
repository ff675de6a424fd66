/// Why a step of the simulation stopped before it became idle.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
  /// More than `limit` jobs ran in one step without the simulation becoming idle.
  case runaway(limit: Int)
  /// `Simulation.interrupt()` was called (Ctrl-C during a step).
  case interrupted

  public var description: String {
    switch self {
    case .runaway(let limit):
      return "stopped after \(limit) jobs in one step without becoming idle (the runaway limit); "
        + "a loop that keeps yielding or starting work?"
    case .interrupted:
      return "interrupted; the step stopped between two jobs"
    }
  }
}
