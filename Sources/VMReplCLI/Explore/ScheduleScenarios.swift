import ArgumentParser
import Foundation
import Processes
import Scenario
import ScenarioExploration
import Simulation

/// Writes minimal failing schedules as scenarios: the `schedule` line, then the scenario.
enum ScheduleScenarios {
  /// Saves one scenario per failing outcome and crash; returns a line per file written.
  static func save(_ explorations: [Exploration], scenarios: [String], to folder: String) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var written: [String] = []
    for (path, exploration) in zip(scenarios, explorations) {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      // What the exploration ran, under the schedule line written first.
      let body = Explorer.runnable(Explorer.lines(of: text)).map(\.text)
      let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      var pins: [(String, [Departure])] = exploration.ordered.enumerated().compactMap { number, outcome in
        guard !outcome.isFIFO, !outcome.failures.isEmpty, let minimal = outcome.minimal else { return nil }
        return ("outcome \(number + 1): " + outcome.failures.joined(separator: "; "), minimal.departures)
      }
      pins += exploration.crashes.map { ("schedule \($0.schedule) crashed (\($0.reason))", $0.departures) }
      for (index, (why, departures)) in pins.enumerated() {
        let file = (folder as NSString).appendingPathComponent("\(base)-schedule-\(index + 1).scenario")
        let header = [
          "# A schedule `\(ToolName.current) explore \(path)` found (\(exploration.request.strategy.rawValue) seed \(exploration.request.seed)):",
          "# \(why)",
          "# It fails while the race is there; once the view-model is fixed, `replay --update` records its golden file.",
        ]
        let content = (header + [ExplorationReport.pinLine(departures)] + body).joined(separator: "\n") + "\n"
        try Data(content.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        written.append("saved \(file)")
      }
    }
    return written
  }
}
