import ArgumentParser
import Foundation
import Scenario

/// The REPL over standard input (the default command).
struct Repl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Read commands from standard input (the default).",
    shouldDisplay: false)

  @OptionGroup var options: SessionOptions

  @Flag(help: "Use the line editor even when standard input is not a terminal.")
  var interactive = false

  @Flag(help: "Read commands as a script even from a terminal.")
  var batch = false

  func validate() throws {
    if interactive && batch { throw ValidationError("--interactive and --batch exclude each other") }
  }

  func run() throws {
    let terminalInput = isatty(0) == 1
    let useEditor = interactive || (terminalInput && !batch)
    // Decided before the session points standard output elsewhere to capture prints.
    let environment = ProcessInfo.processInfo.environment
    let color = useEditor && isatty(1) == 1 && !options.noColor && options.format == .human
      && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    let failed = MainActor.assumeIsolated { () -> Bool in
      let runner = ScriptRunner(options: options, transcript: false)
      guard useEditor && options.format == .human else {
        return runner.run { readLine(strippingNewline: true) }
      }
      var repl = InteractiveRepl(session: runner.session, color: color)
      return repl.run(firstCommand: options.use.map { "use \($0)" })
    }
    if failed && !useEditor { throw ExitCode(1) }
  }
}

/// `vmrepl run FILE`: execute a scenario and print its transcript, no golden file involved.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Execute the commands in FILE and print the transcript.")

  @ArgumentParser.Argument(help: "A .scenario file (or any file of commands).")
  var file: String

  @OptionGroup var options: SessionOptions

  @Flag(name: .customLong("transcript"), help: .hidden)
  var transcript = false

  func run() throws {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      throw ValidationError("cannot read `\(file)`")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    var iterator = lines.makeIterator()
    let failed = MainActor.assumeIsolated {
      ScriptRunner(options: options, transcript: transcript).run { iterator.next() }
    }
    if failed { throw ExitCode(1) }
  }
}

/// `vmrepl models`: list the models.
struct Models: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "List the view-models that can be used.")

  func run() throws {
    let failed = MainActor.assumeIsolated {
      var lines = ["models"].makeIterator()
      let options = (try? SessionOptions.parse([])) ?? SessionOptions()
      return ScriptRunner(options: options, transcript: false).runQuietly { lines.next() }
    }
    if failed { throw ExitCode(1) }
  }
}

extension ScriptRunner {
  /// Runs lines printing only their output, without echoing them.
  func runQuietly(_ next: () -> String?) -> Bool {
    let renderer = TranscriptRenderer(echo: false, errorsInline: false)
    var failed = false
    while let line = next() {
      let result = session.execute(line)
      let (output, errors) = renderer.render(result)
      session.writeOutput(output)
      session.writeError(errors)
      failed = failed || result.error != nil
    }
    return failed
  }
}
