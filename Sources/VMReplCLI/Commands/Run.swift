import ArgumentParser
import Foundation
import Scenario

/// `vmrepl run FILE`: execute a scenario and print its transcript, no golden file involved.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
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
    var iterator = ScenarioText.lines(text).makeIterator()
    let outcome = MainActor.assumeIsolated {
      ScriptRunner(options: options, transcript: transcript, file: file).run { iterator.next() }
    }
    if outcome.failed { throw ExitCode(outcome.exitCode) }
  }
}
