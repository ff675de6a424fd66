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

  @Flag(help: "Count any difference of the transcript as another outcome, the order of the same events in a step and the ids requests got included.")
  var strict = false

  @Flag(help: "Instead of schedules: cancel each running effect (or disconnect the view) after each job, first in, first out, and check the expects from there on.")
  var cancelAnywhere = false

  @OptionGroup var guards: GuardOptions

  func validate() throws {
    guard schedules >= 1 else { throw ValidationError("--schedules must be 1 or more") }
    guard (1...10).contains(depth) else { throw ValidationError("--depth must be from 1 to 10") }
  }

  var request: ExploreRequest {
    ExploreRequest(schedules: schedules, strategy: strategy, depth: depth, seed: seed, strict: strict)
  }

  /// The same options, for a worker's command line.
  var arguments: [String] {
    ["--schedules", "\(schedules)", "--strategy", strategy.rawValue, "--depth", "\(depth)", "--seed", "\(seed)",
    ] + guards.arguments + (cancelAnywhere ? ["--cancel-anywhere"] : []) + (strict ? ["--strict"] : [])
  }
}

extension ExploreStrategy: ExpressibleByArgument {}
