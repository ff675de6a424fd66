package import Scenario

/// A timeline's `explore`: an `Explorer` over the timeline's lines, and its report.
package struct ExplorerReports: TimelineExploring {
  package init() {}

  package func report(
    exploring lines: [(number: Int, text: String)], request: ExploreRequest, models: [ModelDefinition],
    prints: (any PrintSource)?, baseDirectory: String, files: any FileAccess
  ) -> [String] {
    var explorer = Explorer(models: models, prints: prints)
    explorer.baseDirectory = baseDirectory
    explorer.files = files
    let exploration = explorer.explore(lines, request: request)
    return ExplorationReport.lines(exploration, name: "explore: the \(lines.count) lines `save` would write")
  }
}
