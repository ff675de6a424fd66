package import ScheduleNotation

/// A word of a command and where it stands, so later checks can point at it.
package struct Located<Wrapped: Equatable & Sendable>: Equatable, Sendable {
  package var value: Wrapped
  package var column: Int

  package init(value: Wrapped, column: Int) {
    self.value = value
    self.column = column
  }
}

/// An argument to an action, an option or an outcome: positional or `name=value`.
package struct CommandArgument: Equatable, Sendable {
  /// The name, for `name=value`; nil for a positional argument.
  package var name: String?
  package var value: CommandValue
  package var column: Int

  package init(name: String? = nil, value: CommandValue, column: Int) {
    self.name = name
    self.value = value
    self.column = column
  }
}

/// Which effects a command names.
package enum EffectSelection: Equatable, Sendable {
  /// No effect named: the command's default.
  case unspecified
  /// `all`.
  case all
  /// `#N ...`.
  case ids([Located<Int>])
}

/// A command about the session's history, which a `Timeline` carries out: it keeps the steps.
package enum TimelineCommand: Equatable, Sendable {
  case history
  /// `undo [N]`: N steps back, default 1.
  case undo(Located<Int>?)
  /// `redo [N]`: N undone steps forward, default 1.
  case redo(Located<Int>?)
  /// `goto STEP`.
  case goto(Located<Int>)
  /// `diff STEP [STEP]`.
  case diff(Located<Int>, Located<Int>?)
  /// `timeline [--svg FILE]`: the session so far as a picture.
  case timeline(svg: Located<String>?)

  /// The table entry of the command.
  package var name: CommandName {
    switch self {
    case .history: .history
    case .undo: .undo
    case .redo: .redo
    case .goto: .goto
    case .diff: .diff
    case .timeline: .timeline
    }
  }
}

/// A command the interactive front end carries out: it reads and writes files.
package enum FrontEndCommand: Equatable, Sendable {
  /// `save FILE [--force]`.
  case save(file: Located<String>, force: Bool)
  /// `run FILE`.
  case run(file: Located<String>)
  /// `explore`: runs the history under many schedules, then comes back to the current step.
  case explore(ExploreRequest)

  /// The file it names, if any.
  package var file: Located<String>? {
    switch self {
    case .save(let file, _), .run(let file): file
    case .explore: nil
    }
  }

  /// The table entry of the command.
  package var name: CommandName {
    switch self {
    case .save: .save
    case .run: .run
    case .explore: .explore
    }
  }
}

/// A parsed command of the vmrepl language, by what carries it out: the session, the timeline
/// that keeps its history, or the interactive front end (`CommandName.handler` says which for
/// each name).
package enum Command: Equatable, Sendable {
  case session(SessionCommand)
  case timeline(TimelineCommand)
  case frontEnd(FrontEndCommand)
  /// `fails ["TEXT"] COMMAND`: the command, which must fail; or the error it got when it did
  /// not parse, which is then the error the line checks.
  indirect case failing(ErrorExpectation, Result<Command, ScenarioError>)

  /// The table entry of the command (for `fails`, of the command it wraps, or `fails` when that
  /// did not parse).
  package var name: CommandName {
    switch self {
    case .session(let command): command.name
    case .timeline(let command): command.name
    case .frontEnd(let command): command.name
    case .failing(_, .success(let command)): command.name
    case .failing(_, .failure): .fails
    }
  }

  /// Whether the command can change the model, so its output ends with the view state.
  package var showsState: Bool { name.showsState }

  /// How a step of the command ends.
  package var ending: StepEnding {
    if case .session(let command) = self { return command.ending }
    return name.ending
  }

  /// Whether it is a `fails` line whose command did not parse.
  package var isUnparsedFailing: Bool {
    if case .failing(_, .failure) = self { return true }
    return false
  }
}

