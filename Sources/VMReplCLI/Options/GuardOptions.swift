import ArgumentParser
import Simulation

/// The guards against a view-model that never stops: the runaway limit and the watchdog. Every
/// command that runs view-model code takes them, and hands them on to its workers.
struct GuardOptions: ParsableArguments {
  @Option(help: "The most jobs one step may run before it is stopped as a runaway; a hundredth of it at one virtual instant, time not moving (0: no limit).")
  var maxJobs: Int = Simulation.defaultMaxJobsPerStep

  @Option(help: "Seconds one job of the view-model may run without returning before it is stopped (0: never).")
  var watchdog: Double = Self.defaultWatchdog

  /// The watchdog's default limit, in the option's unit.
  static let defaultWatchdog = Double(Simulation.defaultWatchdogLimit.components.seconds)

  /// Both guards at their defaults, set rather than parsed (see `UnparsedCommands`).
  static var unparsed: GuardOptions {
    var guards = GuardOptions()
    guards.maxJobs = Simulation.defaultMaxJobsPerStep
    guards.watchdog = defaultWatchdog
    return guards
  }

  func validate() throws {
    guard maxJobs >= 0 else { throw ValidationError("--max-jobs must be 0 or more") }
    guard watchdog >= 0 else { throw ValidationError("--watchdog must be 0 or more") }
  }

  /// The same guards on a worker's command line; the defaults are left out.
  var arguments: [String] {
    (watchdog == Self.defaultWatchdog ? [] : ["--watchdog", "\(watchdog)"])
      + (maxJobs == Simulation.defaultMaxJobsPerStep ? [] : ["--max-jobs", "\(maxJobs)"])
  }

  /// Installs the simulation with these guards.
  @discardableResult
  func install() -> Simulation {
    let simulation = Simulation.install()
    simulation.maxJobsPerStep = maxJobs
    simulation.watchdogLimit = .milliseconds(Int64(watchdog * 1000))
    simulation.setWatchdogHint("change the limit with --watchdog SECONDS")
    return simulation
  }
}
