/// Every command's description, in one place: how it is written and described, the words it
/// takes, what carries it out, and how its line is read. Adding a command is a case of
/// `CommandName`, its entry here, and its handler (docs/architecture.md, "Adding a command").
extension CommandName {
  /// The command's description.
  package var spec: CommandSpec {
    switch self {
    case .models:
      CommandSpec(
        usage: "models",
        summary: "list the view-models that can be used",
        handler: .session, role: .query,
        parse: { _ in .session(.models) })
    case .use:
      CommandSpec(
        usage: "use MODEL [key=value ...]",
        summary: "start a fresh session on a new instance of MODEL, with options",
        example: "use refresh work=2s",
        slots: [.model, .modelOption],
        handler: .session, role: .changesModel, life: .begins,
        parse: { reader throws(ScenarioError) in
          let model = try reader.word("a model name (`models` lists them)")
          return .session(.use(model: model, options: reader.arguments()))
        })
    case .describe:
      CommandSpec(
        usage: "describe",
        summary: "the current model's actions, properties, dependencies and options",
        handler: .session, role: .query,
        parse: { _ in .session(.describe) })
    case .connect:
      CommandSpec(
        usage: "connect",
        summary: "start the view's lifecycle work (SwiftUI's .task) as an effect",
        handler: .session, role: .changesModel,
        parse: { _ in .session(.connect) })
    case .disconnect:
      CommandSpec(
        usage: "disconnect",
        summary: "cancel the lifecycle work: the view disappears",
        handler: .session, role: .changesModel,
        parse: { _ in .session(.disconnect) })
    case .leave:
      CommandSpec(
        usage: "leave",
        summary: "the screen goes away: the lifecycle work is cancelled and the model let go; says whether it was freed and what it left running",
        handler: .session, role: .changesModel,
        parse: { _ in .session(.leave) })
    case .send:
      CommandSpec(
        usage: "send ACTION [ARGS ...]",
        summary: "deliver a user action without letting time pass; async work is reported as an effect",
        example: "send refresh",
        slots: [.action, .actionArgument],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in
          let action = try reader.word("an action name (`describe` lists them)")
          return .session(.send(action: action, arguments: reader.arguments(), awaited: false))
        })
    case .await:
      CommandSpec(
        usage: "await [#N ...] | await send ACTION [ARGS ...]",
        summary: "let virtual time pass until the effects (default: all work) end, or send an action and wait for it",
        example: "await send refresh",
        slots: [.awaitTarget, .action, .actionArgument],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in
          if let token = reader.next, let word = token.word {
            guard "send".hasPrefix(word) && word.count >= 2 || word == "send" else {
              throw ScenarioError(.expected("`send` or effect references like `#1` after `await`", found: token.text), column: token.column)
            }
            reader.position += 1
            let action = try reader.word("an action name (`describe` lists them)")
            return .session(.send(action: action, arguments: reader.arguments(), awaited: true))
          }
          return .session(.await(try reader.effectSelection(allowAll: false)))
        })
    case .cancel:
      CommandSpec(
        usage: "cancel [#N ... | all]",
        summary: "cancel effects (default: the most recent running one)",
        example: "cancel #1",
        slots: [.effect(orAll: true)],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in .session(.cancel(try reader.effectSelection(allowAll: true))) })
    case .advance:
      CommandSpec(
        usage: "advance DURATION | advance until EXPR",
        summary: "move virtual time forward, running what falls due in deadline order; `until EXPR`: only until `expect`'s EXPR holds, saying after which job",
        example: "advance 1.5s",
        slots: [.duration],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in
          if reader.next?.word == "until" {
            _ = reader.take()
            return .session(.advanceUntil(try reader.condition()))
          }
          return .session(.advance(try reader.duration()))
        })
    case .settle:
      CommandSpec(
        usage: "settle",
        summary: "advance to each next timer until none is left",
        handler: .session, role: .changesModel,
        parse: { _ in .session(.settle) })
    case .set:
      CommandSpec(
        usage: "set PROPERTY VALUE",
        summary: "write a bindable view property, as a text field or toggle would",
        example: "set word \"swift\"",
        slots: [.property, .value],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in
          let property = try reader.word("a property name (`describe` lists them)")
          let value = try reader.value("a value")
          return .session(.set(property: property, value: value))
        })
    case .state:
      CommandSpec(
        usage: "state [PATH]",
        summary: "print the whole view state or the part at PATH",
        example: "state uiState.isLoading",
        slots: [.statePath],
        handler: .session, role: .query,
        parse: { reader throws(ScenarioError) in
          guard reader.next != nil else { return .session(.state(path: nil)) }
          return .session(.state(path: try reader.word("a state path like `items.count`")))
        })
    case .expect:
      CommandSpec(
        usage: "expect PATH OP VALUE | expect #N STATUS | expect time == DURATION | expect log contains \"TEXT\" | expect warnings == N | expect requests DEPENDENCY == N | expect idle | expect freed",
        summary: "check the state, an effect, the virtual time, the log, the count of warnings, how many requests a dependency was sent since `use`, that nothing is left running (`idle`), or that the model `leave` let go of was freed (`freed`)",
        example: "expect uiState.isLoading == false",
        slots: [.expectSubject, .expectOperator, .value],
        handler: .session, role: .query,
        parse: { reader throws(ScenarioError) in .session(try reader.expectation()) })
    case .fails:
      CommandSpec(
        usage: "fails [\"TEXT\"] COMMAND",
        summary: "run COMMAND and check that it fails (its error containing TEXT): an error a scenario checks on purpose, which then is no failure; a COMMAND that succeeds fails",
        example: "fails \"unknown action\" send refesh",
        slots: [.command],
        handler: .modifier, role: .modifier,
        parse: { reader throws(ScenarioError) in try reader.failingCommand() })
    case .race:
      CommandSpec(
        usage: "race [\"TEXT\"]",
        summary: "say that the scenario demonstrates a race: `explore` fails it when no schedule finds a failure (containing TEXT) that first in, first out does not have",
        example: "race \"count == 2\"",
        slots: [.value],
        handler: .session, role: .other,
        parse: { reader throws(ScenarioError) in
          guard let token = reader.take() else { return .session(.race(nil)) }
          guard case .value(.string(let text)) = token.kind else {
            throw ScenarioError(.expected("a quoted text the failure must contain, like `race \"count == 2\"`", found: token.text), column: token.column)
          }
          return .session(.race(Located(value: text, column: token.column)))
        })
    case .respond:
      CommandSpec(
        usage: "respond DEPENDENCY [#rN | \"TEXT\" | METHOD PATH] OUTCOME [key=value ...]",
        summary: "answer a pending request of a scripted dependency (`http` too): the oldest, the one `#rN` names, the oldest whose description contains TEXT, or (for `http`) the oldest on a route",
        example: "respond search #r2 ok count=3",
        slots: [.dependency, .requestOrOutcome, .outcome, .outcomeArgument],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in
          let dependency = try reader.word("a dependency name (`describe` lists them)")
          var request: RequestSelector?
          if let token = reader.next, case .value(.request(let id)) = token.kind {
            _ = reader.take()
            request = .id(Located(value: id, column: token.column))
          } else if let token = reader.next, case .value(.string(let text)) = token.kind {
            _ = reader.take()
            request = .matching(Located(value: text, column: token.column))
          } else {
            request = try reader.route()
          }
          let (outcome, arguments) = try reader.answer()
          return .session(.respond(dependency: dependency, request: request, outcome: outcome, arguments: arguments))
        })
    case .stub:
      CommandSpec(
        usage: "stub DEPENDENCY [METHOD PATH] OUTCOME [key=value ...]",
        summary: "answer future requests of a scripted dependency automatically (`http`: on a route, `GET /items/*`); before `use`, from the next model's `init` on (`http` and stand-ins)",
        example: "stub search ok count=3 latency=300ms",
        slots: [.dependency, .outcome, .outcomeArgument],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in
          let dependency = try reader.word("a dependency name (`describe` lists them)")
          if let token = reader.next, case .value(.request) = token.kind {
            throw ScenarioError(.stubTakesNoRequest(dependency: dependency.value, request: token.text), column: token.column)
          }
          let route = try reader.route()
          let (outcome, arguments) = try reader.answer()
          return .session(.stub(dependency: dependency, route: route, outcome: outcome, arguments: arguments))
        })
    case .requests:
      CommandSpec(
        usage: "requests",
        summary: "the requests of scripted dependencies (`http` too) waiting for an answer, oldest first, each with the `respond` line that answers it",
        handler: .session, role: .query,
        parse: { _ in .session(.requests) })
    case .seed:
      CommandSpec(
        usage: "seed N",
        summary: "seed every random source: the model's, SystemRandomNumberGenerator, UUID()",
        example: "seed 42",
        slots: [.number],
        handler: .session, role: .other,
        parse: { reader throws(ScenarioError) in
          let seed = try reader.value("a number")
          guard case .int(let number) = seed.value, number >= 0 else {
            throw ScenarioError(.outOfRange(option: "seed", range: "a whole number 0 or more", got: "\(seed.value)"), column: seed.column)
          }
          return .session(.seed(UInt64(number)))
        })
    case .date:
      CommandSpec(
        usage: "date [DATE] [tz=ZONE] [locale=ID]",
        summary: "print the virtual wall clock, or set it (and where later sessions start) and the time zone; works before `use`",
        example: "date 2026-03-15T08:30:00 tz=Europe/Paris",
        slots: [.dateSetting],
        handler: .session, role: .other,
        parse: { reader throws(ScenarioError) in .session(try reader.dateCommand()) })
    case .defaults:
      CommandSpec(
        usage: "defaults [KEY VALUE] [suite=NAME]",
        summary: "set a UserDefaults value the view-model reads (`nil` removes it), or bare: show them; it also seeds the next `use`, whose storage otherwise starts empty",
        example: "defaults launches 3",
        slots: [.value, .value, .flag("suite=")],
        handler: .session, role: .other,
        parse: { reader throws(ScenarioError) in .session(try reader.defaultsCommand()) })
    case .storage:
      CommandSpec(
        usage: "storage",
        summary: "what the view-model stored: UserDefaults values and files in its sandbox (emptied at every `use`)",
        handler: .session, role: .other,
        parse: { _ in .session(.storage) })
    case .schedule:
      CommandSpec(
        usage: "schedule [fifo | CHOICE:CANDIDATE ...]",
        summary: "run the rest under a pinned schedule: at each CHOICE point the CANDIDATE-th ready job (1 is first in, first out); bare: show it",
        example: "schedule 4:2 9:2",
        slots: [.flag("fifo")],
        handler: .session, role: .other, underExploration: .leftOut,
        parse: { reader throws(ScenarioError) in .session(.schedule(try reader.scheduleSetting())) })
    case .ready:
      CommandSpec(
        usage: "ready",
        summary: "the jobs that may run next, numbered as `schedule` and `step` count them, each named by its code and whose work it is",
        handler: .session, role: .query,
        parse: { _ in .session(.ready) })
    case .step:
      CommandSpec(
        usage: "step [N] | step until EXPR | step COMMAND",
        summary: "run exactly one job (the N-th that may run next; default 1), then show what it did and what is ready; `until EXPR`: one at a time until it holds; `step connect` (or `send`, `set`, `cancel`, `respond`): start it, run nothing",
        example: "step 2",
        slots: [.number],
        handler: .session, role: .changesModel,
        parse: { reader throws(ScenarioError) in .session(try reader.stepCommand()) })
    case .watch:
      CommandSpec(
        usage: "watch [PATH | off]",
        summary: "from now on, report each change of the state at PATH with the job that made it and the time; bare: list the watches; `off`: stop",
        example: "watch uiState.isLoading",
        slots: [.statePath],
        handler: .session, role: .other,
        parse: { reader throws(ScenarioError) in
          guard reader.next != nil else { return .session(.watch(nil)) }
          let path = try reader.word("a state path like `items.count`, or `off`")
          return .session(path.value == "off" ? .watchOff : .watch(path))
        })
    case .effects:
      CommandSpec(
        usage: "effects",
        summary: "list every effect: id, action, status, start and end time",
        handler: .session, role: .query,
        parse: { _ in .session(.effects) })
    case .time:
      CommandSpec(
        usage: "time",
        summary: "print the virtual time",
        handler: .session, role: .query,
        parse: { _ in .session(.time) })
    case .log:
      CommandSpec(
        usage: "log",
        summary: "print the event log of this session",
        handler: .session, role: .query,
        parse: { _ in .session(.log) })
    case .history:
      CommandSpec(
        usage: "history",
        summary: "the session's steps since its `use`, numbered, with what each did; the current one marked",
        handler: .timeline, role: .query,
        parse: { _ in .timeline(.history) })
    case .timeline:
      CommandSpec(
        usage: "timeline [--svg FILE]",
        summary: "the session so far as a picture: a row per effect, hidden work and dependency's requests, a column per step with its virtual time; `--svg FILE` writes it as a picture",
        example: "timeline --svg refresh.svg",
        slots: [.flag("--svg"), .file],
        handler: .timeline, role: .query,
        parse: { reader throws(ScenarioError) in
          guard let flag = reader.take() else { return .timeline(.timeline(svg: nil)) }
          guard flag.text == "--svg" else {
            throw ScenarioError(.unexpectedWord(flag.text, after: reader.name), column: flag.column)
          }
          guard let file = reader.take(), let path = file.word ?? file.value?.text else {
            throw reader.missing("a file to write the picture to after `--svg`")
          }
          return .timeline(.timeline(svg: Located(value: path, column: file.column)))
        })
    case .undo:
      CommandSpec(
        usage: "undo [N]",
        summary: "go back N steps (default 1) by re-running the session from its `use`, and show the state then",
        example: "undo 2",
        slots: [.number],
        handler: .timeline, role: .other, underExploration: .preventsExploration,
        parse: { reader throws(ScenarioError) in .timeline(.undo(reader.next == nil ? nil : try reader.count())) })
    case .redo:
      CommandSpec(
        usage: "redo [N]",
        summary: "re-apply N undone steps (default 1), while no new command has been typed",
        example: "redo",
        slots: [.number],
        handler: .timeline, role: .other, underExploration: .preventsExploration,
        parse: { reader throws(ScenarioError) in .timeline(.redo(reader.next == nil ? nil : try reader.count())) })
    case .goto:
      CommandSpec(
        usage: "goto STEP",
        summary: "go to step STEP of the history, back or forward",
        example: "goto 3",
        slots: [.step],
        handler: .timeline, role: .other, underExploration: .preventsExploration,
        parse: { reader throws(ScenarioError) in .timeline(.goto(try reader.step())) })
    case .diff:
      CommandSpec(
        usage: "diff STEP [STEP]",
        summary: "the state diff between two steps (default second step: the current one)",
        example: "diff 2 4",
        slots: [.step, .step],
        handler: .timeline, role: .query,
        parse: { reader throws(ScenarioError) in .timeline(.diff(try reader.step(), reader.next == nil ? nil : try reader.step())) })
    case .explore:
      CommandSpec(
        usage: "explore [N] [strategy=pct|random] [depth=D] [seed=S]",
        summary: "run the history under N schedules (default 100) the runtime allows; outcomes, and a minimal schedule for each failure",
        example: "explore 200 strategy=pct depth=3 seed=7",
        slots: [.exploreOption],
        handler: .frontEnd, role: .query, underExploration: .leftOut,
        parse: { reader throws(ScenarioError) in .frontEnd(.explore(try reader.exploreRequest())) })
    case .save:
      CommandSpec(
        usage: "save FILE [--force]",
        summary: "write the commands since the last `use` as a scenario and record its golden file (interactive REPL)",
        example: "save scenarios/double-tap.scenario",
        slots: [.file, .flag("--force")],
        handler: .frontEnd, role: .other,
        parse: { reader throws(ScenarioError) in
          var file: Located<String>?
          var force = false
          while let token = reader.take() {
            if token.text == "--force" {
              force = true
            } else if file == nil, let text = token.value?.text {
              file = Located(value: text, column: token.column)
            } else {
              throw ScenarioError(.unexpectedWord(token.text, after: reader.name), column: token.column)
            }
          }
          guard let file else { throw reader.missing("a file name ending in .scenario") }
          return .frontEnd(.save(file: file, force: force))
        })
    case .run:
      CommandSpec(
        usage: "run FILE",
        summary: "run the commands in FILE in this session (interactive REPL)",
        example: "run scenarios/double-tap.scenario",
        slots: [.file],
        handler: .frontEnd, role: .other,
        parse: { reader throws(ScenarioError) in
          let file = try reader.value("a file name")
          guard let text = file.value.text else {
            throw ScenarioError(.expected("a file name", found: "\(file.value)", usage: reader.name), column: file.column)
          }
          return .frontEnd(.run(file: Located(value: text, column: file.column)))
        })
    case .help:
      CommandSpec(
        usage: "help [COMMAND]",
        summary: "list commands, or one command's usage with an example",
        example: "help send",
        slots: [.command],
        handler: .session, role: .query,
        parse: { reader throws(ScenarioError) in
          guard reader.next != nil else { return .session(.help(nil)) }
          return .session(.help(try reader.word("a command name")))
        })
    case .quit:
      CommandSpec(
        usage: "quit",
        summary: "leave (Ctrl-D too)",
        handler: .session, role: .other, life: .ends,
        parse: { _ in .session(.quit) })
    case .exit:
      CommandSpec(
        usage: "exit",
        summary: "leave (Ctrl-D too)",
        handler: .session, role: .other, life: .ends,
        parse: { _ in .session(.quit) })
    }
  }
}