/// What a `schedule` line says.
package enum ScheduleSetting: Equatable, Sendable {
  /// `schedule`: show the schedule in force.
  case show
  /// `schedule fifo`: first in, first out from here.
  case fifo
  /// `schedule 4:2 9:2`: these departures from first-in-first-out order, counted from here.
  case pinned([Departure])
}

/// How `explore` draws its schedules.
package enum ExploreStrategy: String, CaseIterable, Equatable, Sendable, Codable {
  case pct, random
}

/// What an exploration runs: how many schedules, drawn how.
package struct ExploreRequest: Equatable, Sendable, Codable {
  /// Schedules to run, the first-in-first-out one included.
  package var schedules = 100
  package var strategy = ExploreStrategy.pct
  /// PCT's bug depth: how many ordering constraints a bug it aims at needs.
  package var depth = 2
  package var seed: UInt64 = 0
  /// Whether any difference of the transcript makes another outcome, the order of the same
  /// events in a step and the ids requests got included (by default, only the state and the
  /// verdict of each step do).
  package var strict = false

  package init(schedules: Int = 100, strategy: ExploreStrategy = .pct, depth: Int = 2, seed: UInt64 = 0, strict: Bool = false) {
    self.schedules = schedules
    self.strategy = strategy
    self.depth = depth
    self.seed = seed
    self.strict = strict
  }
}

/// What `step until` and `advance until` wait for: an expression of `expect`'s language.
package enum Condition: Equatable, Sendable {
  case state(path: Located<String>, comparison: Comparison, value: Located<CommandValue>)
  case effect(id: Located<Int>, status: Located<EffectStatus>)
  case time(comparison: Comparison, value: Duration)
  case log(text: String)

  /// The expression as it was written.
  package var text: String {
    switch self {
    case .state(let path, let comparison, let value): "\(path.value) \(comparison.rawValue) \(value.value)"
    case .effect(let id, let status): "#\(id.value) \(status.value.rawValue)"
    case .time(let comparison, let value): "time \(comparison.rawValue) \(value.commandText)"
    case .log(let text): "log contains \(CommandValue.quote(text))"
    }
  }
}

