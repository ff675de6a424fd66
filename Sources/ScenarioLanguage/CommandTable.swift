/// Every command of the language: the one list the parser, the session, `help`, completion and
/// prefix matching read.
///
/// A new command is a new case here; the compiler then points at every switch that must learn
/// it. Front-end commands (`save`, `run`) are in the table too, so that `help`, prefixes,
/// quoting and completion work for them; the session hands them back to the front end that
/// claimed them.
package enum CommandName: String, CaseIterable, Sendable {
  case models, use, describe, connect, disconnect, leave, send, await, cancel, advance, settle, set, state,
    expect, fails, race, respond, stub, seed, date, defaults, storage, schedule, ready, step, watch, effects, time, log, history,
    timeline, undo, redo, goto, diff, explore, save, run, help, quit, exit

  /// How the command is written.
  package var usage: String {
    switch self {
    case .use: "use MODEL [key=value ...]"
    case .send: "send ACTION [ARGS ...]"
    case .await: "await [#N ...] | await send ACTION [ARGS ...]"
    case .cancel: "cancel [#N ... | all]"
    case .advance: "advance DURATION | advance until EXPR"
    case .step: "step [N] | step until EXPR | step COMMAND"
    case .watch: "watch [PATH | off]"
    case .set: "set PROPERTY VALUE"
    case .state: "state [PATH]"
    case .expect: "expect PATH OP VALUE | expect #N STATUS | expect time == DURATION | expect log contains \"TEXT\" | expect warnings == N | expect idle | expect freed"
    case .fails: "fails [\"TEXT\"] COMMAND"
    case .race: "race [\"TEXT\"]"
    case .respond: "respond DEPENDENCY [#rN | \"TEXT\" | METHOD PATH] OUTCOME [key=value ...]"
    case .stub: "stub DEPENDENCY [METHOD PATH] OUTCOME [key=value ...]"
    case .seed: "seed N"
    case .date: "date [DATE] [tz=ZONE] [locale=ID]"
    case .defaults: "defaults [KEY VALUE] [suite=NAME]"
    case .schedule: "schedule [fifo | CHOICE:CANDIDATE ...]"
    case .explore: "explore [N] [strategy=pct|random] [depth=D] [seed=S]"
    case .history: "history"
    case .timeline: "timeline [--svg FILE]"
    case .undo: "undo [N]"
    case .redo: "redo [N]"
    case .goto: "goto STEP"
    case .diff: "diff STEP [STEP]"
    case .save: "save FILE [--force]"
    case .run: "run FILE"
    case .help: "help [COMMAND]"
    case .models, .describe, .connect, .disconnect, .leave, .settle, .effects, .time, .log, .storage, .ready, .quit, .exit: rawValue
    }
  }

  /// What the command does, in one line.
  package var summary: String {
    switch self {
    case .models: "list the view-models that can be used"
    case .use: "start a fresh session on a new instance of MODEL, with options"
    case .describe: "the current model's actions, properties, dependencies and options"
    case .connect: "start the view's lifecycle work (SwiftUI's .task) as an effect"
    case .disconnect: "cancel the lifecycle work: the view disappears"
    case .leave: "the screen goes away: the lifecycle work is cancelled and the model let go; says whether it was freed and what it left running"
    case .send: "deliver a user action without letting time pass; async work is reported as an effect"
    case .await: "let virtual time pass until the effects (default: all work) end, or send an action and wait for it"
    case .cancel: "cancel effects (default: the most recent running one)"
    case .advance: "move virtual time forward, running what falls due in deadline order; `until EXPR`: only until `expect`'s EXPR holds, saying after which job"
    case .settle: "advance to each next timer until none is left"
    case .set: "write a bindable view property, as a text field or toggle would"
    case .state: "print the whole view state or the part at PATH"
    case .expect: "check the state, an effect, the virtual time, the log, the count of warnings, that nothing is left running (`idle`), or that the model `leave` let go of was freed (`freed`)"
    case .fails: "run COMMAND and check that it fails (its error containing TEXT): an error a scenario checks on purpose, which then is no failure; a COMMAND that succeeds fails"
    case .race: "say that the scenario demonstrates a race: `explore` fails it when no schedule finds a failure (containing TEXT) that first in, first out does not have"
    case .respond: "answer a pending request of a scripted dependency (`http` too): the oldest, the one `#rN` names, the oldest whose description contains TEXT, or (for `http`) the oldest on a route"
    case .stub: "answer future requests of a scripted dependency automatically (`http`: on a route, `GET /items/*`); before `use`, from the next model's `init` on (`http` and stand-ins)"
    case .seed: "seed every random source: the model's, SystemRandomNumberGenerator, UUID()"
    case .date: "print the virtual wall clock, or set it (and where later sessions start) and the time zone; works before `use`"
    case .defaults: "set a UserDefaults value the view-model reads (`nil` removes it), or bare: show them; it also seeds the next `use`, whose storage otherwise starts empty"
    case .storage: "what the view-model stored: UserDefaults values and files in its sandbox (emptied at every `use`)"
    case .schedule: "run the rest under a pinned schedule: at each CHOICE point the CANDIDATE-th ready job (1 is first in, first out); bare: show it"
    case .explore: "run the history under N schedules (default 100) the runtime allows; outcomes, and a minimal schedule for each failure"
    case .ready: "the jobs that may run next, numbered as `schedule` and `step` count them, each named by its code and whose work it is"
    case .step: "run exactly one job (the N-th that may run next; default 1), then show what it did and what is ready; `until EXPR`: one at a time until it holds; `step connect` (or `send`, `set`, `cancel`, `respond`): start it, run nothing"
    case .watch: "from now on, report each change of the state at PATH with the job that made it and the time; bare: list the watches; `off`: stop"
    case .effects: "list every effect: id, action, status, start and end time"
    case .time: "print the virtual time"
    case .log: "print the event log of this session"
    case .history: "the session's steps since its `use`, numbered, with what each did; the current one marked"
    case .timeline: "the session so far as a picture: a row per effect, hidden work and dependency's requests, a column per step with its virtual time; `--svg FILE` writes it as a picture"
    case .undo: "go back N steps (default 1) by re-running the session from its `use`, and show the state then"
    case .redo: "re-apply N undone steps (default 1), while no new command has been typed"
    case .goto: "go to step STEP of the history, back or forward"
    case .diff: "the state diff between two steps (default second step: the current one)"
    case .save: "write the commands since the last `use` as a scenario and record its golden file (interactive REPL)"
    case .run: "run the commands in FILE in this session (interactive REPL)"
    case .help: "list commands, or one command's usage with an example"
    case .quit, .exit: "leave (Ctrl-D too)"
    }
  }

  /// A line that uses the command, as `help COMMAND` shows it.
  package var example: String {
    switch self {
    case .use: "use refresh work=2s"
    case .send: "send refresh"
    case .await: "await send refresh"
    case .cancel: "cancel #1"
    case .advance: "advance 1.5s"
    case .step: "step 2"
    case .watch: "watch uiState.isLoading"
    case .set: "set word \"swift\""
    case .state: "state uiState.isLoading"
    case .expect: "expect uiState.isLoading == false"
    case .fails: "fails \"unknown action\" send refesh"
    case .race: "race \"count == 2\""
    case .respond: "respond search #r2 ok count=3"
    case .stub: "stub search ok count=3 latency=300ms"
    case .seed: "seed 42"
    case .date: "date 2026-03-15T08:30:00 tz=Europe/Paris"
    case .defaults: "defaults launches 3"
    case .storage: "storage"
    case .schedule: "schedule 4:2 9:2"
    case .explore: "explore 200 strategy=pct depth=3 seed=7"
    case .history: "history"
    case .timeline: "timeline --svg refresh.svg"
    case .undo: "undo 2"
    case .redo: "redo"
    case .goto: "goto 3"
    case .diff: "diff 2 4"
    case .save: "save scenarios/double-tap.scenario"
    case .run: "run scenarios/double-tap.scenario"
    case .help: "help send"
    case .models, .describe, .connect, .disconnect, .leave, .settle, .effects, .time, .log, .ready, .quit, .exit: rawValue
    }
  }

  /// What the words after the name are, in order; the last slot takes every further word.
  package var slots: [CommandSlot] {
    switch self {
    case .use: [.model, .modelOption]
    case .send: [.action, .actionArgument]
    case .await: [.awaitTarget, .action, .actionArgument]
    case .cancel: [.effect(orAll: true)]
    case .advance: [.duration]
    case .step: [.number]
    case .watch: [.statePath]
    case .set: [.property, .value]
    case .state: [.statePath]
    case .expect: [.expectSubject, .expectOperator, .value]
    case .fails: [.command]
    case .race: [.value]
    case .respond: [.dependency, .requestOrOutcome, .outcome, .outcomeArgument]
    case .stub: [.dependency, .outcome, .outcomeArgument]
    case .seed: [.number]
    case .date: [.dateSetting]
    case .defaults: [.value, .value, .flag("suite=")]
    case .storage: []
    case .schedule: [.flag("fifo")]
    case .explore: [.exploreOption]
    case .undo, .redo: [.number]
    case .goto: [.step]
    case .diff: [.step, .step]
    case .save: [.file, .flag("--force")]
    case .timeline: [.flag("--svg"), .file]
    case .run: [.file]
    case .help: [.command]
    case .models, .describe, .connect, .disconnect, .leave, .settle, .effects, .time, .log, .history, .ready, .quit, .exit: []
    }
  }

  /// What carries the command out: the session, the timeline that keeps its history, or the
  /// interactive front end. The parser makes the matching case of `Command`.
  package var handler: CommandHandler {
    switch self {
    case .models, .use, .describe, .connect, .disconnect, .leave, .send, .await, .cancel, .advance, .settle, .set, .state,
      .expect, .respond, .stub, .seed, .date, .defaults, .storage, .schedule, .ready, .step, .watch, .effects, .time,
      .log, .help, .quit, .exit, .race:
      .session
    case .fails: .modifier
    case .history, .timeline, .undo, .redo, .goto, .diff: .timeline
    case .save, .run, .explore: .frontEnd
    }
  }

  /// What the command does to the session: changes the model, only looks, or changes a setting.
  package var role: CommandRole {
    switch self {
    case .use, .connect, .disconnect, .leave, .send, .await, .cancel, .advance, .settle, .set, .respond, .stub, .step: .changesModel
    case .fails: .modifier
    case .state, .expect, .effects, .time, .log, .describe, .models, .help, .history, .diff, .explore, .ready, .timeline: .query
    case .race, .seed, .date, .defaults, .storage, .schedule, .watch, .undo, .redo, .goto, .save, .run, .quit, .exit: .other
    }
  }

  /// Where the command stands in a session's life: `use` begins a model's session (its time
  /// counts from zero, its state is no change from the last model's, the history starts at it),
  /// `quit` ends the REPL's.
  package var life: SessionLife {
    switch self {
    case .use: .begins
    case .quit, .exit: .ends
    default: .goesOn
    }
  }

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
  package var underExploration: ExplorationRole {
    switch self {
    case .schedule, .explore: .leftOut
    case .undo, .redo, .goto: .preventsExploration
    default: .runs
    }
  }

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
