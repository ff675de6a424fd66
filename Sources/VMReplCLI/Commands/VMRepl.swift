import ArgumentParser

/// `vmrepl`: the REPL (the default subcommand), `run`, `replay` and `models`.
///
/// Its help shows the REPL's own options (`--use`, `--format`, `--bail`...), so that a new user
/// is not sent to `vmrepl help repl` to find them. The REPL stays a default subcommand rather than
/// the root: options of a root command would take `replay --format` and `--watchdog` from it.
struct VMRepl: ParsableCommand {
  // Made once: the parser reads it many times, and the REPL's help text in it is not cheap.
  static let configuration: CommandConfiguration = {
    CommandConfiguration(
      commandName: ToolName.current,
      abstract: "Exercise view-model scenarios: every async effect on virtual time, every step printed.",
      discussion: """
        With no subcommand, \(ToolName.current) reads commands from standard input: interactively on a \
        terminal, as a script otherwise (`\(ToolName.current) < session.scenario`). Type `help` for the \
        command language.
        Exit status: 0 success; 1 a failed expect, a rejected command, a deadlock or a golden mismatch; \
        2 a usage error; 3 `run` or a script whose only failures are awaits on requests the scenario has \
        not answered.

        \(replOptions)
        """,
      version: vmreplVersion,
      subcommands: [Repl.self, Run.self, Replay.self, Explore.self, Audit.self, Models.self, Grammar.self, Reference.self]
        + ModelCatalog.extraCommands + [ReplayWorker.self, ExploreWorker.self, AuditWorker.self],
      defaultSubcommand: Repl.self)
  }()

  /// The REPL's options, as its own help lists them, under a heading of their own; rendered only
  /// when help is asked for, since every start reads the configuration.
  private static var replOptions: String {
    let asksForHelp = CommandLine.arguments.dropFirst().contains { ["-h", "--help", "help"].contains($0) }
    guard asksForHelp else { return "" }
    let help = Repl.helpMessage(columns: 78)
    guard let start = help.range(of: "OPTIONS:") else { return "" }
    let options = help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("-h, --help") && !$0.contains("--version") }
    return "REPL OPTIONS (with no subcommand):" + options.joined(separator: "\n")
  }
}

let vmreplVersion = "0.1.0"
