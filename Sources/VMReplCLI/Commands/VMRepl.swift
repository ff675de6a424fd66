import ArgumentParser

/// `vmrepl`: exercise view-model scenarios on a deterministic executor with virtual time.
struct VMRepl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vmrepl",
    abstract: "Exercise view-model scenarios: every async effect on virtual time, every step printed.",
    discussion: """
      With no subcommand, vmrepl reads commands from standard input: interactively on a terminal, \
      as a script otherwise (`vmrepl < session.scenario`). Type `help` for the command language.
      Exit status: 0 success; 1 a failed expect, a rejected command or a golden mismatch; 2 a usage error.
      """,
    version: vmreplVersion,
    subcommands: [Repl.self, Run.self, Replay.self, Models.self],
    defaultSubcommand: Repl.self
  )
}

let vmreplVersion = "0.1.0"

/// Options every command that runs a session shares.
struct SessionOptions: ParsableArguments {
  @Option(help: "Output format: human or jsonl (one JSON object per command).")
  var format: OutputFormat = .human

  @Flag(help: "Stop at the first rejected command or failed expect.")
  var bail = false

  @Option(help: "The most jobs one step may run before it is stopped as a runaway.")
  var maxJobs: Int = 5_000_000

  @Option(help: "Seconds one job may run without returning before the process is stopped (0: never).")
  var watchdog: Double = 10

  @Flag(help: "Never colour output.")
  var noColor = false

  @Option(help: ArgumentHelp("Start with `use MODEL`.", valueName: "MODEL"))
  var use: String?

  func validate() throws {
    guard maxJobs >= 0 else { throw ValidationError("--max-jobs must be 0 or more") }
    guard watchdog >= 0 else { throw ValidationError("--watchdog must be 0 or more") }
  }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case human, jsonl
}
