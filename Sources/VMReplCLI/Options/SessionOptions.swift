import ArgumentParser

/// Options every command that runs a session shares.
package struct SessionOptions: ParsableArguments {
  @Option(help: "Output format: human or jsonl (one JSON object per command).")
  var format: OutputFormat = .human

  @Flag(help: "Stop at the first rejected command or failed expect.")
  var bail = false

  @OptionGroup var guards: GuardOptions

  @Flag(help: "Never colour output.")
  var noColor = false

  @Option(help: ArgumentHelp("Start with `use MODEL`.", valueName: "MODEL"))
  var use: String?

  /// Every option at its default, set rather than parsed (see `UnparsedCommands`).
  package static var unparsed: SessionOptions {
    var options = SessionOptions()
    options.format = .human
    options.bail = false
    options.guards = .unparsed
    options.noColor = false
    options.use = nil
    return options
  }

  /// `unparsed`, with the runaway limit and the watchdog set (the session fuzz target's, lower
  /// than a user's, so that a looping input ends well within libFuzzer's time per input).
  package static func unparsed(maxJobs: Int, watchdog: Double) -> SessionOptions {
    var options = unparsed
    options.guards.maxJobs = maxJobs
    options.guards.watchdog = watchdog
    return options
  }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// `github`: the human format, and each failure of a replay as a GitHub Actions annotation
  /// (chosen by itself under GitHub Actions).
  case human, jsonl, github
}
