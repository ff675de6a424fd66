/// What runs a timeline's `explore` command: the lines that rebuild the current step, under the
/// schedules a request asks for. ScenarioExploration's `ExplorerReports` is the one there is; it
/// lives a layer above the session, so the session does not import exploration.
@MainActor
package protocol TimelineExploring: Sendable {
  /// The report `explore` prints for `lines` (numbered from 1) under `request`.
  func report(
    exploring lines: [(number: Int, text: String)], request: ExploreRequest, models: [ModelDefinition],
    prints: (any PrintSource)?, baseDirectory: String, files: any FileAccess
  ) -> [String]
}
