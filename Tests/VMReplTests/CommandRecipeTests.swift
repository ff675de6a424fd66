import Foundation
import ScenarioLanguage
import Testing

/// The add-a-command recipe (docs/architecture.md, "Where new things go") held for every command
/// of the table. `CommandName` is a closed enum, so a test cannot add a toy command of its own;
/// instead every command must show each step of the recipe from outside, so a command added
/// later that skips one (no example, not in the reference, not routed to a handler) fails here.
@Suite("the add-a-command recipe, for every command of the table")
struct CommandRecipeTests {
  /// Every command but the two that end the input.
  static let commands = CommandName.allCases.filter { $0 != .quit && $0 != .exit }

  @Test("`help NAME` prints the table's usage, summary and example, and the reference has its entry")
  func helpAndReference() async throws {
    let reference = try String(
      contentsOf: VMReplProcess.packageRoot.appendingPathComponent("docs/reference/language.md"), encoding: .utf8)
    let input = Self.commands.map { "help \($0.rawValue)\n" }.joined()
    let result = try await VMReplProcess.run([], input: input)
    // Booleans first, so that a failure names the command instead of printing the whole text.
    for name in Self.commands {
      let helped = result.output.contains("usage: \(name.usage)\n") && result.output.contains("example: \(name.example)\n")
      let documented = reference.contains("### `\(name.rawValue)`\n\n```text\n\(name.usage)\n```")
      #expect(helped, "`help \(name.rawValue)` does not print the table's usage and example")
      #expect(documented, "docs/reference/language.md has no entry for `\(name.rawValue)`: run `vmrepl reference`")
    }
  }

  @Test("each command's example is routed to a handler in a session: no line is an unknown command or an internal error")
  func examplesReachAHandler() async throws {
    // In a folder of its own: `save`'s example writes a file.
    let folder = try VMReplProcess.folder("command-recipe", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in Self.commands {
      let input = "use search\n\(name.example)\n"
      let result = try await VMReplProcess.run([], input: input, directory: folder)
      #expect(!result.errors.contains("unknown command"), "\(name.example): \(result.errors)")
      #expect(!result.errors.contains("internal error"), "\(name.example): \(result.errors)")
      let echoed = result.output.contains("> \(name.example)\n")
      #expect(echoed, "`\(name.example)` was not run")
      #expect(result.signal == nil && (result.status == 0 || result.status == 1), "\(name.example): exit \(result.status)")
    }
  }
}
