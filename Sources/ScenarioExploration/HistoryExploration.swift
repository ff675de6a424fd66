package import Scenario

/// `explore` in a session: the timeline's history run under many schedules, and the report. The
/// front end that reads the lines is given this (`timeline.frontEnd`), so the timeline below knows
/// nothing of exploration; a script's front end carries out `explore` only, the interactive REPL
/// `save` and `run` too, and its `explore` through `report`.
@MainActor
package final class HistoryExploration: FrontEnd {
  package let commands: Set<CommandName> = [.explore]

  package init() {}

  /// `explore`'s report, as the output of its step.
  package func carryOut(_ command: FrontEndCommand, result: inout StepResult, in timeline: Timeline) {
    guard case .explore(let request) = command else { return }
    result.output += Self.report(request, in: timeline)
  }

  /// The report `explore` prints for `timeline`'s history under `request`.
  package static func report(_ request: ExploreRequest, in timeline: Timeline) -> [String] {
    guard timeline.hasSession else { return ["no history yet; `use MODEL` first, then the steps to explore"] }
    var explorer = Explorer(models: timeline.models, prints: timeline.prints)
    explorer.baseDirectory = timeline.baseDirectory
    explorer.files = timeline.files
    return timeline.away { lines in
      let exploration = explorer.explore(lines, request: request)
      return ExplorationReport.lines(exploration, name: "explore: the \(lines.count) lines `save` would write")
    }
  }
}
