import Foundation
import Simulation

/// A session with its history: the steps since its `use`, and time travel along them by exact
/// re-execution (`history`, `undo`, `redo`, `goto`, `diff`).
///
/// Going back never restores a snapshot: the timeline ends its session, starts a new one as a
/// fresh process would, and re-runs the steps from the `use`, silently, checking that each prints
/// what it printed the first time. So the effects, timers and pending requests are really where
/// they were. A step that prints something else (a view-model that reads what the simulation does
/// not control) is reported, and the timeline stays at the last step that matched.
///
/// ```swift
/// let timeline = Timeline(models: Examples.all)
/// _ = timeline.execute("use refresh")
/// _ = timeline.execute("send refresh")
/// let back = timeline.execute("undo")
/// ```
@MainActor
package final class Timeline {
  /// One step of the history: a command that could change the model, and what it printed.
  struct Step {
    var source: String
    var line: Int?
    /// What the step did the first time, which a re-execution must do again.
    var result: StepResult
    var state: StateValue? { result.state }
    /// One line about it, made when `history` lists it: a step of a long session costs no text.
    var summary: String { Timeline.summary(of: result) }
    /// Query lines typed after the step (`expect`, `state`), which `save` keeps with it.
    var queries: [String] = []
  }

  /// The session the next command goes to; a new one after every `undo` and `goto` back.
  package internal(set) var session: Session
  /// What every session of this timeline is made with: the models `use` can start, where their
  /// prints go, the timer limit and the files. A run of the same lines
  /// away from this timeline (an exploration) is made with it too.
  package let environment: SessionEnvironment

  /// The steps since the current `use` (step 1), those undone included.
  var steps: [Step] = []
  /// How many steps are applied; the ones after are undone and can be redone.
  var current = 0
  /// What ran in this session before the current `use` (earlier `use`s and their steps, `date`
  /// settings): a re-run makes it first, so that the world (the wall clock, a file a model
  /// keeps per session) is what it was.
  var prelude: [String] = []
  /// Commands before the first `use` that can change the world, for the prelude.
  private var beforeFirstUse: [String] = []
  let printer = TranscriptRenderer(echo: false, errorsInline: true)
  /// The schedule in force when the timeline began, which a re-run starts from again.
  let startScheduler: Scheduler?
  /// The front end that reads the lines, which carries out the front-end commands it claims;
  /// none: every front-end command is an error (a timeline run by a test or an exploration).
  package weak var frontEnd: (any FrontEnd)?

  /// The models `use` can start, and where their prints go.
  package var models: [ModelDefinition] { environment.models }
  package var prints: (any PrintSource)? { environment.prints }
  /// Where the session finds files a scenario names, and how it reads and writes them.
  package var baseDirectory: String { environment.baseDirectory }
  package var files: any FileAccess { environment.files }

  /// A timeline whose sessions are made from `environment`, on the process's executor, which it
  /// installs (or finds installed) once and hands to each.
  package init(_ environment: SessionEnvironment) {
    self.environment = environment
    self.session = Session(environment, simulation: Simulation.install())
    self.startScheduler = session.simulation.scheduler
  }

  /// Ends the last session and hands the process's executor on clean for the next scenario: a
  /// delayed block (`asyncAfter`) left pending is let go unrun, as a process ending there would
  /// leave it, and a schedule the scenario pinned is dropped. Returns false when something the
  /// scenario started is still alive (an effect, a thread, an armed timer), so the next scenario
  /// needs a process of its own. `ignoringEffects` reuses the process even when an effect never
  /// ended (a request nobody answered): the audit's probes leave many, and what could still act
  /// (a thread, a timer, a quarantined task) stops the reuse all the same.
  package func end(ignoringEffects: Bool = false) -> Bool {
    let simulation = session.simulation
    simulation.releaseDelayedBlocks()
    let ended = session.finish()
    simulation.scheduler = nil
    return (ended || ignoringEffects) && simulation.startOver(abandoning: .nothing)
  }

  /// A timeline offering `models`, with the environment's defaults otherwise.
  package convenience init(models: [ModelDefinition], prints: (any PrintSource)? = nil) {
    self.init(SessionEnvironment(models: models, prints: prints))
  }

  /// The lines that rebuild the current step: what `save` writes.
  package var savedLines: [String] {
    prelude + steps.prefix(current).flatMap { [$0.source] + $0.queries }
  }

  /// Whether the history starts with a `use`, so there is something to save.
  package var hasSession: Bool { current > 0 }

  /// Runs one line: a time-travel command here, anything else in the session, recorded as a step
  /// when it can change the model. The one place a line is parsed and routed.
  package func execute(_ line: String, line number: Int? = nil) -> StepResult {
    run(line, line: number, recording: true)
  }

  /// Runs `line` in the session again without adding it to the history: a re-run's prelude and
  /// steps, which the history holds already.
  func runAgain(_ line: String, line number: Int?) -> StepResult {
    run(line, line: number, recording: false)
  }

  private func run(_ line: String, line number: Int?, recording: Bool) -> StepResult {
    let source = line.trimmingSpaces
    switch parse(line, line: number) {
    case .success(let parsed?): return route(parsed, source: source, line: number, recording: recording, carryingOut: true)
    case .success(nil): return StepResult(line: number, source: source, isEmpty: true)
    case .failure(let error): return rejected(error, source: source)
    }
  }

  /// The command on `line` (nil for a blank or comment line), or the error that points at the
  /// word that is wrong; the model in use's actions are the words `send` takes.
  private func parse(_ line: String, line number: Int?) -> Result<Command?, ScenarioError> {
    do {
      return .success(try CommandParser.parse(line, actions: session.actionNames))
    } catch {
      var error = error
      error.line = number
      return .failure(error)
    }
  }

  /// The step of a command that was rejected before it ran.
  private func rejected(_ error: ScenarioError, source: String) -> StepResult {
    var result = StepResult(line: error.line, source: source)
    result.error = error
    result.time = session.now
    return result
  }

  /// Runs a command already parsed from `source` (an exploration parses its lines once).
  package func execute(_ command: Command, source: String, line number: Int?) -> StepResult {
    route(command, source: source, line: number, recording: true, carryingOut: true)
  }

  /// Sends `command` where it is carried out: the history here, the model's commands to the
  /// session, the front end's to the front end; a step that can change the model is added to the
  /// history when `recording`. The one switch over what carries a line out.
  private func route(_ command: Command, source: String, line number: Int?, recording: Bool, carryingOut: Bool) -> StepResult {
    switch command {
    case .timeline(let command): return execute(command, source: source, line: number)
    case .session(let command):
      var result = session.execute(command, source: source, line: number)
      if recording { result.step = record(command, result) }
      return result
    case .frontEnd(let command):
      // A step in which the model is as it was; then the front end reads or writes the files.
      let frontEnd = frontEnd.flatMap { $0.commands.contains(command.name) ? $0 : nil }
      var result = session.execute(command, claimed: frontEnd != nil, source: source, line: number)
      if carryingOut, result.error == nil { frontEnd?.carryOut(command, result: &result, in: self) }
      return result
    case .failing(let expectation, let inner):
      var result: StepResult
      switch inner {
      case .success(.session(let inner)):
        // Recorded as the line it is: a check that failed as expected is part of what `save` keeps.
        result = session.execute(inner, source: source, line: number)
        result.errorExpectation = expectation
        if recording { result.step = record(inner, result) }
      case .success(let inner): result = route(inner, source: source, line: number, recording: recording, carryingOut: false)
      case .failure(var error):
        error.line = number
        result = rejected(error, source: source)
      }
      result.command = command
      result.errorExpectation = expectation
      return result
    }
  }

  // MARK: Recording

  /// Adds the step `result` is to the history, if it is one, and returns its number.
  private func record(_ command: SessionCommand, _ result: StepResult) -> Int? {
    if command.name.life == .begins {
      guard result.error == nil else { return nil }
      prelude += beforeFirstUse + steps.prefix(current).flatMap { [$0.source] + $0.queries }
      beforeFirstUse = []
      steps = [step(for: result)]
      current = 1
      return 1
    }
    guard command.name.life != .ends else { return nil }
    guard current > 0 else {
      if !command.name.isQuery, result.error == nil { beforeFirstUse.append(result.source) }
      return nil
    }
    if command.name.isQuery {
      // A check that held is part of the scenario `save` writes.
      if command.name.isCheck, !result.failed { steps[current - 1].queries.append(result.source) }
      return nil
    }
    // A rejected command that did nothing (a typo) is not a step.
    let didSomething = !result.events.isEmpty || result.time != result.startTime || !result.changes.isEmpty
    guard result.error == nil || didSomething else { return nil }
    // A new command after `undo` starts a new line of history, as an editor's undo does.
    steps.removeSubrange(current...)
    steps.append(step(for: result))
    current = steps.count
    return current
  }

  private func step(for result: StepResult) -> Step {
    Step(source: result.source, line: result.line, result: result)
  }

  /// One line about what a step did: effects started and ended, time, what changed, its error.
  nonisolated static func summary(of result: StepResult) -> String {
    var parts: [String] = []
    for timed in result.events {
      switch timed.event {
      case .effectStarted(let id, _): parts.append("#\(id) started")
      case .effectEnded(let id, _, let status, _): parts.append("#\(id) \(status.rawValue)")
      case .modelStarted(let model, _, _): parts.append("model \(model)")
      default: break
      }
    }
    if result.time != result.startTime { parts.append("time \(result.startTime.secondsText) -> \(result.time.secondsText)") }
    if !result.changes.isEmpty { parts.append("changed " + result.changes.joined(separator: ", ")) }
    if let error = result.error { parts.append("error: " + error.message.prefix { $0 != "\n" }) }
    return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
  }

  /// Completions as the session gives them, and step numbers where a command takes one.
  package func completions(for text: String) -> Completion {
    var completion = session.completions(for: text)
    let words = text.split(whereSeparator: \.isWhitespace)
    // An argument the table says is a step number (`goto`, `diff`): the history's numbers.
    let argument = words.count - (text.last?.isWhitespace == true ? 0 : 1) - 1
    if argument >= 0, let first = words.first, let command = try? CommandName.resolve(String(first), column: 1),
      argument < command.slots.count, command.slots[argument] == .step
    {
      completion.candidates = (1...max(1, steps.count)).map(String.init).filter { $0.hasPrefix(completion.word) && !steps.isEmpty }
    }
    return completion
  }
}