/// A command the session carries out.
package enum SessionCommand: Equatable, Sendable {
  case models
  case use(model: Located<String>, options: [CommandArgument])
  case describe
  case connect
  case disconnect
  /// `leave`: the screen goes away; the model is let go.
  case leave
  case send(action: Located<String>, arguments: [CommandArgument], awaited: Bool)
  case await(EffectSelection)
  case cancel(EffectSelection)
  case advance(Duration)
  /// `advance until EXPR`.
  case advanceUntil(Condition)
  /// `ready`: the jobs that may run next.
  case ready
  /// `step [N]`: the N-th job that may run next (nil: the first).
  case step(Located<Int>?)
  /// `step until EXPR`.
  case stepUntil(Condition)
  /// `watch PATH`: report each change of that part of the state with the job that made it;
  /// nil lists the watched paths.
  case watch(Located<String>?)
  /// `watch off`.
  case watchOff
  /// `step COMMAND`: the command starts its work, and no job runs.
  indirect case stepInto(SessionCommand)
  case settle
  case set(property: Located<String>, value: Located<CommandValue>)
  case state(path: Located<String>?)
  case expectState(path: Located<String>, comparison: Comparison, value: Located<CommandValue>)
  case expectEffect(id: Located<Int>, status: Located<EffectStatus>)
  case expectTime(comparison: Comparison, value: Duration)
  case expectLog(text: String)
  /// `expect warnings OP N`: how many warnings the session has given since its `use`.
  case expectWarnings(comparison: Comparison, count: Located<Int>)
  /// `expect requests DEPENDENCY OP N`: how many requests the dependency (a stand-in's member,
  /// `http`) was sent since the `use`: a write a double tap sent twice.
  case expectRequests(dependency: Located<String>, comparison: Comparison, count: Located<Int>)
  /// `expect idle`: nothing the session started is running, armed or waiting.
  case expectIdle
  /// `expect freed`: the model the last `leave` let go of was freed.
  case expectFreed
  /// `respond api [#rN | "TEXT"] ok ...`: with no request named, the oldest pending one.
  case respond(dependency: Located<String>, request: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument])
  /// `stub DEPENDENCY [METHOD PATH] OUTCOME ...`; a route only for `http`.
  case stub(dependency: Located<String>, route: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument])
  case seed(UInt64)
  case date(date: Located<String>?, timeZone: Located<String>?, locale: Located<String>?)
  case schedule(ScheduleSetting)
  case effects
  case time
  case log
  /// `defaults [KEY VALUE] [suite=NAME]`: seed (or, bare, show) UserDefaults in the sandbox.
  case defaults(key: Located<String>?, value: Located<CommandValue>?, suite: Located<String>?)
  /// `storage`: every UserDefaults value and file in the sandbox.
  case storage
  /// `requests`: what waits for a `respond`.
  case requests
  case help(Located<String>?)
  /// `race ["TEXT"]`: the scenario demonstrates a race that `explore` must find.
  case race(Located<String>?)
  case quit

  /// The table entry of the command.
  package var name: CommandName {
    switch self {
    case .models: .models
    case .use: .use
    case .describe: .describe
    case .connect: .connect
    case .disconnect: .disconnect
    case .leave: .leave
    case .send(_, _, let awaited): awaited ? .await : .send
    case .await: .await
    case .cancel: .cancel
    case .advance, .advanceUntil: .advance
    case .ready: .ready
    case .step, .stepUntil, .stepInto: .step
    case .watch, .watchOff: .watch
    case .settle: .settle
    case .set: .set
    case .state: .state
    case .expectState, .expectEffect, .expectTime, .expectLog, .expectWarnings, .expectRequests, .expectIdle, .expectFreed: .expect
    case .respond: .respond
    case .stub: .stub
    case .seed: .seed
    case .date: .date
    case .schedule: .schedule
    case .effects: .effects
    case .time: .time
    case .log: .log
    case .defaults: .defaults
    case .storage: .storage
    case .requests: .requests
    case .help: .help
    case .race: .race
    case .quit: .quit
    }
  }

  /// How a step of the command ends: `step` and `until` stop between two jobs; settings that
  /// start no work of their own leave a stopped step stopped; the rest as the table says.
  package var ending: StepEnding {
    switch self {
    case .step, .stepUntil, .advanceUntil, .stepInto: .betweenJobs
    case .watch, .watchOff, .stub, .schedule: .asItWas
    default: name.ending
    }
  }

  /// Whether the command pins the schedule the rest runs under (`schedule 4:2`): a scenario with
  /// one checks that one order, which exploring other orders would contradict.
  package var pinsSchedule: Bool {
    if case .schedule(.pinned) = self { return true }
    return false
  }

  /// The action a `send` runs: a step of it that changed nothing and left nothing running gets a
  /// note that says so (a guard that ignored a second tap looks like that).
  package var sentAction: Located<String>? {
    if case .send(let action, _, _) = self { return action }
    return nil
  }

  /// Whether the command can change the model, so its output ends with the view state.
  package var showsState: Bool { name.showsState }
}

/// Which pending request `respond` answers, when not the oldest.
package enum RequestSelector: Equatable, Sendable {
  /// `#r2`: the request with that id.
  case id(Located<Int>)
  /// `"GET /weather"`: the oldest pending request whose description contains the text, which
  /// names the same request under every schedule (ids follow the order requests start in).
  case matching(Located<String>)
  /// `GET /items/*`: the oldest pending request with that method whose path matches (`*` stands
  /// for any run of characters; a `?query` in the pattern must match too).
  case route(method: Located<String>, path: Located<String>)

  package var column: Int {
    switch self {
    case .id(let id): return id.column
    case .matching(let text): return text.column
    case .route(let method, _): return method.column
    }
  }

  /// The HTTP methods a route starts with.
  static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
}

