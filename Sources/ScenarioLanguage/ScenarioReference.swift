/// The language reference (`docs/reference/language.md`), made from the command table, so that a
/// new command or a changed usage reaches the reference without anyone editing it: `vmrepl
/// reference` prints it, and a test checks that the committed file is what it prints.
package enum ScenarioReference {
  /// The reference as Markdown: every command by what it does to the session, in `help`'s order.
  package static var markdown: String {
    var lines: [String] = [
      "# The command language",
      "",
      "<!-- Made from the command table (Sources/ScenarioLanguage/CommandTable.swift) by",
      "     `vmrepl reference > docs/reference/language.md`; a test fails when the two differ. -->",
      "",
      "A session, a `.scenario` file and a program driving `vmrepl` all speak this language: one",
      "command a line; a `#` that does not start `#N` or `#rN` starts a comment. A command may be shortened to any prefix",
      "that names only it (`adv 1s`). In the REPL, `help COMMAND` prints a command's entry.",
      "",
      "Commands that **change the model** end their output with the view state, as a diff when it",
      "changed; commands that **look** change neither the model nor the world and are no step of",
      "the history; the **others** change a setting, move in the history, read a file or leave.",
      "",
    ]
    let groups: [(String, CommandRole)] = [
      ("Commands that change the model", .changesModel),
      ("Commands that look", .query),
      ("A command that wraps another", .modifier),
      ("Settings, history, files", .other),
    ]
    for (title, role) in groups {
      lines += ["## \(title)", ""]
      for name in CommandName.allCases where name.role == role {
        lines += entry(name)
      }
    }
    lines += [
      "## Values",
      "",
      "- A **duration** is a number and a unit, one of `ns`, `us`, `ms`, `s`, `m`, `h`: `250ms`, `1.5s`, `2m`.",
      "- An **effect** is `#N`, as `send` and `connect` number them; a **request** of a dependency is `#rN`.",
      "- A **path** into the state is properties joined by dots, with `[N]` for an element: `uiState.items[0].title`.",
      "- A **value** is a number (`42`, `1.5`), a string in double quotes, a bare word (a string, or an enum case by its name), `true` or `false`, `nil`, a duration, or a list (`[1, 2]`).",
      "- An **effect status** in `expect #N STATUS` is one of: " + EffectStatus.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ".",
      "- A **comparison** in `expect` is one of: " + Comparison.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ".",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  private static func entry(_ name: CommandName) -> [String] {
    var lines = ["### `\(name.rawValue)`", "", "```text", name.usage, "```", "", name.summary.prefix(1).uppercased() + name.summary.dropFirst() + "."]
    if name.example != name.rawValue || name.slots.isEmpty == false {
      lines += ["", "Example: `\(name.example)`"]
    }
    switch name.handler {
    case .frontEnd where name == .explore:
      lines += ["", "It works on the session's history, which it re-runs from the `use` afterwards. The REPL, `run` and `replay` carry it out; `vmrepl explore` of a file leaves its `explore` lines out."]
    case .frontEnd: lines += ["", "Only the interactive REPL carries it out; a script rejects it with an error."]
    case .timeline: lines += ["", "It works on the session's history, which it re-runs from the `use`."]
    case .session, .modifier: break
    }
    lines.append("")
    return lines
  }
}
