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
    var summary: String
    /// Query lines typed after the step (`expect`, `state`), which `save` keeps with it.
    var queries: [String] = []
  }

  /// The session the next command goes to; a new one after every `undo` and `goto` back.
  package private(set) var session: Session
  /// The models `use` can start, and where their prints go: what a run of the same lines away
  /// from this timeline (an exploration) needs too.
  package let models: [ModelDefinition]
  package let prints: (any PrintSource)?
  /// Front-end commands the front end carries out, passed on to each new session.
  package var frontEndCommands: Set<CommandName> = [] {
    didSet { session.frontEndCommands = frontEndCommands }
  }
  /// How many timers `settle` and `await` may fire, passed on to each new session.
  package var timerLimit: Int {
    didSet { session.timerLimit = timerLimit }
  }

  /// The steps since the current `use` (step 1), those undone included.
  private(set) var steps: [Step] = []
  /// How many steps are applied; the ones after are undone and can be redone.
  private(set) var current = 0
  /// What ran in this session before the current `use` (earlier `use`s and their steps, `date`
  /// settings): a re-run makes it first, so that the world (the wall clock, a file a model
  /// keeps per session) is what it was.
  private var prelude: [String] = []
  /// Commands before the first `use` that can change the world, for the prelude.
  private var beforeFirstUse: [String] = []
  private let printer = TranscriptRenderer(echo: false, errorsInline: true)
  /// The schedule in force when the timeline began, which a re-run starts from again.
  private let startScheduler = Simulation.shared.scheduler

  /// Where the session finds files a scenario names (`body=@FILE`, cassettes): its folder.
  package var baseDirectory: String {
    get { session.baseDirectory }
    set { session.baseDirectory = newValue }
  }

  /// How the session reads and writes those files, and `timeline --svg` its picture: the front
  /// end's access to the disk, passed on to each new session.
  package var files: any FileAccess {
    get { session.files }
    set { session.files = newValue }
  }

  package init(models: [ModelDefinition], prints: (any PrintSource)? = nil) {
    self.models = models
    self.prints = prints
    self.session = Session(models: models, prints: prints)
    self.timerLimit = session.timerLimit
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
    let source = line.trimmingSpaces
    switch parse(line, line: number) {
    case .success(let parsed?): return execute(parsed, source: source, line: number)
    case .success(nil): return StepResult(line: number, source: source, isEmpty: true)
    case .failure(let error): return rejected(error, source: source)
    }
  }

  /// The command on `line` (nil for a blank or comment line), or the error that points at the
  /// word that is wrong; the model in use's actions are the words `send` takes.
  package func parse(_ line: String, line number: Int?) -> Result<Command?, ScenarioError> {
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
    route(command, source: source, line: number, recording: true)
  }

  /// Runs `line` in the session again without adding it to the history: a re-run's prelude and
  /// steps, which the history holds already.
  private func runAgain(_ line: String, line number: Int?) -> StepResult {
    let source = line.trimmingSpaces
    switch parse(line, line: number) {
    case .success(let parsed?): return route(parsed, source: source, line: number, recording: false)
    case .success(nil): return StepResult(line: number, source: source, isEmpty: true)
    case .failure(let error): return rejected(error, source: source)
    }
  }

  /// Sends `command` where it is carried out: the history here, the rest to the session; a step
  /// that can change the model is added to the history when `recording`.
  private func route(_ command: Command, source: String, line number: Int?, recording: Bool) -> StepResult {
    switch command {
    case .timeline(let command): return execute(command, source: source, line: number)
    case .session(let command):
      var result = session.execute(command, source: source, line: number)
      if recording { result.step = record(command, result) }
      return result
    case .frontEnd(let command):
      // Not a step: the front end reads or writes files, the model is as it was.
      return session.execute(command, source: source, line: number)
    case .failing(let expectation, let inner):
      var result: StepResult
      switch inner {
      case .success(.session(let inner)):
        // Recorded as the line it is: a check that failed as expected is part of what `save` keeps.
        result = session.execute(inner, source: source, line: number)
        result.errorExpectation = expectation
        if recording { result.step = record(inner, result) }
      case .success(let inner): result = route(inner, source: source, line: number, recording: recording)
      case .failure(var error):
        error.line = number
        result = rejected(error, source: source)
      }
      result.command = command
      result.errorExpectation = expectation
      return result
    }
  }

  /// Carries out a command about the history.
  private func execute(_ command: TimelineCommand, source: String, line number: Int?) -> StepResult {
    var result = StepResult(line: number, source: source)
    result.command = .timeline(command)
    do {
      try travel(command, &result)
    } catch {
      var error = error
      error.line = error.line ?? number
      result.error = error
    }
    result.time = session.now
    result.startTime = result.time
    switch command {
    case .undo, .redo, .goto: if current > 0 { result.step = current }
    case .history, .diff, .timeline: break
    }
    return result
  }

  // MARK: Recording

  /// Adds the step `result` is to the history, if it is one, and returns its number.
  private func record(_ command: SessionCommand, _ result: StepResult) -> Int? {
    if case .use = command {
      guard result.error == nil else { return nil }
      prelude += beforeFirstUse + steps.prefix(current).flatMap { [$0.source] + $0.queries }
      beforeFirstUse = []
      steps = [step(for: result)]
      current = 1
      return 1
    }
    guard command != .quit else { return nil }
    guard current > 0 else {
      if !command.name.isQuery, result.error == nil { beforeFirstUse.append(result.source) }
      return nil
    }
    if command.name.isQuery {
      // A check that held is part of the scenario `save` writes.
      if command.name == .expect, !result.failed { steps[current - 1].queries.append(result.source) }
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
    Step(source: result.source, line: result.line, result: result, summary: Self.summary(of: result))
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
    // Past the command's name: its own completion (the name) is the session's.
    if words.count > 1 || text.last?.isWhitespace == true, let first = words.first,
      let command = try? CommandName.resolve(String(first), column: 1), command == .goto || command == .diff
    {
      completion.candidates = (1...max(1, steps.count)).map(String.init).filter { $0.hasPrefix(completion.word) && !steps.isEmpty }
    }
    return completion
  }

  // MARK: Time travel

  private func travel(_ travel: TimelineCommand, _ result: inout StepResult) throws(ScenarioError) {
    switch travel {
    case .history:
      result.output = historyLines()
    case .timeline(let svg):
      let shown = steps.prefix(current)
      let picture = TimelinePicture(
        steps: shown.enumerated().map { (number: $0.offset + 1, time: $0.element.result.time, events: $0.element.result.events) },
        sources: shown.map(\.source))
      guard let svg else {
        result.output = picture.lines
        break
      }
      let path = Session.resolve(svg.value, in: session.baseDirectory)
      do throws(FileFailure) {
        try session.files.write(Data(picture.svg.utf8), toPath: path)
      } catch {
        throw ScenarioError(.couldNot("write \(svg.value)", because: error.reason), column: svg.column)
      }
      result.output = ["timeline: wrote \(svg.value) (\(picture.rows.count) rows, \(picture.columns.count) steps)"]
    case .diff(let from, let to):
      result.output = try diff(from, to)
    case .undo(let located):
      let count = located?.value ?? 1
      guard current > 0 else { throw ScenarioError(.nothingToUndo) }
      guard count < current else {
        throw ScenarioError(.cannotUndo(count, current: current), column: located?.column ?? 1)
      }
      try move(to: current - count, &result)
    case .redo(let located):
      let count = located?.value ?? 1
      guard current < steps.count else { throw ScenarioError(.nothingToRedo) }
      guard current + count <= steps.count else {
        throw ScenarioError(.cannotRedo(count, undone: steps.count - current), column: located?.column ?? 1)
      }
      try move(to: current + count, &result)
    case .goto(let target):
      guard current > 0 else { throw ScenarioError(.noHistory) }
      guard target.value <= steps.count else {
        throw ScenarioError(.noSuchStep(target.value, steps: steps.count), column: target.column)
      }
      try move(to: target.value, &result)
    }
  }

  /// Goes to step `target` (1-based): back by re-running from the `use`, forward by re-applying
  /// undone steps; then shows the state there.
  private func move(to target: Int, _ result: inout StepResult) throws(ScenarioError) {
    if target == current {
      result.output = ["already at step \(current) of \(steps.count): `\(steps[current - 1].source)`"]
    } else {
      let reached: Int
      let divergence: String?
      if target < current {
        (reached, divergence) = rerun(to: target)
      } else {
        (reached, divergence) = reapply(to: target)
      }
      current = reached
      if let divergence {
        let here = current > 0 ? "step \(current) of \(steps.count): `\(steps[current - 1].source)`" : "no step"
        throw ScenarioError(divergence + "\n  now at \(here), the last step that matched")
      }
      let undone = steps.count - current
      result.output = ["at step \(current) of \(steps.count): `\(steps[current - 1].source)`"
        + (undone > 0 ? " (\(undone) undone step\(undone == 1 ? "" : "s"): `redo` re-applies)" : "")]
    }
    result.state = session.currentState
    result.showsState = result.state != nil
  }

  /// Ends the session, starts a new one and re-runs the prelude and the first `target` steps,
  /// silently. Returns the step reached and, if a step printed something else than the first
  /// time, what.
  private func rerun(to target: Int) -> (Int, String?) {
    _ = session.finish()
    // Work the old session hid and left sleeping must not wake during the re-run.
    let fresh = Simulation.shared.startOver(abandoning: .sleepers)
    Simulation.shared.scheduler = startScheduler
    let (base, files) = (session.baseDirectory, session.files)
    session = Session(models: models, prints: prints)
    session.baseDirectory = base
    session.files = files
    session.frontEndCommands = frontEndCommands
    session.timerLimit = timerLimit
    for line in prelude { _ = runAgain(line, line: nil) }
    for index in 0..<target {
      if let divergence = replay(index, fresh: fresh) {
        // The session went past the last step that matched; run it again up to there.
        guard index > 0 else { return (0, divergence) }
        return (rerun(to: index).0, divergence)
      }
    }
    return (target, nil)
  }

  /// Re-applies the undone steps up to `target` in the current session.
  private func reapply(to target: Int) -> (Int, String?) {
    for index in current..<target {
      if let divergence = replay(index, fresh: true) {
        let (reached, _) = rerun(to: index)
        return (reached, divergence)
      }
    }
    return (target, nil)
  }

  /// Runs step `index` again; nil when it printed exactly what it printed the first time.
  private func replay(_ index: Int, fresh: Bool) -> String? {
    let step = steps[index]
    let again = runAgain(step.source, line: step.line)
    // What the transcript shows, compared as values: rendering every re-run step would cost more
    // than running it.
    let first = step.result
    if again.events == first.events, again.output == first.output, again.state == first.state,
      again.previousState == first.previousState, again.error == first.error, again.time == first.time,
      again.startTime == first.startTime, again.showsState == first.showsState
    {
      return nil
    }
    let printed = printer.render(again).output
    let firstPrinted = printer.render(first).output
    // Values can differ where the transcript does not (a state field no rendering shows).
    guard printed != firstPrinted else { return nil }
    let original = firstPrinted.newlineSeparatedLines
    let second = printed.newlineSeparatedLines
    let difference = LineDiff.lines(original, second).compactMap { line -> String? in
      switch line {
      case .same: return nil
      case .removed(let text): return "  first run: " + text
      case .added(let text): return "  re-run:    " + text
      }
    }
    let why = fresh
      ? "the view-model read something outside the simulation (a real request, a file, a global it keeps)"
      : "work the earlier run left behind (a timer, a thread) still ran, or the view-model read something outside the simulation"
    return (["re-running step \(index + 1) `\(step.source)` printed something else than the first time, so vmrepl cannot go there exactly; \(why):"]
      + difference.prefix(20)).joined(separator: "\n")
  }

  // MARK: Away from the current step

  /// Ends the session, hands `body` the lines that rebuild the current step (numbered from 1) to
  /// run elsewhere in this simulation (`explore` runs them under other schedules), then comes back
  /// to the current step by re-running them. Returns `body`'s lines, and a line more when the
  /// way back printed something else than the first time.
  package func away(_ body: (_ lines: [(number: Int, text: String)]) -> [String]) -> [String] {
    let lines = savedLines.enumerated().map { (number: $0.offset + 1, text: $0.element) }
    _ = session.finish()
    var report = body(lines)
    let (reached, divergence) = rerun(to: current)
    current = reached
    if let divergence { report += ["back at step \(current): " + divergence] }
    return report
  }

  private func historyLines() -> [String] {
    guard !steps.isEmpty else { return ["no history yet; `use MODEL` starts one"] }
    let width = steps.map(\.source.count).max() ?? 0
    let numberWidth = String(steps.count).count
    return steps.enumerated().map { index, step in
      let marker = index + 1 == current ? "* " : "  "
      let number = String(index + 1)
      let undone = index + 1 > current ? " (undone)" : ""
      return marker + String(repeating: " ", count: numberWidth - number.count) + number + "  "
        + step.source.padding(to: width) + "  " + step.summary + undone
    }
  }

  private func diff(_ from: Located<Int>, _ to: Located<Int>?) throws(ScenarioError) -> [String] {
    let target = to ?? Located(value: current, column: 0)
    for step in [from, target] where step.value > steps.count {
      throw ScenarioError(.noSuchStep(step.value, steps: steps.count), column: step.column)
    }
    guard current > 0 else { throw ScenarioError(.noHistory) }
    let old = steps[from.value - 1]
    let new = steps[target.value - 1]
    let header = "state from step \(from.value) `\(old.source)` to step \(target.value) `\(new.source)`"
    guard let before = old.state, let after = new.state else { return [header + ": no state"] }
    let changed = StatePath.changes(from: before, to: after)
    guard !changed.isEmpty else { return [header + ": no difference"] }
    return [header + " (changed " + changed.joined(separator: ", ") + "):"] + printer.stateLines(after, previous: before)
  }
}
