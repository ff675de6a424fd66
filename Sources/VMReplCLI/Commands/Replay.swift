import ArgumentParser
import Foundation
import Processes
import Scenario
import ScenarioExploration
import Simulation
import Synchronization

/// `vmrepl replay`: replay scenarios and compare each transcript with its golden file.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay scenarios and compare each transcript with its .golden file.",
    discussion: """
      A missing golden file is recorded, except when the environment variable CI is set. \
      --update rewrites golden files. Ends with a line `N passed, N failed`. Scenarios run in \
      worker processes, many per process, each as if in a process of its own; one that traps \
      or hangs is reported as a crash and the others go on.
      """)

  @ArgumentParser.Argument(help: "Scenario files or folders (default: scenarios/).")
  var paths: [String] = []

  @Flag(help: "Rewrite the golden files with the replayed transcripts.")
  var update = false

  @Option(help: "Replay only scenarios whose path contains TEXT.")
  var filter: String?

  @Option(help: "How many worker processes replay at once (default: the number of cores).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(help: "Replay part K of N of the scenarios, split by path (for N CI machines).")
  var shard: Shard?

  @Option(help: "Output: human (a line per scenario, diffs), jsonl (one JSON object per scenario) or github (human, and each failure as a GitHub Actions annotation on its scenario line; the default under GitHub Actions).")
  var format: OutputFormat?

  @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "FILE"))
  var junit: String?


  @Option(help: ArgumentHelp("Also explore each scenario under N schedules (`explore`); a schedule whose outcome differs from the golden run's fails.", valueName: "N"))
  var explore: Int?

  @OptionGroup var guards: GuardOptions

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    if let explore, explore < 1 { throw ValidationError("--explore must be 1 or more") }
  }

  func run() throws {
    var scenarios: [String]
    do {
      scenarios = try ScenarioFiles.collect(paths.isEmpty ? ["scenarios"] : paths, filter: filter)
    } catch {
      throw ValidationError("\(error)")
    }
    if let shard { scenarios = ScenarioFiles.shard(scenarios, index: shard.index, of: shard.count) }
    let environment = ProcessInfo.processInfo.environment
    let check = GoldenCheck(update: update, inCI: environment["CI"].map { !$0.isEmpty } ?? false)
    // Under GitHub Actions, failures become annotations on the scenario's line unless asked otherwise.
    let format = format ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .human)
    let runner = ReplayRunner(
      pool: WorkerPool(executable: CurrentExecutable.path, arguments: guards.arguments, jobs: jobs),
      check: check, format: format)
    let selected = scenarios
    let verdicts = awaitBlocking { await runner.run(selected) }
    if let junit {
      do {
        let report = JUnitOutput().summary(of: verdicts, name: "\(ToolName.current) replay").output
        try Data(report.utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
      } catch {
        throw ValidationError("cannot write the JUnit report \(junit): \(error.localizedDescription)")
      }
    }
    var failed = verdicts.contains(where: { !$0.passed })
    if let explore {
      failed = exploreAll(selected, schedules: explore) || failed
    }
    if failed { throw ExitCode(1) }
  }

  /// `--explore N`: explores every scenario; reports those where a schedule fails besides the
  /// first-in-first-out run the golden file already judged. Returns whether any did.
  private func exploreAll(_ scenarios: [String], schedules: Int) -> Bool {
    // Cannot fail: every option has a default.
    var options = try! ExploreOptions.parse([])
    options.schedules = schedules
    options.guards = guards
    let explorations = Explore.explore(scenarios, options: options, jobs: jobs)
    var failed = 0
    for (path, exploration) in zip(scenarios, explorations)
    where exploration.failedBesidesFIFO > 0 || exploration.stopped != nil || exploration.raceMissing {
      failed += exploration.failedBesidesFIFO
      writeAll(2, ExplorationReport.lines(exploration, name: path).joined(separator: "\n") + "\n")
    }
    writeAll(1, "explore: " + ExplorationReport.total(explorations, failed: failed) + "\n")
    return failed > 0 || explorations.contains { $0.stopped != nil || $0.raceMissing }
  }
}
