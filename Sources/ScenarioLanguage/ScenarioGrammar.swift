/// The TextMate grammar of `.scenario` files (VS Code, Sublime Text and GitHub read this
/// format), made from the command table, so a new command is highlighted without anyone
/// editing the grammar: `vmrepl grammar` prints it, and a test checks that
/// `Editors/vscode/syntaxes/vmrepl-scenario.tmLanguage.json` is what it prints.
package enum ScenarioGrammar {
  package static let scopeName = "source.vmrepl-scenario"

  /// The grammar as JSON, keys in a fixed order.
  package static var json: String {
    // Longest first: an alternation takes the first name that matches.
    let names: [String] = CommandName.allCases.map(\.rawValue).filter { $0 != "fails" }
    let commands: [String] = names.sorted { (a: String, b: String) -> Bool in a.count != b.count ? a.count > b.count : a < b }
    let statuses = EffectStatus.allCases.map(\.rawValue).joined(separator: "|")
    let literals: String = #"\b(?:true|false|nil|"# + statuses + #")\b"#
    func rule(_ name: String, _ match: String) -> [(String, JSON.Node)] { [("name", .string(name)), ("match", .string(match))] }
    let prefix: String = #"^\s*(?:(fails)\s+(?:("(?:[^"\\]|\\.)*")\s+)?)?("#
    let line: String = prefix + commands.joined(separator: "|") + #")\b"#
    let patterns: [(String, [(String, JSON.Node)])] = [
      ("command", [
        ("match", .string(line)),
        ("captures", .object([
          ("1", .object([("name", .string("keyword.other.fails.vmrepl"))])),
          ("2", .object([("name", .string("string.quoted.double.vmrepl"))])),
          ("3", .object([("name", .string("keyword.control.command.vmrepl"))])),
        ])),
      ]),
      ("reference", rule("variable.other.reference.vmrepl", #"#r?[0-9]+\b"#)),
      ("comment", rule("comment.line.number-sign.vmrepl", #"#.*$"#)),
      ("string", [
        ("name", .string("string.quoted.double.vmrepl")), ("begin", .string(#"""#)), ("end", .string(#"""#)),
        ("patterns", .array([.object(rule("constant.character.escape.vmrepl", #"\\["\\nt]"#))])),
      ]),
      ("duration", rule("constant.numeric.duration.vmrepl", #"\b-?[0-9]+(?:\.[0-9]+)?(?:ns|us|ms|s|m|h)\b"#)),
      ("number", rule("constant.numeric.vmrepl", #"\b-?[0-9]+(?:\.[0-9]+)?\b"#)),
      ("literal", rule("constant.language.vmrepl", literals)),
      ("enumCase", rule("constant.other.enum-case.vmrepl", #"(?<![\w.])\.[A-Za-z_][A-Za-z0-9_]*"#)),
      ("option", rule("variable.parameter.option.vmrepl", #"\b[A-Za-z_][A-Za-z0-9_.]*(?==)"#)),
      ("operator", rule("keyword.operator.comparison.vmrepl", #"==|!=|<=|>=|<|>|\bcontains\b"#)),
    ]
    let grammar: JSON.Node = .object([
      ("name", .string("vmrepl scenario")),
      ("scopeName", .string(scopeName)),
      ("fileTypes", .array([.string("scenario")])),
      ("patterns", .array(patterns.map { .object([("include", .string("#" + $0.0))]) })),
      ("repository", .object(patterns.map { ($0.0, .object($0.1)) })),
    ])
    return JSON.write(grammar) + "\n"
  }
}
