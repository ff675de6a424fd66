/// The commands of the language: their names, usage, one-line meaning and an example.
package struct CommandInfo: Sendable {
  package var name: String
  package var usage: String
  package var summary: String
  package var example: String
}

/// Every command, in the order `help` lists them.
package enum CommandTable {
  package static let all: [CommandInfo] = [
    CommandInfo(name: "models", usage: "models", summary: "list the view-models that can be used", example: "models"),
    CommandInfo(name: "use", usage: "use MODEL [key=value ...]", summary: "start a fresh session on a new instance of MODEL, with options", example: "use refresh work=2s"),
    CommandInfo(name: "describe", usage: "describe", summary: "the current model's actions, properties, dependencies and options", example: "describe"),
    CommandInfo(name: "connect", usage: "connect", summary: "start the view's lifecycle work (SwiftUI's .task) as an effect", example: "connect"),
    CommandInfo(name: "disconnect", usage: "disconnect", summary: "cancel the lifecycle work: the view disappears", example: "disconnect"),
    CommandInfo(name: "send", usage: "send ACTION [ARGS ...]", summary: "deliver a user action without letting time pass; async work is reported as an effect", example: "send refresh"),
    CommandInfo(name: "await", usage: "await [#N ...] | await send ACTION [ARGS ...]", summary: "let virtual time pass until the effects (default: all work) end, or send an action and wait for it", example: "await send refresh"),
    CommandInfo(name: "cancel", usage: "cancel [#N ... | all]", summary: "cancel effects (default: the most recent running one)", example: "cancel #1"),
    CommandInfo(name: "advance", usage: "advance DURATION", summary: "move virtual time forward, running what falls due in deadline order", example: "advance 1.5s"),
    CommandInfo(name: "settle", usage: "settle", summary: "advance to each next timer until none is left", example: "settle"),
    CommandInfo(name: "set", usage: "set PROPERTY VALUE", summary: "write a bindable view property, as a text field or toggle would", example: "set word \"swift\""),
    CommandInfo(name: "state", usage: "state [PATH]", summary: "print the whole view state or the part at PATH", example: "state uiState.isLoading"),
    CommandInfo(name: "expect", usage: "expect PATH OP VALUE | expect #N STATUS | expect time == DURATION | expect log contains \"TEXT\"", summary: "check the state, an effect, the virtual time or the log", example: "expect uiState.isLoading == false"),
    CommandInfo(name: "respond", usage: "respond DEPENDENCY OUTCOME [key=value ...]", summary: "answer the oldest pending request of a scripted dependency", example: "respond search ok count=3"),
    CommandInfo(name: "stub", usage: "stub DEPENDENCY OUTCOME [key=value ...]", summary: "answer future requests of a scripted dependency automatically", example: "stub search ok count=3 latency=300ms"),
    CommandInfo(name: "seed", usage: "seed N", summary: "seed every random source: the model's, SystemRandomNumberGenerator, UUID()", example: "seed 42"),
    CommandInfo(name: "date", usage: "date [DATE] [tz=ZONE] [locale=ID]", summary: "print the virtual wall clock, or set it (and where later sessions start) and the time zone; works before `use`", example: "date 2026-03-15T08:30:00 tz=Europe/Paris"),
    CommandInfo(name: "effects", usage: "effects", summary: "list every effect: id, action, status, start and end time", example: "effects"),
    CommandInfo(name: "time", usage: "time", summary: "print the virtual time", example: "time"),
    CommandInfo(name: "log", usage: "log", summary: "print the event log of this session", example: "log"),
    CommandInfo(name: "help", usage: "help [COMMAND]", summary: "list commands, or one command's usage with an example", example: "help send"),
    CommandInfo(name: "quit", usage: "quit", summary: "leave (Ctrl-D too)", example: "quit"),
    CommandInfo(name: "exit", usage: "exit", summary: "leave (Ctrl-D too)", example: "exit"),
  ]

  /// All command names.
  package static var names: [String] { all.map(\.name) }

  /// The command a word names: exact, or the only command it is a prefix of.
  package static func resolve(_ word: String, column: Int) throws(ScenarioError) -> CommandInfo {
    if let exact = all.first(where: { $0.name == word }) { return exact }
    let matches = all.filter { $0.name.hasPrefix(word) }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      let names = matches.map { "`\($0.name)`" }.joined(separator: ", ")
      throw ScenarioError("ambiguous command `\(word)`: it starts \(names)", column: column)
    }
    let hint = Suggestion.hint(for: word, in: names)
    throw ScenarioError("unknown command `\(word)`\(hint)" + (hint.isEmpty ? " (`help` lists commands)" : ""), column: column)
  }
}
