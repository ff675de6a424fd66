import Examples
import Foundation
import Processes
import Scenario
import ScenarioExploration
import Simulation

/// Schedule exploration: schedules per second on the example scenarios (in this process, one
/// core), and an explore worker's memory over 10,000 schedules of one scenario.
@MainActor
func explorationFigures(schedules: Int) -> [String] {
  var explorer = Explorer(models: Examples.all)
  explorer.shrinkLimit = 0
  let request = ExploreRequest(schedules: schedules)
  var runs = 0
  var seconds = 0.0
  var explored: [String] = []
  // `--only NAME` (a path under scenarios/) explores that scenario alone (and the cart's shrinking
  // figure), for profiling.
  let only = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
  for scenario in scenarioFiles() where only == nil || scenario.name == only {
    let lines = scenario.lines.enumerated().map { (number: $0.offset + 1, text: $0.element) }
    var exploration: Exploration?
    let time = measure { exploration = explorer.explore(lines, request: request) }
    // Scenarios without choice points run one schedule; they say nothing about throughput.
    guard let exploration, exploration.fifoChoicePoints > 0 else { continue }
    runs += exploration.schedules
    seconds += time
    if CommandLine.arguments.contains("--detail") {
      writeAll(2, "\(scenario.name): \(exploration.schedules) schedules in \(rounded(time * 1000)) ms\n")
    }
    explored.append(scenario.name)
  }
  let shrinking = Explorer(models: Examples.all)
  let lost = scenarioFiles().first { $0.name == "cart/lost-update.scenario" }!
  var found: Exploration?
  let shrinkTime = measure {
    found = shrinking.explore(lost.lines.enumerated().map { (number: $0.offset + 1, text: $0.element) }, request: ExploreRequest(schedules: 1_000))
  }
  // An HTTP scenario: URLSession's own threads answer each request, in every schedule.
  var http: Exploration?
  let httpScenario = only == nil ? scenarioFiles().first { $0.name == "search/urlsession.scenario" } : nil
  let httpTime = measure {
    if let httpScenario {
      http = explorer.explore(
        httpScenario.lines.enumerated().map { (number: $0.offset + 1, text: $0.element) }, request: ExploreRequest(schedules: min(schedules, 300)))
    }
  }
  let httpLine = http.map {
    "explore search/urlsession (HTTP through URLSession), per schedule: \(rounded(httpTime * 1000 / Double(max($0.schedules, 1)))) ms (\($0.schedules) schedules)"
  }
  let pairLine = only == nil ? httpAgainstScripted(explorer: explorer, schedules: min(schedules, 300)) : nil
  return [
    "explore (PCT depth 2, no shrinking, one core): \(Int(Double(runs) / seconds)) schedules per second"
      + " (\(runs) schedules of the \(explored.count) example scenarios with choice points in \(rounded(seconds)) s)",
    "explore cart/lost-update, 1,000 schedules with its failing outcome shrunk: \(rounded(shrinkTime * 1000)) ms"
      + " (\(found?.ordered.count ?? 0) outcomes)",
  ] + (httpLine.map { [$0] } ?? []) + (pairLine.map { [$0] } ?? [])
}

/// The same three searches, each answered with a failing status, once through URLSession
/// (`respond http`) and once through the search model's scripted dependency (`respond search`):
/// what an HTTP answer costs a schedule beyond a scripted one.
@MainActor
func httpAgainstScripted(explorer: Explorer, schedules: Int) -> String {
  func lines(_ use: String, _ answer: String) -> [(number: Int, text: String)] {
    var text = [use, "set word \"swift\""]
    for status in [403, 422, 500] { text += ["send search", "\(answer) status=\(status)"] }
    return text.enumerated().map { (number: $0.offset + 1, text: $0.element) }
  }
  func perSchedule(_ lines: [(number: Int, text: String)]) -> (Double, Int) {
    var exploration: Exploration?
    let seconds = measure { exploration = explorer.explore(lines, request: ExploreRequest(schedules: schedules)) }
    let count = max(exploration?.schedules ?? 1, 1)
    return (seconds * 1000 / Double(count), count)
  }
  let (http, httpCount) = perSchedule(lines("use search base=https://api.github.com", "respond http"))
  let (scripted, scriptedCount) = perSchedule(lines("use search", "respond search"))
  return "explore three searches answered by status, URLSession against the scripted dependency, per schedule: "
    + "\(rounded(http)) ms against \(rounded(scripted)) ms (\(rounded(http / max(scripted, 0.000_001)))x; \(httpCount) and \(scriptedCount) schedules)"
}

/// One explore worker, 10,000 schedules of the cart's lost update: its resident memory after
/// the first 100 and after all of them.
func explorationMemoryFigure(binary: String) -> String {
  func request(_ from: Int, _ through: Int) -> String {
    "{\"from\":\(from),\"path\":\"scenarios/cart/lost-update.scenario\",\"shrink\":true,\"through\":\(through)}"
  }
  let input = request(1, 100) + "\n" + request(101, 10_000) + "\n"
  let answers = ChildProcess.runBlocking(binary, ["explore-worker", "--schedules", "10000"], input: input).output
    .split(separator: "\n")
    .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    .compactMap { $0["resident"] as? Int }
  guard answers.count == 2 else { return "explore worker memory: only \(answers.count) answers" }
  return "explore worker resident memory: \(answers[0] >> 20) MiB after 100 schedules, \(answers[1] >> 20) MiB after 10,000 (ratio \(rounded(Double(answers[1]) / Double(answers[0]))))"
}
