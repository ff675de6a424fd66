import Foundation
import Simulation

/// Time travel along the history (`history`, `undo`, `redo`, `goto`, `diff`, `timeline`), by exact
/// re-execution: going back ends the session, starts a new one as a fresh process would and
/// re-runs the steps, checking that each prints what it printed the first time.
extension Timeline {
  /// Carries out a command about the history.
  func execute(_ command: TimelineCommand, source: String, line number: Int?) -> StepResult {
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
        result.outputIsChart = true
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
    let fresh = session.simulation.startOver(abandoning: .sleepers)
    session.simulation.scheduler = startScheduler
    session = Session(environment, simulation: session.simulation)
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
