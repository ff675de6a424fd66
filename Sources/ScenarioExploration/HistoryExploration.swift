package import Scenario

/// `explore` in a session: the timeline's history run under many schedules, and the report. The
/// front end carries it out (as it does `save` and `run`), so the timeline below knows nothing of
/// exploration.
@MainActor
package enum HistoryExploration {
  /// `result` with its `explore` carried out: the report as its output. Any other result, or one
  /// that failed (a bad option, `fails explore`), is returned as it is.
  package static func carryOut(_ result: StepResult, in timeline: Timeline) -> StepResult {
    guard result.error == nil, case .frontEnd(.explore(let request))? = result.command else { return result }
    var result = result
    result.output += report(request, in: timeline)
    return result
  }

  /// The report `explore` prints for `timeline`'s history under `request`.
  static func report(_ request: ExploreRequest, in timeline: Timeline) -> [String] {
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
