package import Scenario
import Foundation
/// The checks `audit` makes of a sequence's probes. Each says only what its evidence shows.
package enum AuditOracles {
  /// What one sequence's probes gave.
  package struct Runs: Sendable {
    package var settled: ProbeResult?
    package var failures: [(answer: ProbeAnswer, result: ProbeResult)] = []
    package var quick: ProbeResult?
    package var quickNewestFirst: ProbeResult?
    package var settledReversed: ProbeResult?
    /// Typed with pauses, each text's request still out when the next was typed (`ProbeMode.paused`).
    package var paused: ProbeResult?
    package init() {}

    /// The one-step-at-a-time probes by how their requests were answered: with data first, then
    /// each failure, in the probes' order (a finding's probe number is its place here, from 1).
    var byAnswer: [(answer: ProbeAnswer, result: ProbeResult?)] {
      [(ProbeAnswer.ok, settled)] + failures.map { ($0.answer, Optional($0.result)) }
    }
  }

  /// Whether `sequence` only sets properties, one of them a flag raised (`set isReporting true`),
  /// and its probe made no request: a flag up then may be the audit's own value, passed on by a
  /// subscription. (A text set that a pipeline turns into a spinner, ACHNBrowserUI's search, is not.)
  static func onlySets(_ sequence: AuditPlan.Sequence, _ result: ProbeResult) -> Bool {
    !sequence.steps.isEmpty && result.requests == 0 && sequence.steps.allSatisfy { $0.line.hasPrefix("set ") }
      && sequence.steps.contains { $0.line.hasSuffix(" true") }
  }

  static let loadingWords = ["loading", "isloading", "isfetching", "fetching", "isrefreshing", "refreshing", "issearching", "searching", "isbusy", "busy", "issaving", "saving", "issubmitting", "submitting", "isprocessing", "processing", "inprogress", "isinprogress", "showspinner", "showingspinner", "isloadingmore", "loadingmore", "isloadingpage",
    // Work named for what it does: a flag set before it and reset when it ends (element-x's
    // leave, join and send flows; a post or an upload).
    "isleaving", "isjoining", "issending", "isposting", "isuploading", "isdownloading", "isdeleting", "iscreating", "isupdating",
    "issigningin", "isloggingin", "isloggingout", "issigningout", "isverifying", "issyncing"]

  /// The findings of one sequence of `surface`'s model, each saying which steps its scenario
  /// sends first so that a view offers the next (the sequence names only its own).
  package static func check(_ runs: Runs, sequence: AuditPlan.Sequence, surface: ModelSurface) -> [Finding] {
    let probes: [ProbeResult?] = [runs.settled, runs.quick, runs.quickNewestFirst, runs.settledReversed] + runs.failures.map(\.result)
    let opened = probes.compactMap { $0?.opened }.joined()
    return findings(runs, sequence: sequence, surface: surface).map { finding in
      var finding = finding
      var said: [String] = []
      for entry in opened where finding.lines.contains(entry.line) && !sequence.steps.contains(where: { $0.line == entry.line }) {
        let text = "with `\(entry.line)` before `\(entry.action)`, which no view offers until then"
        if !said.contains(text) { said.append(text) }
      }
      if !said.isEmpty { finding.summary += " (" + said.joined(separator: "; ") + ")" }
      if let way = userWay(sequence, surface: surface) { finding.summary += "; a user gets there with " + way }
      return finding
    }
  }

  /// How a user does `sequence`'s steps, from the controls the views send each action from
  /// and the fields each property is typed in (`ModelSurface.controls`): `the "Add" button
  /// (CartView.swift:12), twice`; nil where a step's is unknown (no control or field was read).
  static func userWay(_ sequence: AuditPlan.Sequence, surface: ModelSurface) -> String? {
    guard !sequence.steps.isEmpty else { return nil }
    var ways: [String] = []
    for step in sequence.steps {
      guard step.line.hasPrefix("send ") || step.line.hasPrefix("set "), let way = surface.controls[step.name]?.first else { return nil }
      ways.append(way)
    }
    if ways.count == 2, ways[0] == ways[1] { return ways[0] + ", twice" }
    return ways.joined(separator: ", then ")
  }

  private static func findings(_ runs: Runs, sequence: AuditPlan.Sequence, surface: ModelSurface) -> [Finding] {
    var findings: [Finding] = []
    let lastAction = sequence.steps.last(where: { $0.line.hasPrefix("send ") })?.name
    let steps = text(of: sequence, model: surface.model)
    func finding(_ kind: Finding.Kind, key: String, probe: Int, summary: String, evidence: String, source: String? = nil, onPurpose: String? = nil, lines: [String]) {
      findings.append(Finding(
        model: surface.model, type: surface.typeName, kind: kind, summary: summary, evidence: evidence, source: source,
        onPurpose: onPurpose, scenario: "", lines: lines, key: "\(kind.rawValue) \(key)", rank: sequence.index * 10 + probe))
      if findings[findings.count - 1].source == nil {
        findings[findings.count - 1].source = lastAction.flatMap(surface.source(of:))
      }
    }
    // Writes off the main thread that a view observes.
    for (probe, result) in ([runs.settled] + runs.failures.map(\.result) + [runs.quick]).enumerated() {
      guard let result else { continue }
      for warning in result.warnings {
        let paths = warning.paths.joined(separator: ", ")
        let observer: String
        var onPurpose: String?
        switch warning.observation {
        case "published": observer = "an @Published property"
        case "observation": observer = "a property @Observable tracks"
        default:
          // No view is told of a plain property, but the model's actions run on the main thread:
          // where they touch it too, the two race (vmrepl sees writes, not reads).
          observer = "a plain property, of a model whose actions run on the main thread"
          onPurpose = "unless no code on the main thread touches `\(paths)`, or a lock guards every read and write of it"
        }
        // `objectWillChange` sent with nothing changed: a property set to the value it had.
        let summary = paths == "objectWillChange"
          ? "an @Published property set off the main thread after \(steps), to the value it had (`objectWillChange` sent there)"
          : "`\(paths)` (\(observer)) written off the main thread after \(steps)"
        finding(.offMainWrite, key: paths, probe: probe, summary: summary,
          evidence: warning.text, source: warning.job, onPurpose: onPurpose,
          lines: stepLines(of: result) + ["expect warnings == 0"])
      }
    }
    // The main thread blocked while other threads ran: on a device, the UI cannot respond.
    for (probe, result) in ([runs.settled] + runs.failures.map(\.result) + [runs.quick]).enumerated() {
      guard let result else { continue }
      for block in result.mainBlocks {
        finding(.mainThreadBlocked, key: block.waitingOn, probe: probe,
          summary: "the main thread waits in \(block.waitingOn) during \(steps), while other threads run",
          evidence: block.text,
          onPurpose: "unless the wait is always too short to see (vmrepl times it in virtual time: it ran as long as the threads it waited for)",
          lines: stepLines(of: result) + ["expect warnings == 0"])
      }
    }
    // A loading flag left set with nothing left running, whatever the answer.
    for (probe, (answer, result)) in runs.byAnswer.enumerated() {
      guard let result, result.atRest, result.workLeft.isEmpty else { continue }
      // The steps handed over to a callback the app's caller passes (`onSave(name, self)`), which
      // adopt made a closure that does nothing: the caller's code, not here, may be what resets
      // the flag (home-assistant's device-name request is reset by its caller's `fail(with:)`).
      guard result.callbacks.isEmpty else { continue }
      // Steps that only set properties and made no request: a flag up then is the value the
      // audit set, or one a subscription derives from it (mastodon's `$isReporting.assign(to:
      // &reportSupplementaryViewModel.$isBusy)`), not a load that never ended. (A text set that
      // a pipeline turns into a search made requests, and counts.)
      guard !AuditOracles.onlySets(sequence, result) else { continue }
      // Settable or not: apps declare a spinner's flag as a plain `@Published var`, which no view
      // binds (the plan never `set`s a loading flag: see `AuditPlan.vocabulary`).
      for leaf in result.final where leaf.value == "true" && isLoadingFlag(leaf.path) {
        // Down before the steps, or once the first step was done (a flag the model's `init`
        // already left up, which a first search brought down and the second left up again).
        let wasDown = { (leaves: [StateLeaf]?) in leaves?.first(where: { $0.path == leaf.path })?.value == "false" }
        guard wasDown(result.initial) || wasDown(result.afterFirst) else { continue }
        // Up already once the audit's first step raised a flag (`set isReporting true`, passed
        // on by `$isReporting.assign(to: ...isBusy)`): the audit's value, whatever came after
        // (mastodon's `send report` then returns at `guard !isReporting`).
        if let first = sequence.steps.first, first.line.hasPrefix("set "), first.line.hasSuffix(" true"),
           result.afterFirst?.first(where: { $0.path == leaf.path })?.value == "true" {
          continue
        }
        // Or raised by the last step, the audit's `set ... true` after the action (`send report`,
        // `set isReporting true`): what the state ends with is that value.
        if sequence.steps.count > 1, let last = sequence.steps.last, last.line.hasPrefix("set "), last.line.hasSuffix(" true") { continue }
        // Data no type of the app shaped may not decode: what the code then met is a failure.
        let untyped = answer == .ok && result.untypedAnswers > 0
          ? " (`{}` or `[]`: no code or path names the type they decode into, so the code may have failed to decode them)" : ""
        let answered = result.requests == 0 ? "" : " and its requests answered \(answerText(answer))\(untyped)"
        finding(.loadingLeftSet, key: leaf.path, probe: probe + 1,
          summary: "`\(leaf.path)` is still true after \(steps)\(answered), with nothing left running",
          evidence: "\(leaf.path) == true at the end; no effect, timer or request of the model is left",
          onPurpose: "unless `\(leaf.path)` is meant to stay set once set (then it is no loading flag)" + twice(sequence),
          lines: stepLines(of: result) + ["expect \(leaf.path) == false"])
      }
    }
    // An action's task that nothing can resume once every request was answered: a
    // continuation one path never resumes (a status the callback returns on without it).
    for (probe, (answer, result)) in runs.byAnswer.enumerated() {
      guard let result else { continue }
      for stuck in result.stuck {
        let answered = result.requests == 0 ? "" : " once its requests were answered \(answerText(answer))"
        finding(.neverEnds, key: stuck.action, probe: probe + 1,
          summary: "`send \(stuck.action)` never ends\(answered): its task waits on nothing that can resume it",
          evidence: "await #\(stuck.effect): " + stuck.text,
          source: surface.source(of: stuck.action),
          onPurpose: "unless something vmrepl does not run resumes it (a system callback, a delegate, a notification); else a continuation one path of the code never resumes, and what waits for the action (a spinner, a `defer`) waits for ever",
          lines: stepLines(of: result) + ["await #\(stuck.effect)"])
      }
    }
    // Work still running after the screen's cleanup and the model let go.
    // An action's own task (an effect) is the caller's to cancel: a `.task` does, a `Task {}`
    // in a button does not, and the registration does not say which the view uses. Only work
    // the model started and kept to itself counts.
    if let result = runs.settled, let first = result.leftBehind.first(where: { !$0.hasPrefix("effect #") }) {
      let origin = first.split(separator: "`").dropFirst().first.map(String.init) ?? first
      let freed = result.freed == false ? "; the model was not freed: this work keeps it alive" : ""
      // Where the work began: an action's code, the view's `.task` (`connect`, which runs the
      // lifecycle actions), or the model's `init` (`use`).
      let words = origin.split(separator: " ").map(String.init)
      let started =
        words.first == "use" ? surface.source(of: "").map { $0.replacingOccurrences(of: " in ", with: ".init in ") }
        : words.first == "connect" ? surface.lifecycleActions.first.flatMap(surface.source(of:))
        : words.count > 1 ? surface.source(of: words[1]) : nil
      // A cleanup only a button sends was not sent (`AuditPlan.cleanups`): the summary says so,
      // as that is how a user gets there.
      let skipped = AuditPlan.cleanups(of: surface).leftOut.filter { !sequence.steps.map(\.name).contains($0) }
      let names: String = skipped.map { "`\($0)`" }.joined(separator: " or ")
      let controls: String = skipped.compactMap { surface.controls[$0]?.first }.joined(separator: ", ")
      let left = skipped.isEmpty ? "the screen's cleanup" : "the screen went without \(names) (only \(controls) sends \(skipped.count == 1 ? "it" : "them"))"
      finding(.outlivesScreen, key: origin.split(separator: " ").prefix(2).joined(separator: " "), probe: 0,
        summary: "work from `\(origin)` still runs after \(left) and the model let go",
        evidence: first + freed, source: started,
        onPurpose: "unless that work is meant to outlive the screen (an app-wide service's, not this screen's)" + twice(sequence),
        lines: result.lines + ["expect idle"])
    }
    // The model kept alive after leaving with nothing of its own running: something it holds (a
    // subscription's closure, a timer's target, a stored closure) holds it back. Not where making
    // the model again gives the same object: an instance the app keeps on purpose.
    if let result = runs.settled, result.freed == false, result.leftBehind.isEmpty, !result.waitsOnStandIns, result.keptOnPurpose == false {
      finding(.notFreed, key: "leave", probe: 0,
        summary: "`\(surface.typeName)` is still alive after \(steps) and `leave`, with nothing of its own left running",
        evidence: "left the screen: `\(surface.typeName)` is still alive; no effect, timer or request of the model is left, and making it again gives a new object (not one the app keeps)",
        source: surface.source(of: "") ?? "what `\(surface.typeName)` holds: a closure, a subscription or a timer that captured it strongly",
        onPurpose: "unless the app keeps this model on purpose somewhere `use` does not reach (a cache of screens): else a closure, a subscription or a timer it holds captured it strongly (`[weak self]` breaks the cycle)",
        lines: result.lines + ["expect freed"])
    }
    // Quick actions against one after another.
    // Taps a guard ignored, or a debounce merged (fewer requests), are the app's choice; where
    // time had to pass between the steps (a timer, a debounce), one after another also differs
    // by the time that passed, which says nothing of lost updates.
    // A cleanup action among the taps (`cancel`, `stop`) is meant to cut the others' work short.
    let cuts = sequence.steps.contains { AuditPlan.isCleanup($0.name) }
    if !cuts, !Self.retyped(sequence), let quick = runs.quick, let settled = runs.settled, quick.atRest, settled.atRest, quick.ignored == 0,
      quick.requests == settled.requests, sameRequests(quick, settled),
      let difference = lostDifference(expected: settled.final, actual: quick.final, timeMoved: movesTime(settled) || movesTime(quick))
    {
      let reversed = runs.settledReversed
      let reachedOtherwise = reversed.map { $0.atRest && firstDifference(expected: $0.final, actual: quick.final) == nil } ?? true
      if !reachedOtherwise, let edit = textEdited(around: sequence) {
        let said = worded(difference, expected: settled.final, actual: quick.final)
        finding(.lostUpdate, key: difference.path, probe: 5,
          summary: "`\(edit.text)` set again while `send \(edit.action)` was still running ends with `\(said.path)` \(said.actual); set again after it, \(said.expected)",
          evidence: "\(steps) sent quickly: \(said.path) == \(said.actual); one after another, in either order: never (\(said.expected) in order)",
          onPurpose: "unless `\(said.path)` \(said.actual) is what the screen should show when the user changes `\(edit.text)` while `\(edit.action)` runs",
          lines: stepLines(of: quick) + ["expect \(difference.path) == \(difference.expected)"])
      } else if !reachedOtherwise {
        finding(.lostUpdate, key: difference.path, probe: 5,
          summary: "\(steps) sent quickly end with `\(difference.path)` \(difference.actual); one after another, in either order, never",
          evidence: "quickly: \(difference.path) == \(difference.actual); one after another: \(difference.expected)",
          onPurpose: "unless the view is meant to drop or merge quick taps this way",
          lines: stepLines(of: quick) + ["expect \(difference.path) == \(difference.expected)"])
      }
    }
    // The same answers in the other order.
    // One after another is the baseline where it sent what the quick run did: a step no view
    // offered once the first was answered (IceCubesApp's vote, gone once a fetch says it was
    // cast) makes it another sequence, and the two quick orders are compared alone.
    if !cuts, let inOrder = runs.quick, let newestFirst = runs.quickNewestFirst, let settled = runs.settled, inOrder.atRest, newestFirst.atRest,
      settled.atRest, !movesTime(inOrder), !movesTime(newestFirst),
      settled.notOffered != inOrder.notOffered || firstDifference(expected: settled.final, actual: inOrder.final) == nil,
      let difference = firstDifference(expected: inOrder.final, actual: newestFirst.final),
      reordered(expected: inOrder.final, actual: newestFirst.final) == nil, !newestFirst.lastAnswerUnread
    {
      // The code to credit is the older answer's: the first step that sent something wrote
      // what a newer answer had left.
      let older = sequence.steps.first { $0.line.hasPrefix("send ") }.flatMap { surface.source(of: $0.name) }
      finding(.answerOrder, key: difference.path, probe: 6,
        summary: "after \(steps) sent quickly, the older answer arriving last leaves `\(difference.path)` \(difference.actual), not \(difference.expected)",
        evidence: "answered oldest first: \(difference.path) == \(difference.expected); newest first: \(difference.actual) (a stale answer overwrote a newer one)",
        source: older,
        onPurpose: "unless the view is meant to show whichever answer comes last",
        lines: stepLines(of: newestFirst) + ["expect \(difference.path) == \(difference.expected)"])
    }
    // A field typed into again while the answer to the first text is out: once every answer
    // came, the screen should show what one after another shows for the last text.
    if Self.retyped(sequence), let paused = runs.paused, let settled = runs.settled, paused.atRest, settled.atRest,
      paused.requests > 0, let difference = firstDifference(expected: settled.final, actual: paused.final),
      reordered(expected: settled.final, actual: paused.final) == nil
    {
      let field = sequence.steps[0].name
      let said = worded(difference, expected: settled.final, actual: paused.final)
      let last = sequence.steps.last.map { "`\($0.line)`" } ?? ""
      finding(.answerOrder, key: difference.path, probe: 9,
        summary: "\(steps) with a pause between: the answer to the first text arriving after \(last) leaves `\(said.path)` \(said.actual), not \(said.expected)",
        evidence: "one after another: \(said.path) == \(said.expected); the first text's request still out when `\(field)` changed, answered last: \(said.actual) (an answer to a text no longer there overwrote the screen)",
        source: surface.source(of: field),
        onPurpose: "unless the view is meant to show the answer to a text the user has since changed",
        lines: stepLines(of: paused) + ["expect \(difference.path) == \(difference.expected)"])
    }
    // A write a quick double tap sent twice, the second while the first was still out: where
    // the state did not already show what the taps did (a favourite flipped back is a lost update).
    let tapped = sequence.steps.first.map { isTap($0.name, of: surface) } ?? false
    let stateShows = findings.contains { [.lostUpdate, .answerOrder].contains($0.kind) }
    if !stateShows, tapped, let step = doubleTap(sequence), let quick = runs.quick {
      for repeated in quick.repeated where isWrite(repeated) {
        let once = repeated.sent - repeated.copies + 1
        finding(.writtenTwice, key: repeated.dependency, probe: 5,
          summary: "`\(step)` done twice quickly sends `\(repeated.request)` (\(repeated.dependency)) \(repeated.copies == 2 ? "twice" : "\(repeated.copies) times"), the second before the first was answered",
          evidence: "sent quickly: \(repeated.copies) requests \(repeated.dependency) out at once, each `\(repeated.request)`; one tap sends it once",
          onPurpose: "unless doing it twice is meant to write twice; else the action ignores a tap while its work is out (a flag it checks, a button disabled meanwhile)",
          lines: repeated.lines + ["expect requests \(repeated.dependency) == \(once)"])
      }
    }
    return findings
  }

  /// Whether a user can tap `action` twice: every control the views send it from is a button
  /// (`AuditPlan.isTapped`), or no view was read for it. One sent only from a field or on
  /// appearing is no tap (`onAppear` twice is another bug).
  static func isTap(_ action: String, of surface: ModelSurface) -> Bool {
    surface.controls[action] == nil || AuditPlan.isTapped(action, surface: surface)
  }

  /// The step a sequence does twice in a row with the same values (a double tap), or nil.
  static func doubleTap(_ sequence: AuditPlan.Sequence) -> String? {
    guard sequence.steps.count == 2, sequence.steps[0].line == sequence.steps[1].line, sequence.steps[0].line.hasPrefix("send "),
          !AuditPlan.isCleanup(sequence.steps[0].name)
    else { return nil }
    return sequence.steps[0].line
  }

  /// Words that start the name of a call that makes something happen once per call: sent
  /// twice, it happens twice (a message forwarded twice, the same users invited twice, a space
  /// left twice). Not a state set again (`like`, `bookmark`, `follow`, `mute`, `pin`): twice is
  /// still one state.
  static let writeVerbs = [
    "send", "forward", "post", "create", "invite", "leave", "join", "knock", "delete", "remove", "add", "submit", "upload",
    "report", "ban", "kick", "vote", "publish", "transfer", "pay", "purchase", "buy", "order", "reply", "share", "redact",
    "register", "insert", "append", "enqueue", "book", "duplicate", "claim", "withdraw", "deposit", "checkout",
  ]

  /// Whether a request sent twice happens twice: a stand-in's call named for such a write
  /// (`leave()`, `sendMessage(...)`). An HTTP request is not judged: its path names a resource,
  /// not whether a second `POST` does it again (a bookmark or a like set twice is one state on
  /// most servers).
  package static func isWrite(_ repeated: RepeatedRequest) -> Bool {
    guard repeated.dependency != "http" else { return false }
    let name = repeated.dependency.split(separator: ".").last.map(String.init) ?? repeated.dependency
    return writeVerbs.contains { verb in
      guard name.hasPrefix(verb) else { return false }
      let rest = name.dropFirst(verb.count)
      return rest.isEmpty || rest.first!.isUppercase
    }
  }

  /// The lines to run under other schedules, when a sequence's quick taps agreed with one after
  /// another: its quick lines, then a check of each part of the state the taps changed.
  package static func scheduleCheck(_ runs: Runs, sequence: AuditPlan.Sequence) -> [String]? {
    guard !sequence.steps.contains(where: { AuditPlan.isCleanup($0.name) }), let quick = runs.quick, let settled = runs.settled, quick.atRest, settled.atRest, quick.ignored == 0,
      quick.requests == settled.requests, !movesTime(settled), !movesTime(quick),
      firstDifference(expected: settled.final, actual: quick.final) == nil
    else { return nil }
    let changed = quick.final.filter { leaf in quick.initial.first { $0.path == leaf.path }?.value != leaf.value }
    guard !changed.isEmpty else { return nil }
    return stepLines(of: quick) + changed.prefix(12).map { "expect \($0.path) == \($0.value)" }
  }

  /// A finding from a schedule that failed a check quick taps passed first in, first out.
  package static func scheduleFinding(
    _ result: ScheduleFinding, lines: [String], runs: Runs, sequence: AuditPlan.Sequence, surface: ModelSurface
  ) -> Finding? {
    guard let first = result.failed.first, let quick = runs.quick else { return nil }
    let steps = text(of: sequence, model: surface.model)
    let path = first.line.split(separator: " ").dropFirst().first.map(String.init) ?? first.line
    let body = stepLines(of: quick)
    let lastAction = sequence.steps.last(where: { $0.line.hasPrefix("send ") })?.name
    return Finding(
      model: surface.model, type: surface.typeName, kind: .lostUpdate,
      summary: "\(steps) sent quickly: under another order of their jobs the runtime allows (`\(result.pin)`), `\(path)` ends elsewhere than one after another",
      evidence: first.error, source: lastAction.flatMap(surface.source(of:)),
      onPurpose: "unless the view is meant to drop or merge quick taps this way",
      scenario: "", lines: [result.pin] + body + result.failed.map(\.line), key: "\(Finding.Kind.lostUpdate.rawValue) \(path)",
      rank: sequence.index * 10 + 8)
  }

  /// Whether two runs asked the same requests (method and path, in any order). Where they did
  /// not, a step chose its request from what an earlier answer showed (IceCubesApp's
  /// `toggleReblog` unreblogs once the bookmark's answer says the post is reblogged; tapped
  /// before that answer, it reblogs, as the button then showed): a user's tap meant something
  /// else, and no write was lost.
  static func sameRequests(_ one: ProbeResult, _ other: ProbeResult) -> Bool {
    requestsAsked(one) == requestsAsked(other)
  }

  /// The requests a run answered before leaving, `http POST /api/v1/statuses/1/reblog`, sorted.
  static func requestsAsked(_ result: ProbeResult) -> [String] {
    result.lines.prefix(result.stepLines).filter { $0.hasPrefix("respond ") }.map { $0.split(separator: " ").dropFirst().prefix(3).joined(separator: " ") }.sorted()
  }

  /// Whether the steps only set one property again and again, as a user types into its field:
  /// what the later text makes is meant to replace what the earlier one started (a debounce, a
  /// search that drops the older query: ChatGPTSwiftUI's tokenizer caches only the text the
  /// user stopped at), so fewer results quickly is no lost update. A stale answer winning is
  /// still found, by the answer-order oracle.
  static func retyped(_ sequence: AuditPlan.Sequence) -> Bool {
    guard let first = sequence.steps.first, sequence.steps.count > 1 else { return false }
    return sequence.steps.allSatisfy { $0.line.hasPrefix("set ") && $0.name == first.name }
  }

  /// Whether time had to pass during the steps (not before them, while the screen appeared).
  static func movesTime(_ result: ProbeResult) -> Bool {
    let start = result.lines.firstIndex { $0.hasPrefix("send ") || $0.hasPrefix("set ") } ?? 0
    return result.lines[start..<result.stepLines].contains { $0.hasPrefix("advance ") }
  }

  /// Where quick taps ended elsewhere than one after another. When time had to pass during the
  /// steps (a sleep, a timer, a debounce), one after another also lasted longer, so a difference
  /// counts only where it is the mark of a lost update: a whole number the quick taps left
  /// smaller (`let current = count; try? await Task.sleep(...); count = current + 1`, or a list
  /// written back from a copy), not a value that only tells how long things took.
  /// The list whose elements alone differ between two states, each holding the same elements
  /// in another order (two quick adds appended in the order their answers came), or nil where
  /// anything else differs: every answer's effect is there, none overwritten or lost.
  static func reordered(expected: [StateLeaf], actual: [StateLeaf]) -> String? {
    let left = Dictionary(expected.map { ($0.path, $0.value) }, uniquingKeysWith: { a, _ in a })
    let right = Dictionary(actual.map { ($0.path, $0.value) }, uniquingKeysWith: { a, _ in a })
    let differing = Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }
    guard !differing.isEmpty else { return nil }
    // `accounts` of `accounts[2].id`: the list a differing leaf is an element of.
    func list(of path: String) -> String? {
      guard let open = path.firstIndex(of: "["), let close = path[open...].firstIndex(of: "]"),
            Int(path[path.index(after: open)..<close]) != nil
      else { return nil }
      return String(path[..<open])
    }
    var lists: Set<String> = []
    for path in differing {
      guard let name = list(of: path) else { return nil }
      lists.insert(name)
    }
    // Each element as the sorted leaves under it, the lists compared as multisets.
    func elements(_ values: [String: String], of name: String) -> [String] {
      var byIndex: [Int: [String]] = [:]
      for (path, value) in values where path.hasPrefix(name + "[") && list(of: path) == name {
        let rest = path.dropFirst(name.count + 1)
        guard let index = Int(rest.prefix { $0 != "]" }) else { continue }
        byIndex[index, default: []].append(String(rest.drop { $0 != "]" }) + "=" + value)
      }
      return byIndex.values.map { $0.sorted().joined(separator: "\n") }.sorted()
    }
    for name in lists.sorted() where elements(left, of: name) != elements(right, of: name) { return nil }
    return lists.sorted().first
  }

  static func lostDifference(expected: [StateLeaf], actual: [StateLeaf], timeMoved: Bool) -> (path: String, expected: String, actual: String)? {
    guard timeMoved else { return firstDifference(expected: expected, actual: actual) }
    let actualValues = Dictionary(actual.map { ($0.path, $0.value) }, uniquingKeysWith: { a, _ in a })
    for leaf in expected {
      guard let expectedNumber = Int(leaf.value), let value = actualValues[leaf.path], let actualNumber = Int(value),
        actualNumber < expectedNumber
      else { continue }
      return (leaf.path, leaf.value, value)
    }
    return nil
  }

  /// A sequence's steps as findings name them: `` `send add`, `send add` ``, or the `use` line
  /// alone when the screen was only shown.
  static func text(of sequence: AuditPlan.Sequence, model: String) -> String {
    sequence.steps.isEmpty ? "`use \(model)`" : sequence.steps.map { "`\($0.line)`" }.joined(separator: ", ")
  }

  /// For a finding a step sent twice shows (the plan tries every step alone first, so alone it
  /// did not): when that is a bug.
  static func twice(_ sequence: AuditPlan.Sequence) -> String {
    let steps = sequence.steps
    guard steps.count == 2, steps[0].name == steps[1].name else { return "" }
    if steps[0].line == steps[1].line, steps[0].line.hasPrefix("set ") {
      return "; it shows only when `\(steps[0].name)` is set again to the text it holds: a bug where a user can type the same text again, or type and delete back to it"
    }
    return "; it shows only when `\(steps[0].name)` is done twice: a bug where the view can do that before its cleanup (a second `onAppear`, a double tap)"
  }

  /// A difference as a finding words it: an enum whose case has a payload on one side and none
  /// on the other is named by its case on both (`phase` .empty and .success(…), not `phase.case`
  /// missing and "success"). The `expect` line keeps the leaf's own path.
  static func worded(
    _ difference: (path: String, expected: String, actual: String), expected: [StateLeaf], actual: [StateLeaf]
  ) -> (path: String, expected: String, actual: String) {
    guard difference.path.hasSuffix(".case") else { return difference }
    let parent = String(difference.path.dropLast(".case".count))
    func caseName(_ leaves: [StateLeaf]) -> String? {
      if let withPayload = leaves.first(where: { $0.path == difference.path }) {
        return "." + withPayload.value.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) + "(…)"
      }
      return leaves.first(where: { $0.path == parent }).map { "." + $0.value }
    }
    guard let before = caseName(expected), let after = caseName(actual) else { return difference }
    return (parent, before, after)
  }

  /// The text and the action of a sequence that sets a text, sends an action and sets the text
  /// again (typed, submitted, typed on while the work is out); nil for any other.
  static func textEdited(around sequence: AuditPlan.Sequence) -> (text: String, action: String)? {
    let steps = sequence.steps
    guard steps.count == 3, steps[0].line.hasPrefix("set "), steps[2].line.hasPrefix("set "), steps[0].name == steps[2].name,
          steps[1].line.hasPrefix("send ")
    else { return nil }
    return (steps[0].name, steps[1].name)
  }

  static func isLoadingFlag(_ path: String) -> Bool {
    let last = (path.split(separator: ".").last.map(String.init) ?? path).lowercased()
    // `isLoadingData`, `isLoadingComments`: a flag of one part of the screen's loading.
    return loadingWords.contains(last) || last.hasPrefix("isloading")
  }

  static func answerText(_ answer: ProbeAnswer) -> String {
    switch answer {
    case .ok: "with data"
    case .empty: "with empty lists"
    case .serverError: "with status 500"
    case .offline: "offline"
    case .boundary: "with zeros and empty strings"
    }
  }

  /// The lines of the steps and their answers, without the cleanup and `leave` after them.
  static func stepLines(of result: ProbeResult) -> [String] { Array(result.lines.prefix(result.stepLines)) }

  /// The first leaf where `actual` differs from `expected`, in `expected`'s order.
  static func firstDifference(expected: [StateLeaf], actual: [StateLeaf]) -> (path: String, expected: String, actual: String)? {
    let actualValues = Dictionary(actual.map { ($0.path, $0.value) }, uniquingKeysWith: { a, _ in a })
    for leaf in expected where actualValues[leaf.path] != leaf.value && leaf.value != "missing" {
      // Two identities the app made itself (`public var id = UUID().uuidString`, IceCubesApp's
      // poll options, made anew at each decoding): which one a run holds says in what order
      // things were made, not what the screen shows.
      if let other = actualValues[leaf.path], isMadeIdentity(leaf.value), isMadeIdentity(other) { continue }
      return (leaf.path, leaf.value, actualValues[leaf.path] ?? "missing")
    }
    return nil
  }

  /// Whether a state's value is a UUID, as a string or as `UUID` shows (`"4A09B365-EAF5-...".
  static func isMadeIdentity(_ value: String) -> Bool {
    let text = value.hasPrefix("\"") && value.hasSuffix("\"") && value.count > 1 ? value.dropFirst().dropLast() : Substring(value)
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}
