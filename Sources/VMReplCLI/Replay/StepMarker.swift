/// The lines a replay worker writes to standard error before each scenario and each step, so
/// that a crash can be pinned on the scenario and the step that were running.
enum StepMarker {
  static let prefix = "vmrepl-step: "
  static let scenarioPrefix = "vmrepl-scenario: "
  /// Before a stand-in's call is answered with its type's default (`audit`'s worker): the
  /// member, so that a trap after it can say the stand-in may be the cause.
  static let standInPrefix = "vmrepl-stand-in: "

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
      } else if line.hasPrefix(standInPrefix) {
        continue
      } else {
        rest.append(line)
      }
    }
    return (step, rest)
  }

  /// The stand-ins answered with their type's default since the last scenario began, each once,
  /// in the order first answered.
  static func standInDefaults(_ errors: [String]) -> [String] {
    var members: [String] = []
    for line in errors {
      if line.hasPrefix(scenarioPrefix) {
        members = []
      } else if line.hasPrefix(standInPrefix) {
        let member = String(line.dropFirst(standInPrefix.count))
        if !members.contains(member) { members.append(member) }
      }
    }
    return members
  }

  /// The stand-ins answered with their type's default since the last step began.
  static func standInDefaultsInLastStep(_ errors: [String]) -> [String] {
    var members: [String] = []
    for line in errors {
      if line.hasPrefix(scenarioPrefix) || line.hasPrefix(prefix) {
        members = []
      } else if line.hasPrefix(standInPrefix) {
        let member = String(line.dropFirst(standInPrefix.count))
        if !members.contains(member) { members.append(member) }
      }
    }
    return members
  }
}
