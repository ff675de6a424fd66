import ArgumentParser
import Foundation
import Processes
import Scenario
import ScenarioExploration
import Simulation

/// `vmrepl explore`: replay scenarios under many schedules the Swift runtime allows, and report
/// the outcomes, with a minimal schedule for each failure.
struct Explore: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore",
    abstract: "Replay scenarios under many schedules the Swift runtime allows; report outcomes and minimal failing schedules.",
    discussion: """
      Schedule 1 is first in, first out; the others are drawn by --strategy from --seed. A \
      schedule fails only on a failure first-in-first-out order does not have: a failed expect, \
      a rejected command, a crash, a deadlock, a runaway (first in, first out fails on its own \
      failures). Other differences are outcomes, grouped by the state and the verdict of each \
      step (--strict: by the whole transcript); work still armed at the end is a note. A \
      scenario with a `race` line fails when no schedule finds its race. Each failing outcome \
      is shrunk to its fewest departures from first-in-first-out order, shown as a `schedule` \
      line that pins it. Ends with `N schedules, K outcomes, F failed`. Exit status 1 when \
      any schedule fails or a race is not found.
      """)

  @ArgumentParser.Argument(help: "Scenario files or folders.")
  var paths: [String]

  @OptionGroup var options: ExploreOptions

  @Option(help: ArgumentHelp("Write each minimal failing schedule as a scenario in DIR.", valueName: "DIR"))
  var save: String?

  @Option(help: "Output: human (the report) or jsonl (one JSON object per scenario, without transcripts).")
  var format: OutputFormat = .human

  @Option(help: ArgumentHelp("Explore part K of N of the scenarios (a CI matrix), as `replay --shard` splits them; the shards' jsonl lines together are one machine's.", valueName: "K/N"))
  var shard: Shard?

  @Option(help: "How many worker processes explore at once (default: the number of cores).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
  }

  func run() throws {
    var scenarios: [String]
    do {
      scenarios = try ScenarioFiles.collect(paths, filter: nil)
    } catch {
      throw ValidationError("\(error)")
    }
    if let shard { scenarios = ScenarioFiles.shard(scenarios, index: shard.index, of: shard.count) }
    if options.cancelAnywhere {
      let runner = Self.runner(options: options, jobs: jobs)
      let selected = scenarios
      let results = awaitBlocking { await runner.runCancels(selected) }
      let renderer = format.renderer()
      for (path, result) in zip(scenarios, results) {
        renderer.render(result, name: path).write()
      }
      renderer.summary(of: results).write()
      if results.contains(where: { $0.failed > 0 || $0.stopped != nil }) { throw ExitCode(1) }
      return
    }
    let explorations = Self.explore(scenarios, options: options, jobs: jobs)
    var failed = false
    let renderer = format.renderer()
    for (path, exploration) in zip(scenarios, explorations) {
      renderer.render(exploration, name: path).write()
      failed = failed || exploration.isFailure
    }
    renderer.summary(of: explorations).write()
    if let save {
      do {
        // In JSON lines mode, standard output holds only the objects.
        for line in try ScheduleScenarios.save(explorations, scenarios: scenarios, to: save) { writeAll(format == .jsonl ? 2 : 1, line + "\n") }
      } catch {
        throw ValidationError("cannot save to \(save): \(error.localizedDescription)")
      }
    }
    if failed { throw ExitCode(1) }
  }

  /// Explores `scenarios` in worker processes of this executable.
  static func explore(_ scenarios: [String], options: ExploreOptions, jobs: Int) -> [Exploration] {
    let runner = runner(options: options, jobs: jobs)
    return awaitBlocking { await runner.run(scenarios) }
  }

  /// A runner on `jobs` explore workers of this executable.
  static func runner(options: ExploreOptions, jobs: Int) -> ExploreRunner {
    var pool = WorkerPool(executable: CurrentExecutable.path, arguments: options.arguments, jobs: jobs)
    pool.subcommand = "explore-worker"
    return ExploreRunner(pool: pool, request: options.request)
  }
}
