/// All the language knows of one command: how it is written and described, the words it takes,
/// what carries it out, and how its line is read. `CommandName.spec` gives each command's.
///
/// ```swift
/// CommandSpec(
///   usage: "leave", summary: "the screen goes away: ...",
///   handler: .session, role: .changesModel,
///   parse: { _ in .session(.leave) })
/// ```
package struct CommandSpec: Sendable {
  /// How the command is written (`send ACTION [ARGS ...]`).
  package var usage: String
  /// What the command does, in one line.
  package var summary: String
  /// A line that uses the command, as `help COMMAND` shows it.
  package var example: String
  /// What the words after the name are, in order; the last slot takes every further word.
  package var slots: [CommandSlot]
  /// What carries the command out: the session, the timeline that keeps its history, or the
  /// interactive front end; `parse` makes the matching case of `Command`.
  package var handler: CommandHandler
  /// What the command does to the session: changes the model, only looks, or changes a setting.
  package var role: CommandRole
  /// Where the command stands in a session's life: `use` begins a model's session (its time
  /// counts from zero, its state is no change from the last model's, the history starts at it),
  /// `quit` ends the REPL's.
  package var life: SessionLife
  /// What exploring a scenario does with a line of the command: most run under every schedule;
  /// `schedule` and `explore` are left out (the exploration chooses the schedule, and would
  /// explore inside a run); time travel re-runs earlier steps in the middle, which one schedule
  /// cannot pin, so a scenario with it cannot be explored.
  package var underExploration: ExplorationRole
  /// Reads the words after the command's name (the reader stands at the first) into the command;
  /// errors point at the word that is wrong. The parser then checks that no word is left.
  let parse: @Sendable (_ reader: inout TokenReader) throws(ScenarioError) -> Command

  init(
    usage: String, summary: String, example: String? = nil, slots: [CommandSlot] = [],
    handler: CommandHandler, role: CommandRole, life: SessionLife = .goesOn, underExploration: ExplorationRole = .runs,
    parse: @escaping @Sendable (_ reader: inout TokenReader) throws(ScenarioError) -> Command
  ) {
    self.usage = usage
    self.summary = summary
    self.example = example ?? usage
    self.slots = slots
    self.handler = handler
    self.role = role
    self.life = life
    self.underExploration = underExploration
    self.parse = parse
  }
}
