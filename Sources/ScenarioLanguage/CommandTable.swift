/// Every command of the language: the one list the parser, the session, `help`, completion and
/// prefix matching read.
///
/// A new command is a new case here and its entry in `spec` (CommandSpecs.swift), which holds
/// all the language knows of it; the compiler then asks for the `Command` case its parse makes
/// and the handler that carries it out. Front-end commands (`save`, `run`) are in the table
/// too, so that `help`, prefixes, quoting and completion work for them; the session hands them
/// back to the front end that claimed them. The properties below read the command's `spec`.
package enum CommandName: String, CaseIterable, Sendable {
  case models, use, describe, connect, disconnect, leave, send, await, cancel, advance, settle, set, state,
    expect, fails, race, respond, stub, requests, seed, date, defaults, storage, schedule, ready, step, watch, effects, time, log, history,
    timeline, undo, redo, goto, diff, explore, save, run, help, quit, exit

  /// How the command is written.
  package var usage: String { spec.usage }

  /// What the command does, in one line.
  package var summary: String { spec.summary }

  /// A line that uses the command, as `help COMMAND` shows it.
  package var example: String { spec.example }

  /// What the words after the name are, in order; the last slot takes every further word.
  package var slots: [CommandSlot] { spec.slots }

  /// What carries the command out: the session, the timeline that keeps its history, or the
  /// interactive front end. The parser makes the matching case of `Command`.
  package var handler: CommandHandler { spec.handler }

  /// What the command does to the session: changes the model, only looks, or changes a setting.
  package var role: CommandRole { spec.role }

  /// Where the command stands in a session's life: `use` begins a model's session (its time
  /// counts from zero, its state is no change from the last model's, the history starts at it),
  /// `quit` ends the REPL's.
  package var life: SessionLife { spec.life }

  /// Whether a query line is kept with the step before it when it held, as part of the scenario
  /// `save` writes: a check.
  package var isCheck: Bool { self == .expect }

  /// The slot the next word fills after `words` (the command's name first): the slots in order,
  /// the last repeating, with the forms that change what follows. `await #1 #2` takes references
  /// to the end and `await send ACTION ARGS` reads like `send`; `respond api #r2 ok` has its
  /// outcome one word later than `respond api ok count=3`. Nil for a command that takes no words.
  package func slot(after words: [String]) -> CommandSlot? {
    let position = words.count
    guard !slots.isEmpty, position > 0 else { return nil }
    if self == .await, position > 1 {
      return words[1] == "send" ? (position == 2 ? .action : .actionArgument) : .effect(orAll: false)
    }
    if self == .respond, position > 2, !words[2].hasPrefix("#r") {
      return position == 3 ? .outcomeArgument : slots[slots.count - 1]
    }
    return slots[min(position - 1, slots.count - 1)]
  }

  /// What exploring a scenario does with a line of the command: most run under every schedule;
  /// `schedule` and `explore` are left out (the exploration chooses the schedule, and would
  /// explore inside a run); time travel re-runs earlier steps in the middle, which one schedule
  /// cannot pin, so a scenario with it cannot be explored.
  package var underExploration: ExplorationRole { spec.underExploration }

  /// Whether the front end, not the session, carries the command out.
  package var isFrontEnd: Bool { handler == .frontEnd }

  /// Whether the command can change the model, so its output ends with the view state.
  package var showsState: Bool { role == .changesModel }

  /// Whether the command only looks: it changes neither the model nor the world.
  package var isQuery: Bool { role == .query }

  /// How a step of the command ends, by its role: a query looks without running what a stopped
  /// step left ready; any other command runs every ready job first. (`step`, `advance ... until`
  /// and the settings refine it per form: `SessionCommand.ending`.)
  package var ending: StepEnding { isQuery ? .asItWas : .runsReadyJobs }

  /// All command names, in the order `help` lists them.
  package static var names: [String] { allCases.map(\.rawValue) }

  /// The command a word names: exact, or the only command it is a prefix of.
  package static func resolve(_ word: String, column: Int) throws(ScenarioError) -> CommandName {
    if let exact = CommandName(rawValue: word) { return exact }
    let matches = allCases.filter { $0.rawValue.hasPrefix(word) }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 {
      throw ScenarioError(.ambiguousCommand(word, candidates: matches), column: column)
    }
    throw Suggestion.unknown("command", word, among: names, otherwise: " (`help` lists commands)", column: column)
  }
}

/// What carries a command out.
package enum CommandHandler: Sendable {
  case session, timeline, frontEnd
  /// Nothing of its own: it changes how the command after it is judged (`fails`).
  case modifier
}

/// What a command does to the session.
package enum CommandRole: Sendable {
  /// It can change the model: its output ends with the view state.
  case changesModel
  /// It only looks: it changes neither the model nor the world, and is not a step of the history.
  case query
  /// It wraps another command, whose role is the line's (`fails`).
  case modifier
  /// A setting, a move in the history, a file or leaving.
  case other
}

/// What exploring a scenario does with a line of a command (`CommandName.underExploration`).
package enum ExplorationRole: Sendable {
  case runs, leftOut, preventsExploration
}

/// Where a command stands in a session's life (`CommandName.life`).
package enum SessionLife: Sendable {
  case begins, goesOn, ends
}

/// How a step ends, once its command was carried out.
package enum StepEnding: Sendable {
  /// It runs every ready job (and settles) before it returns: most commands.
  case runsReadyJobs
  /// It stops between two jobs, leaving the rest ready: `step`, `step until`, `advance ... until`.
  case betweenJobs
  /// A stopped step stays stopped (nothing more runs); otherwise it runs what is ready, as most
  /// do: queries, and settings that start no work of their own.
  case asItWas
}

/// What a word after a command's name stands for: what completion offers there.
package enum CommandSlot: Equatable, Sendable {
  case model, modelOption
  case action, actionArgument
  /// `#N` references; with `orAll`, the word `all` too.
  case effect(orAll: Bool)
  /// `send` or `#N` after `await`.
  case awaitTarget
  case property, value, statePath
  /// A state path, `#N`, `time` or `log`.
  case expectSubject
  /// A comparison, or an effect status after `#N`.
  case expectOperator
  case dependency, outcome, outcomeArgument
  /// A pending request `#rN` of the dependency, or an outcome.
  case requestOrOutcome
  case duration, number, dateSetting, command
  /// `strategy=`, `depth=`, `seed=` of `explore` (a count of schedules first).
  case exploreOption
  /// A step number of the history.
  case step
  /// A path on disk, which only the front end can list.
  case file
  /// A fixed option such as `--force`.
  case flag(String)
}

/// A comparison an `expect` line makes.
package enum Comparison: String, CaseIterable, Sendable {
  case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
  case contains

  /// The ordering comparisons, which need two values that have an order.
  package var isOrdering: Bool {
    switch self {
    case .less, .lessOrEqual, .greater, .greaterOrEqual: true
    case .equal, .notEqual, .contains: false
    }
  }

  /// Whether `order` (negative, zero, positive: actual against expected) satisfies the comparison.
  package func holds(order: Int) -> Bool {
    switch self {
    case .equal: order == 0
    case .notEqual: order != 0
    case .less: order < 0
    case .lessOrEqual: order <= 0
    case .greater: order > 0
    case .greaterOrEqual: order >= 0
    case .contains: false
    }
  }
}
