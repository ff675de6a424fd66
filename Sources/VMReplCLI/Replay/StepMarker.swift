/// The lines a replay worker writes to standard error before each scenario and each step, so
/// that a crash can be pinned on the scenario and the step that were running.
enum StepMarker {
  static let prefix = "vmrepl-step: "
  static let scenarioPrefix = "vmrepl-scenario: "

  /// The last step begun, and what else the child wrote to standard error, for the scenario
  /// that was running last.
  static func split(_ errors: [String]) -> (step: String?, rest: [String]) {
    var step: String?
    var rest: [String] = []
    for line in errors {
      if line.hasPrefix(scenarioPrefix) {
        step = nil
        rest = []
      } else if line.hasPrefix(prefix) {
        step = String(line.dropFirst(prefix.count))
      } else {
        rest.append(line)
      }
    }
    return (step, rest)
  }
}
