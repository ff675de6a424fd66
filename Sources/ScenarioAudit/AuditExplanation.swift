package import Scenario

/// What one sequence's probes saw and why each oracle did or did not fire: what
/// `audit --explain MODEL` prints, so "nothing found" says what it covered.
package struct AuditExplanation: Sendable {
  package var surface: ModelSurface
  package var sequence: AuditPlan.Sequence
  package var cleanup: [ProbeStep]
  package var runs: AuditOracles.Runs
  /// The keys of what the sequence found (`answer-order products[0].name`), confirmed.
  package var found: [String]

  /// What the audit of a model tries, before its sequences: its actions, what it may set, its
  /// view's `.task`, its cleanup.
  package static func header(of surface: ModelSurface) -> [String] {
    let actions = surface.actions.map(\.name).filter { !surface.calledOnlyByModel.contains($0) }
    var lines = ["\(surface.model) (\(surface.typeName)): what audit tried, and why each check did or did not find something"]
    lines.append("  actions: " + (actions.isEmpty ? "none" : actions.joined(separator: ", ")))
    let ownSteps = surface.actions.map(\.name).filter { surface.calledOnlyByModel.contains($0) }
    if !ownSteps.isEmpty {
      lines.append("  not sent: " + ownSteps.joined(separator: ", ") + " (only the model's own code calls \(ownSteps.count == 1 ? "it" : "them"); no view or other file of the app does)")
    }
    for name in surface.actions.map(\.name) + surface.properties.map(\.name) {
      guard let ways = surface.controls[name], !ways.isEmpty else { continue }
      lines.append("  reached by: \(name): " + ways.joined(separator: ", "))
    }
    // Sorted by the actions' order: the surface's dictionary has none of its own.
    for action in surface.actions.map(\.name) where surface.gates[action] != nil {
      lines.append("  sent only when a view offers it: \(action), offered when \(surface.gates[action]!)")
    }
    let settable = surface.properties.map(\.name).filter { !AuditOracles.isLoadingFlag($0) && !surface.notSetByViews.contains($0) }
    lines.append("  set: " + (settable.isEmpty ? "nothing" : settable.joined(separator: ", ")) + " (a loading flag is the code's to set, never the audit's)")
    let codeOnly = surface.properties.map(\.name).filter { surface.notSetByViews.contains($0) }
    if !codeOnly.isEmpty {
      lines.append("  not set: " + codeOnly.joined(separator: ", ") + " (no view of the app binds or assigns \(codeOnly.count == 1 ? "it" : "them"))")
    }
    if surface.connects {
      lines.append("  connect: before the steps of every sequence" + (surface.lifecycleActions.isEmpty ? "" : ", running " + surface.lifecycleActions.joined(separator: ", ") + " as the view's `.task` does; leaving cancels it"))
    }
    let (sent, leftOut) = AuditPlan.cleanups(of: surface)
    lines.append("  cleanup before leaving: " + (sent.isEmpty && leftOut.isEmpty ? "none (no action named stop..., cancel..., onDisappear...)" : sent.isEmpty ? "none" : sent.joined(separator: ", ")))
    for action in leftOut {
      lines.append("  left without `\(action)`: only \(surface.controls[action]?.joined(separator: " or ") ?? "a control") sends it, which a user leaving the screen need not do")
    }
    return lines
  }

  /// The explanation, a line each, indented under the sequence's steps.
  package var lines: [String] {
    let steps = sequence.steps.isEmpty
      ? "the screen shown and left (`use \(surface.model)`)" : AuditOracles.text(of: sequence, model: surface.model)
    var lines = ["sequence \(sequence.index + 1): \(steps)"]
    guard let settled = runs.settled else {
      let trapped = found.filter { $0.hasPrefix("trap") }
      return lines + ["  one step at a time: " + (trapped.isEmpty ? "no result (the worker ended)" : "trapped")]
    }
    lines.append("  one step at a time, answered with data: " + Self.summary(of: settled))
    for skipped in settled.notOffered { lines.append("    not sent, no view offered it then: \(skipped)") }
    for answer in settled.answers.reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
      lines.append("    answered \(answer)")
    }
    for failure in runs.failures {
      lines.append("  answered \(AuditOracles.answerText(failure.answer)): " + Self.summary(of: failure.result))
    }
    if let quick = runs.quick { lines.append("  sent quickly, answers oldest first: " + Self.summary(of: quick)) }
    if let newest = runs.quickNewestFirst { lines.append("  sent quickly, answers newest first: " + Self.summary(of: newest)) }
    if let reversed = runs.settledReversed { lines.append("  one step at a time in the other order: " + Self.summary(of: reversed)) }
    lines.append("  trap: " + (found.contains { $0.hasPrefix("trap") } ? "found" : "no probe trapped"))
    // Every step an action no view offered then: the sequence was the screen shown and left.
    let unsent = Set(settled.notOffered.compactMap { $0.split(separator: ":").first.map(String.init) })
    if !sequence.steps.isEmpty, sequence.steps.allSatisfy({ $0.line.hasPrefix("send ") && unsent.contains("send \($0.name)") }) {
      lines.append("  the other checks: no step sent (no view offered \(sequence.steps.count == 1 ? "it" : "them") then); the sequence is the screen shown and left")
      return lines
    }
    lines.append("  write off the main thread: " + verdict(.offMainWrite) { Self.offMain(runs) })
    lines.append("  main thread blocked: " + verdict(.mainThreadBlocked) { Self.blocked(runs) })
    lines.append("  loading flag left set: " + verdict(.loadingLeftSet) { Self.loading(runs, sequence: sequence, surface: surface) })
    lines.append("  work outlives the screen: " + verdict(.outlivesScreen) { Self.outlives(settled, cleanup: cleanup, surface: surface) })
    lines.append("  model not freed: " + verdict(.notFreed) { Self.notFreed(settled) })
    lines.append("  action never ends: " + verdict(.neverEnds) { Self.neverEnds(runs, sequence: sequence) })
    lines.append("  same write twice: " + verdict(.writtenTwice) { Self.writtenTwice(runs, sequence: sequence, surface: surface, found: found) })
    // Actions one button runs one at a time are never sent quickly: no user can.
    if let group = Auditor.oneButton(sequence, of: surface) {
      let said = "not sent quickly: " + group.map { "`\($0)`" }.joined(separator: ", ")
        + " are run by one button that starts no new run while one runs (ButtonKit's `AsyncButton`), so no user can"
      lines.append("  lost update: " + verdict(.lostUpdate) { said })
      lines.append("  answers out of order: " + verdict(.answerOrder) { said })
      return lines
    }
    lines.append("  lost update: " + verdict(.lostUpdate) { Self.lost(runs, sequence: sequence) })
    lines.append("  answers out of order: " + verdict(.answerOrder) { Self.order(runs, sequence: sequence) })
    return lines
  }

  private func verdict(_ kind: Finding.Kind, otherwise reason: () -> String) -> String {
    let keys = found.filter { $0.hasPrefix(kind.rawValue + " ") }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    guard keys.isEmpty else { return "found (" + keys.map { "`\($0.dropFirst(kind.rawValue.count + 1))`" }.joined(separator: ", ") + ")" }
    return reason()
  }

  static func writtenTwice(_ runs: AuditOracles.Runs, sequence: AuditPlan.Sequence, surface: ModelSurface, found: [String]) -> String {
    guard let step = AuditOracles.doubleTap(sequence) else { return "no action done twice in a row with the same values" }
    guard let quick = runs.quick else { return "`\(step)` not done twice quickly (one button runs it one at a time)" }
    guard AuditOracles.isTap(sequence.steps[0].name, of: surface) else {
      return "`\(step)` is sent from " + (surface.controls[sequence.steps[0].name] ?? []).joined(separator: " or ") + ", no button a user taps twice"
    }
    let shown = [Finding.Kind.lostUpdate, .answerOrder].map { $0.rawValue + " " }
    guard !found.contains(where: { key in shown.contains { key.hasPrefix($0) } }) else {
      return "the state already shows what the double tap did (a lost update or answers out of order)"
    }
    let others = quick.repeated.filter { !AuditOracles.isWrite($0) }.map { "`\($0.dependency == "http" ? $0.request : $0.dependency)`" }
    if !others.isEmpty {
      return "out twice at once: " + others.joined(separator: ", ") + ", which the check does not judge (it judges a stand-in's call named send..., leave..., invite...; not an HTTP request, whose path does not say whether a second one writes again, nor a state set again: like..., follow...)"
    }
    return "`\(step)` done twice quickly: no request out twice at once (the second tap sent nothing while the first's work was out)"
  }

  static func summary(of result: ProbeResult) -> String {
    var parts = ["\(result.requests) request\(result.requests == 1 ? "" : "s")"]
    parts.append(result.atRest ? "at rest" : "not at rest (a timer armed or a request unanswered)")
    if !result.workLeft.isEmpty { parts.append("still running: " + result.workLeft.joined(separator: "; ")) }
    if result.ignored > 0 { parts.append("\(result.ignored) tap\(result.ignored == 1 ? "" : "s") changed nothing") }
    if !result.errors.isEmpty { parts.append("errors: " + result.errors.joined(separator: "; ")) }
    if !result.warnings.isEmpty { parts.append("\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")") }
    return parts.joined(separator: ", ")
  }

  static func offMain(_ runs: AuditOracles.Runs) -> String {
    let results = ([runs.settled, runs.quick] + runs.failures.map(\.result)).compactMap { $0 }
    let all = results.flatMap(\.warnings)
    guard all.isEmpty else { return "a write was seen, but not again when the sequence's probes ran each in a process of its own" }
    let barrier = results.flatMap(\.barrierWrites).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    guard barrier.isEmpty else {
      return barrier.map { "`\($0)`" }.joined(separator: ", ") + " written off the main thread only in barrier blocks of a concurrent queue, "
        + "which reads through that queue (`sync`) wait for: a lock the app wrote, not a race"
    }
    return "no write off the main thread of state a view observes or the main thread's actions touch"
  }

  static func neverEnds(_ runs: AuditOracles.Runs, sequence: AuditPlan.Sequence) -> String {
    guard !sequence.steps.isEmpty else { return "no step: nothing sent" }
    let results = runs.byAnswer.compactMap(\.result)
    if results.contains(where: { !$0.atRest }) {
      return "an action's task was still waiting (a timer armed or a request unanswered) after the rounds of answering and moving time on"
    }
    if results.contains(where: { $0.workLeft.contains { $0.hasPrefix("effect #") } }) {
      return "an action's task was still running at rest, but waiting for a stream's next element or as the view's `.task`, which wait while the screen is up"
    }
    return "every action's task ended once its requests were answered, whatever the answer"
  }

  static func notFreed(_ settled: ProbeResult) -> String {
    switch (settled.freed, settled.keptOnPurpose) {
    case (true?, _): return "freed after leaving"
    case (false?, true?): return "still alive after leaving, but made again it is the same object: one the app keeps on purpose"
    case (false?, _) where !settled.leftBehind.isEmpty: return "still alive after leaving, held by work still running (see work outlives the screen)"
    case (false?, _) where settled.waitsOnStandIns: return "still alive after leaving, held by work that waits on a stand-in nobody answered: what the app's own code would do there is not seen"
    case (false?, _): return "still alive after leaving"
    case (nil, _): return "the probe did not leave the screen"
    }
  }

  static func blocked(_ runs: AuditOracles.Runs) -> String {
    let all = ([runs.settled, runs.quick] + runs.failures.map(\.result)).compactMap { $0 }.flatMap(\.mainBlocks)
    return all.isEmpty
      ? "the main thread never waited (a semaphore, a group, a lock, a sync) while other threads ran"
      : "a wait was seen, but not again when the sequence's probes ran each in a process of its own"
  }

  static func loading(_ runs: AuditOracles.Runs, sequence: AuditPlan.Sequence, surface: ModelSurface) -> String {
    guard let settled = runs.settled else { return "no result" }
    let flags = settled.final.filter { AuditOracles.isLoadingFlag($0.path) }
    guard !flags.isEmpty else { return "no loading flag in the state (a property named `isLoading`, `isFetching`, `isRefreshing`...)" }
    if AuditOracles.onlySets(sequence, settled) {
      return "the steps only set properties, raising a flag themselves, and made no request: a flag up is the value set (or one derived from it), not a load"
    }
    var reasons: [String] = []
    for case let (answer, result?) in runs.byAnswer {
      let set = result.final.filter { AuditOracles.isLoadingFlag($0.path) && $0.value == "true" }.map(\.path)
      if set.isEmpty { continue }
      // With no request made, the answers chosen changed nothing: one reason says it for all.
      let when = "`\(set.joined(separator: "`, `"))` true " + (result.requests == 0 ? "at the end" : "when answered \(AuditOracles.answerText(answer))")
      let reason: String
      if !result.atRest || !result.workLeft.isEmpty {
        reason = "\(when), but work was still running"
      } else if let first = sequence.steps.first, first.line.hasPrefix("set "), first.line.hasSuffix(" true"),
                set.allSatisfy({ path in result.afterFirst?.first(where: { $0.path == path })?.value == "true" }) {
        reason = "\(when), but already once the first step, `\(first.line)`, raised it: the audit's value, not a load"
      } else if sequence.steps.count > 1, let last = sequence.steps.last, last.line.hasPrefix("set "), last.line.hasSuffix(" true") {
        reason = "\(when), but the last step, `\(last.line)`, raised a flag itself: the audit's value, not a load"
      } else if !result.callbacks.isEmpty {
        let called = result.callbacks.map { "`\($0)`" }.joined(separator: ", ")
        reason = "\(when), but the steps called \(called), a callback adopt made to do nothing: the app's caller passes its own, which may reset it"
      } else {
        reason = "\(when), but true before the steps" + (result.afterFirst == nil ? "" : " and after the first") + " too, so no step left it so"
      }
      if !reasons.contains(reason) { reasons.append(reason) }
    }
    let names = flags.map { "`\($0.path)`" }.joined(separator: ", ")
    return reasons.isEmpty ? "\(names) false at the end, whatever the answer" : reasons.joined(separator: "; ")
  }

  static func outlives(_ settled: ProbeResult, cleanup: [ProbeStep], surface: ModelSurface) -> String {
    let leftOut = AuditPlan.cleanups(of: surface).leftOut
    let cleaned =
      !cleanup.isEmpty ? "after " + cleanup.map { "`\($0.line)`" }.joined(separator: ", ")
      : leftOut.isEmpty ? "no cleanup action" : "without " + leftOut.map { "`\($0)`" }.joined(separator: ", ") + " (a control's)"
    let task = surface.lifecycleActions.isEmpty ? "" : ", the view's `.task` (\(surface.lifecycleActions.joined(separator: ", "))) cancelled"
    let freed = settled.freed.map { $0 ? "the model freed" : "the model not freed" } ?? "the model's fate unknown"
    let seams = settled.waitsOnStandIns ? " (apart from work that waits on a stand-in nobody answered, whose app code vmrepl does not run)" : ""
    guard !settled.leftBehind.isEmpty else { return "\(cleaned)\(task) and leaving: nothing left running\(seams), \(freed)" }
    // Only the actions' own tasks left: the caller's to cancel, and no view's `.task` runs them.
    return "\(cleaned)\(task) and leaving: only actions' own tasks left (\(settled.leftBehind.joined(separator: "; "))): a `Task {}` of a button is the user's to leave running, and no view's `.task` runs them"
  }

  static func lost(_ runs: AuditOracles.Runs, sequence: AuditPlan.Sequence) -> String {
    guard sequence.steps.count > 1 else { return sequence.steps.isEmpty ? "no step: nothing sent" : "one step: nothing to send quickly" }
    if sequence.steps.contains(where: { AuditPlan.isCleanup($0.name) }) { return "a cleanup action among the steps is meant to cut the others short" }
    if AuditOracles.retyped(sequence), let name = sequence.steps.first?.name {
      return "`\(name)` set again and again, as typing does: what the later text makes is meant to replace what the earlier one started (a debounce, a search dropping the older query)"
    }
    guard let quick = runs.quick, let settled = runs.settled else { return "no result" }
    if !quick.atRest || !settled.atRest { return "not at rest at the end, so the two are not compared" }
    if quick.ignored > 0 { return "\(quick.ignored) quick tap\(quick.ignored == 1 ? "" : "s") changed nothing (a guard): the app's choice" }
    if quick.requests != settled.requests { return "quick taps made \(quick.requests) requests, one after another \(settled.requests) (a debounce or a guard merged them): the app's choice" }
    if !AuditOracles.sameRequests(quick, settled) {
      return "quick taps asked other requests than one after another (\(AuditOracles.requestsAsked(quick).joined(separator: ", ")); one after another: \(AuditOracles.requestsAsked(settled).joined(separator: ", "))): a step chose its request from what an earlier answer showed, so the taps meant other things"
    }
    guard let difference = AuditOracles.lostDifference(expected: settled.final, actual: quick.final, timeMoved: false) else {
      return "quickly and one after another ended alike" + (AuditOracles.scheduleCheck(runs, sequence: sequence) != nil ? ", and under other schedules of their jobs the runtime allows" : "")
    }
    if AuditOracles.movesTime(settled) || AuditOracles.movesTime(quick) {
      return "`\(difference.path)` differs (\(difference.actual) quickly, \(difference.expected) one after another), but time had to pass between the steps and no whole number ended smaller"
    }
    return "`\(difference.path)` differs (\(difference.actual) quickly), but one after another in the other order reaches it too"
  }

  static func order(_ runs: AuditOracles.Runs, sequence: AuditPlan.Sequence) -> String {
    guard let quick = runs.quick else { return sequence.steps.isEmpty ? "no step: nothing sent" : "one step: no two answers out at once" }
    guard quick.requests > 1, let newest = runs.quickNewestFirst else { return "fewer than two requests out at once" }
    if !quick.atRest || !newest.atRest { return "not at rest at the end, so the two orders are not compared" }
    guard AuditOracles.firstDifference(expected: quick.final, actual: newest.final) != nil else {
      return "oldest first and newest first ended alike"
    }
    if let list = AuditOracles.reordered(expected: quick.final, actual: newest.final) {
      return "the two orders differ only in the order of `\(list)`'s elements: every answer's effect is there, none overwritten"
    }
    if newest.lastAnswerUnread {
      return "the two orders differ, but the older answer is a write's that no code of its step is seen decoding: arriving last, it applies the step's own change (a 200 checked) and overwrites nothing with data; whether a read sent after that write shows it is the server's to say"
    }
    return "the two orders differ, but one after another differs from oldest first too, or time had to pass"
  }
}
