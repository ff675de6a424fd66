import ArgumentParser
import Processes
import Simulation
import Scenario

/// `vmrepl reference`: the language reference in Markdown, made from the command table
/// (`docs/reference/language.md` holds what it prints).
struct Reference: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reference",
    abstract: "Print the command language's reference (Markdown), made from the command table.",
    shouldDisplay: false)

  func run() throws {
    writeAll(1, ScenarioReference.markdown)
  }
}
