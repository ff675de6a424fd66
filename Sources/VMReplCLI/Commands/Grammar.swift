import ArgumentParser
import Processes
import Simulation
import Scenario

/// `vmrepl grammar`: the TextMate grammar of `.scenario` files, made from the command table
/// (`Editors/vscode/syntaxes/vmrepl-scenario.tmLanguage.json` holds what it prints).
struct Grammar: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grammar",
    abstract: "Print the TextMate grammar of .scenario files (for editors), made from the command table.",
    shouldDisplay: false)

  func run() throws {
    writeAll(1, ScenarioGrammar.json)
  }
}
