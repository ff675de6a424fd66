import ArgumentParser
import Foundation
import Scenario

/// The REPL's options: the session's, and how standard input is read.
struct ReplOptions: ParsableArguments {
  @OptionGroup var options: SessionOptions

  @Flag(help: "Use the line editor even when standard input is not a terminal.")
  var interactive = false

  @Flag(help: "Read commands as a script even from a terminal.")
  var batch = false

  /// Every option at its default, set rather than parsed (see `UnparsedCommands`).
  static var unparsed: ReplOptions {
    var repl = ReplOptions()
    repl.options = .unparsed
    repl.interactive = false
    repl.batch = false
    return repl
  }

  func validate() throws {
    if interactive && batch { throw ValidationError("--interactive and --batch exclude each other") }
  }

  /// Runs the REPL over standard input: the line editor on a terminal, a script otherwise.
  func runRepl() throws {
    let terminalInput = isatty(0) == 1
    let useEditor = interactive || (terminalInput && !batch)
    // Decided before the session points standard output elsewhere to capture prints.
    let environment = ProcessInfo.processInfo.environment
    let color = useEditor && isatty(1) == 1 && !options.noColor && options.format == .human
      && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    let outcome = MainActor.assumeIsolated { () -> ScriptOutcome in
      let interactive = useEditor && options.format == .human
      let runner = ScriptRunner(options: options, transcript: false)
      guard interactive else {
        return runner.run { readLine(strippingNewline: true) }
      }
      let repl = InteractiveRepl(timeline: runner.timeline, output: runner.output, color: color)
      return repl.run(firstCommand: options.use.map { "use \($0)" }) ? .failed : .passed
    }
    if outcome.failed && !useEditor { throw ExitCode(outcome.exitCode) }
  }
}

/// `vmrepl repl`: the REPL, by name (the root command runs it too).
struct Repl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Read commands from standard input (what the command does with no subcommand).",
    shouldDisplay: false)

  @OptionGroup var repl: ReplOptions

  func run() throws { try repl.runRepl() }
}
