import ArgumentParser
import Scenario

/// The options `explore` and its workers share: which schedules, drawn how, and the guards.
struct ExploreOptions: ParsableArguments {
  @Option(help: "How many schedules to run per scenario, the first-in-first-out one included.")
  var schedules: Int = 100

  @Option(help: "How schedules are drawn: pct (priorities with D-1 change points) or random.")
  var strategy: ExploreStrategy = .pct

  @Option(help: "PCT's bug depth D: how many ordering constraints a bug it aims at needs.")
  var depth: Int = 2

  @Option(help: "The seed schedules are drawn from; the same seed gives the same schedules.")
  var seed: UInt64 = 0

  @Flag(help: "Instead of schedules: cancel each running effect (or disconnect the view) after each job, first in, first out, and check the expects from there on.")
  var cancelAnywhere = false

  @Option(help: "Seconds the view-model's code may run without returning before its schedule is stopped (0: never).")
  var watchdog: Double = 10

  @Option(help: "The most jobs one step may run before it is stopped as a runaway.")
  var maxJobs: Int = 5_000_000

  func validate() throws {
    guard schedules >= 1 else { throw ValidationError("--schedules must be 1 or more") }
    guard (1...10).contains(depth) else { throw ValidationError("--depth must be from 1 to 10") }
    guard watchdog >= 0 else { throw ValidationError("--watchdog must be 0 or more") }
    guard maxJobs >= 0 else { throw ValidationError("--max-jobs must be 0 or more") }
  }

  var request: ExploreRequest {
    ExploreRequest(schedules: schedules, strategy: strategy, depth: depth, seed: seed)
  }

  /// The same options, for a worker's command line.
  var arguments: [String] {
    ["--schedules", "\(schedules)", "--strategy", strategy.rawValue, "--depth", "\(depth)", "--seed", "\(seed)",
     "--watchdog", "\(watchdog)", "--max-jobs", "\(maxJobs)"] + (cancelAnywhere ? ["--cancel-anywhere"] : [])
  }
}

extension ExploreStrategy: ExpressibleByArgument {}
