package import Scenario
/// What running a probe gave: what it saw, or how the process died.
package enum ProbeOutcome: Sendable {
  case result(ProbeResult)
  /// The process ended while the probe ran: why (`signal 4`), the lines run until then (the
  /// last one trapped), what it wrote to standard error, and the stand-ins that returned their
  /// type's default unasked (`nil`, empty) in the step that trapped.
  case crash(reason: String, lines: [String], errors: [String], standIns: [String] = [])
}

/// What `audit` is asked: how many sequences per model, drawn how, on which shard, for how long.
package struct AuditSettings: Sendable {
  package var seed: UInt64 = 0
  /// Sequences per model (the single steps always run).
  package var sequences = 40
  /// This machine's part of the work: `index` of `count` (1-based), as `replay --shard` splits.
  package var shard: (index: Int, count: Int) = (1, 1)
  /// Whether to stop starting sequences (a budget of time ran out).
  package var stop: @Sendable () -> Bool = { false }
  /// Told as each batch of probes ends: probes run so far, and in all.
  package var progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  /// Whether to keep what each sequence's probes saw, for `audit --explain`.
  package var explain = false

  package init() {}
}

/// What an audit gave: its findings, and what it could not audit.
package struct AuditReport: Sendable {
  package var findings: [Finding] = []
  /// Models `use` could not start, with the error.
  package var unusable: [(model: String, error: String)] = []
  /// Per model audited: sequences run and planned, probes run.
  package var counts: [(model: String, sequences: Int, planned: Int, probes: Int)] = []
  /// The `stub` lines the audit gave a model before `use` (`ModelSurface.answers`), by model.
  package var answered: [String: [String]] = [:]
  /// The actions only each model's own code calls, which no probe sends (`ModelSurface.calledOnlyByModel`).
  package var notSent: [String: [String]] = [:]
  /// Whether the budget stopped it before every planned sequence ran.
  package var stoppedEarly = false
  /// Models whose traps were all a base class's placeholders (`fatalError("Subclasses must implement")`).
  package var placeholders: [String] = []
  /// Findings dropped because their scenario, run alone, did not fail.
  package var unreproduced = 0
  /// Traps dropped because a stand-in nobody answered trapped, not the app.
  package var standInTraps = 0
  /// Traps dropped because the step that trapped had a stand-in return its type's default
  /// unasked (pocket-casts' search force-unwraps `MainServerHandler.podcastSearchQuery`, a
  /// stand-in that returned `nil`): what the app's code returns there is not seen. One per
  /// model and action.
  package var standInDefaultTraps = 0
  /// With `AuditSettings.explain`: each sequence, what its probes saw and what was found.
  package var explanations: [AuditExplanation] = []

  package init() {}
}

/// Finds bugs in models with no scenario written: plans sequences of their actions, runs each
/// as probes (settled, quick, answered in other orders and with failures, the screen left) and
/// asks the oracles. Probes run through `execute`, in worker processes, so a trap costs only
/// the probe it happened in.
package struct Auditor: Sendable {
  package var settings: AuditSettings
  /// Runs probes, in their order.
  package var execute: @Sendable ([ProbeSpec]) async -> [ProbeOutcome]
  /// Runs scenarios' lines under other schedules the runtime allows: for each, the fewest
  /// departures that fail a check first in, first out passes, or nil.
  package var explore: @Sendable ([[String]]) async -> [ScheduleFinding?]

  package init(
    settings: AuditSettings, execute: @escaping @Sendable ([ProbeSpec]) async -> [ProbeOutcome],
    explore: @escaping @Sendable ([[String]]) async -> [ScheduleFinding?] = { $0.map { _ in nil } }
  ) {
    self.settings = settings
    self.execute = execute
    self.explore = explore
  }

  /// Audits the models whose surfaces are given (in the catalogue's order).
  package func audit(_ surfaces: [ModelSurface]) async -> AuditReport {
    var report = AuditReport()
    // Units of work: a model's sequence, numbered across models, dealt to shards in turn.
    var units: [(plan: AuditPlan, sequence: AuditPlan.Sequence)] = []
    var planned: [String: Int] = [:]
    for surface in surfaces {
      let plan = AuditPlan(surface: surface, seed: settings.seed, limit: settings.sequences)
      planned[surface.model] = plan.sequences.count
      for sequence in plan.sequences { units.append((plan, sequence)) }
    }
    let mine = units.enumerated().filter { $0.offset % settings.shard.count == settings.shard.index - 1 }.map(\.element)
    var probes: [String: Int] = [:]
    var ran: [String: Int] = [:]
    var found: [String: Finding] = [:]
    var placeholders: Set<String> = []
    var afterDefaults: Set<String> = []
    let batchSize = 24
    var done = 0
    let total = mine.count * 3
    for start in stride(from: 0, to: mine.count, by: batchSize) {
      if settings.stop() {
        report.stoppedEarly = true
        break
      }
      let batch = Array(mine[start..<min(start + batchSize, mine.count)])
      var runs = Array(repeating: AuditOracles.Runs(), count: batch.count)
      // First: each sequence settled (and the screen left), and sent quickly.
      var specs = batch.enumerated().flatMap { index, unit in Self.firstSpecs(unit).map { (index, $0.0, $0.1) } }
      await run(specs, batch: batch, into: &runs, found: &found, probes: &probes, placeholders: &placeholders, afterDefaults: &afterDefaults)
      // Then what the first answers call for.
      specs = batch.enumerated().flatMap { index, unit in Self.secondSpecs(unit, after: runs[index]).map { (index, $0.0, $0.1) } }
      await run(specs, batch: batch, into: &runs, found: &found, probes: &probes, placeholders: &placeholders, afterDefaults: &afterDefaults)
      var batchFindings: [[Finding]] = []
      for (index, unit) in batch.enumerated() {
        batchFindings.append(AuditOracles.check(runs[index], sequence: unit.sequence, surface: unit.plan.surface))
        ran[unit.plan.surface.model, default: 0] += 1
      }
      // What the oracles found, confirmed by the same probes each in a process of its own: a
      // model's probes share a process, where a singleton it keeps carries state from one probe
      // to the next, which can make quick taps and one after another differ by that alone.
      let suspects = batchFindings.indices.filter { !batchFindings[$0].isEmpty }
      if !suspects.isEmpty {
        let confirmed = await confirm(suspects.map { batch[$0] }, probes: &probes)
        for (index, keys) in zip(suspects, confirmed) {
          batchFindings[index].removeAll { !keys.contains($0.key) }
        }
      }
      // Last, quick taps that agree with one after another first in, first out, under the other
      // orders of their jobs the runtime allows: a lost update FIFO order hides.
      var explored: [(Int, [String])] = []
      for (index, unit) in batch.enumerated() where !batchFindings[index].contains(where: { $0.kind == .lostUpdate || $0.kind == .answerOrder }) {
        guard let lines = AuditOracles.scheduleCheck(runs[index], sequence: unit.sequence) else { continue }
        explored.append((index, lines))
        probes[unit.plan.surface.model, default: 0] += 1
      }
      if !explored.isEmpty {
        let results = await explore(explored.map(\.1))
        for ((index, lines), result) in zip(explored, results) {
          guard let result, let finding = AuditOracles.scheduleFinding(result, lines: lines, runs: runs[index], sequence: batch[index].sequence, surface: batch[index].plan.surface) else { continue }
          batchFindings[index].append(finding)
        }
      }
      for findings in batchFindings { for finding in findings { keep(finding, in: &found) } }
      if settings.explain {
        for (index, unit) in batch.enumerated() {
          let traps = found.values.filter { $0.model == unit.plan.surface.model && $0.kind == .trap && $0.rank / 10 == unit.sequence.index }
          report.explanations.append(AuditExplanation(
            surface: unit.plan.surface, sequence: unit.sequence, cleanup: unit.plan.cleanup, runs: runs[index],
            found: (traps + batchFindings[index]).map(\.key)))
        }
      }
      done += batch.count * 3
      settings.progress(min(done, total), total)
    }
    for surface in surfaces {
      if !surface.answers.isEmpty { report.answered[surface.model] = surface.answers }
      report.counts.append((surface.model, ran[surface.model] ?? 0, planned[surface.model] ?? 0, probes[surface.model] ?? 0))
      let notSent = surface.actions.map(\.name).filter { surface.calledOnlyByModel.contains($0) }
      if !notSent.isEmpty { report.notSent[surface.model] = notSent }
    }
    report.placeholders = surfaces.map(\.model).filter(placeholders.contains)
    report.standInDefaultTraps = afterDefaults.count
    let order = Dictionary(uniqueKeysWithValues: surfaces.enumerated().map { ($0.element.model, $0.offset) })
    report.findings = oneWritePerSite(found.values.sorted {
      (order[$0.model] ?? 0, $0.rank, $0.key) < (order[$1.model] ?? 0, $1.rank, $1.key)
    })
    return report
  }

  /// The actions of `sequence`, when every step sends one of a group one button runs one at a
  /// time (ButtonKit's `AsyncButton`, `ModelSurface.oneAtATime`): no user can send them quickly.
  static func oneButton(_ sequence: AuditPlan.Sequence, of surface: ModelSurface) -> [String]? {
    let names = sequence.steps.map { step -> String? in step.line.hasPrefix("send ") ? step.name : nil }
    guard names.count > 1, names.allSatisfy({ $0 != nil }) else { return nil }
    return surface.oneAtATime.first { group in names.allSatisfy { group.contains($0!) } }
  }

  /// The probes every sequence runs first: settled (and the screen left), and sent quickly
  /// (unless one button runs them one at a time).
  static func firstSpecs(_ unit: (plan: AuditPlan, sequence: AuditPlan.Sequence)) -> [(ProbeKind, ProbeSpec)] {
    var base = ProbeSpec(model: unit.plan.surface.model, steps: unit.sequence.steps, mode: .settled, answer: .ok)
    base.answers = unit.plan.surface.answers
    base.openers = unit.plan.openers
    var settled = base
    settled.leaves = true
    settled.cleanup = unit.plan.cleanup
    var specs: [(ProbeKind, ProbeSpec)] = [(.settled, settled)]
    if unit.sequence.steps.count > 1, oneButton(unit.sequence, of: unit.plan.surface) == nil {
      var quick = base
      quick.mode = .quick
      specs.append((.quick, quick))
    }
    return specs
  }

  /// What the first probes' answers call for: failures where requests were made, the other
  /// order of answers where two were out at once, the other order of steps where quick and
  /// one-after-another differ.
  static func secondSpecs(_ unit: (plan: AuditPlan, sequence: AuditPlan.Sequence), after runs: AuditOracles.Runs) -> [(ProbeKind, ProbeSpec)] {
    var base = ProbeSpec(model: unit.plan.surface.model, steps: unit.sequence.steps, mode: .settled, answer: .ok)
    base.answers = unit.plan.surface.answers
    base.openers = unit.plan.openers
    var specs: [(ProbeKind, ProbeSpec)] = []
    if let settled = runs.settled, settled.requests > 0 {
      // Values at their edge only where an answer had a type of the app to shape: else the
      // body is `{}` or `[]` again.
      let typed = settled.answers.count > settled.untypedAnswers
      for answer in [ProbeAnswer.offline, .serverError, .empty] + (typed ? [.boundary] : []) {
        var failing = base
        failing.answer = answer
        if answer == .offline || answer == .serverError { failing.failingStandIns = settled.throwingStandIns }
        specs.append((.failing(answer), failing))
      }
    }
    if let quick = runs.quick, quick.requests > 1 {
      var newestFirst = base
      newestFirst.mode = .quick
      newestFirst.newestFirst = true
      specs.append((.quickNewestFirst, newestFirst))
    }
    // A field typed into again while the first text's request is out (a pause between the
    // keystrokes long enough for a debounce to send it).
    if AuditOracles.retyped(unit.sequence), let settled = runs.settled, settled.requests > 0 {
      var paused = base
      paused.mode = .paused
      specs.append((.paused, paused))
    }
    if let quick = runs.quick, let settled = runs.settled,
      AuditOracles.firstDifference(expected: settled.final, actual: quick.final) != nil
    {
      var reversed = base
      reversed.steps.reverse()
      specs.append((.settledReversed, reversed))
    }
    return specs
  }

  /// The keys of the findings each sequence's probes give when each runs alone, in a process
  /// that ran nothing before it. A probe that crashes alone confirms nothing.
  private func confirm(_ units: [(plan: AuditPlan, sequence: AuditPlan.Sequence)], probes: inout [String: Int]) async -> [Set<String>] {
    var runs = Array(repeating: AuditOracles.Runs(), count: units.count)
    for phase in 0..<2 {
      var specs: [(Int, ProbeKind, ProbeSpec)] = []
      for (index, unit) in units.enumerated() {
        let kinds = phase == 0 ? Self.firstSpecs(unit) : Self.secondSpecs(unit, after: runs[index])
        for (kind, spec) in kinds {
          var alone = spec
          alone.alone = true
          specs.append((index, kind, alone))
          probes[spec.model, default: 0] += 1
        }
      }
      let outcomes = specs.isEmpty ? [] : await execute(specs.map(\.2))
      for ((index, kind, _), outcome) in zip(specs, outcomes) {
        guard case .result(let result) = outcome else { continue }
        runs[index].file(result, as: kind)
      }
    }
    return units.indices.map { index in
      Set(AuditOracles.check(runs[index], sequence: units[index].sequence, surface: units[index].plan.surface).map(\.key))
    }
  }

  enum ProbeKind: Equatable {
    case settled, quick, quickNewestFirst, settledReversed, paused
    case failing(ProbeAnswer)
  }

  /// Runs `specs`, files each result under its sequence, and turns each crash into a trap.
  private func run(
    _ specs: [(Int, ProbeKind, ProbeSpec)], batch: [(plan: AuditPlan, sequence: AuditPlan.Sequence)],
    into runs: inout [AuditOracles.Runs], found: inout [String: Finding], probes: inout [String: Int],
    placeholders: inout Set<String>, afterDefaults: inout Set<String>
  ) async {
    guard !specs.isEmpty else { return }
    for spec in specs { probes[spec.2.model, default: 0] += 1 }
    let outcomes = await execute(specs.map(\.2))
    for ((index, kind, spec), outcome) in zip(specs, outcomes) {
      switch outcome {
      case .result(let result):
        runs[index].file(result, as: kind)
      case .crash(let reason, let lines, let errors, let standIns):
        let unit = batch[index]
        // A base class's placeholder (`fatalError("Subclasses must implement ...")`) traps by
        // design: the app makes only its subclasses.
        if errors.contains(where: Self.isPlaceholder) {
          placeholders.insert(spec.model)
          continue
        }
        let trapped = lines.last ?? "use \(spec.model)"
        // The step had a stand-in return `nil` or empty unasked: the app's code, which Linux
        // could not build, may return a value there; no finding, but counted.
        if !standIns.isEmpty {
          afterDefaults.insert(spec.model + "\u{1}" + (Self.actionName(of: trapped) ?? trapped))
          continue
        }
        let message = errors.first { $0.contains("Fatal error") || $0.contains("fatal error") || $0.contains("crashed") } ?? errors.first ?? reason
        let action = Self.actionName(of: trapped) ?? trapped
        keep(Finding(
          model: spec.model, type: unit.plan.surface.typeName, kind: .trap,
          summary: "the app trapped (\(reason)) at `\(trapped)`",
          evidence: message,
          source: errors.first { $0.contains(".swift:") && !$0.hasPrefix("Swift/") }
            ?? (lines.last(where: { $0.hasPrefix("send ") }).flatMap(Self.actionName(of:)).flatMap(unit.plan.surface.source(of:))),
          onPurpose: spec.answer == .boundary && trapped.hasPrefix("respond ")
            ? "unless the server never answers with these values (0, an empty string, false) where the code reads them"
            : "unless the app's views never let a user do this (a button hidden, a value no screen sends, an option the registration's default gives)",
          scenario: "", lines: lines, key: "trap \(action)", rank: unit.sequence.index * 10 + kind.rank), in: &found)
      }
    }
  }

  /// Whether a trap's message is an abstract method's placeholder.
  static func isPlaceholder(_ message: String) -> Bool {
    let lower = message.lowercased()
    guard lower.contains("fatal error") else { return false }
    return ["subclass", "must override", "must be overridden", "must implement", "abstract", "not implemented", "override this"].contains { lower.contains($0) }
  }

  /// The action or property a line names (`send load` → `load`), or the request's route.
  static func actionName(of line: String) -> String? {
    let words = line.split(separator: " ")
    guard words.count >= 2 else { return nil }
    switch words[0] {
    case "send", "set": return String(words[1])
    case "respond": return "respond"
    default: return String(words[0])
    }
  }

  /// Keeps the finding of lower rank of two of the same bug.
  private func keep(_ finding: Finding, in found: inout [String: Finding]) {
    let key = finding.model + "\u{1}" + finding.key
    if let kept = found[key], kept.rank <= finding.rank { return }
    found[key] = finding
  }
}

extension Auditor.ProbeKind {
  var rank: Int {
    switch self {
    case .settled: 0
    case .failing(let answer): 1 + (ProbeAnswer.allCases.firstIndex(of: answer) ?? 0)
    case .quick: 6
    case .quickNewestFirst: 7
    case .settledReversed: 8
    case .paused: 9
    }
  }
}

/// Merges findings from shards: of two findings of one bug, the lower rank is kept, as one
/// machine would have kept it.
package func mergeFindings(_ lists: [[Finding]], models: [String]) -> [Finding] {
  var found: [String: Finding] = [:]
  for finding in lists.joined() {
    let key = finding.model + "\u{1}" + finding.key
    if let kept = found[key], kept.rank <= finding.rank { continue }
    found[key] = finding
  }
  let order = Dictionary(models.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
  return oneWritePerSite(found.values.sorted { (order[$0.model] ?? Int.max, $0.rank, $0.key) < (order[$1.model] ?? Int.max, $1.rank, $1.key) })
}

/// `findings` without an "@Published property set off the main thread to the value it had"
/// finding (`objectWillChange`) whose code is that of another write off the main thread of the
/// same model: one write, seen once with a value changed and once (a second run of the same
/// code, SwiftUIConcurrency's `fetchRowData` twice) setting the value it had.
func oneWritePerSite(_ findings: [Finding]) -> [Finding] {
  func site(_ finding: Finding) -> String? {
    guard finding.kind == .offMainWrite, let source = finding.source else { return nil }
    return finding.model + "\u{1}" + (source.range(of: " (work of ").map { String(source[..<$0.lowerBound]) } ?? source)
  }
  let unchanged = Finding.Kind.offMainWrite.rawValue + " objectWillChange"
  let changed = Set(findings.filter { $0.key != unchanged }.compactMap(site))
  return findings.filter { finding in
    guard finding.key == unchanged, let site = site(finding) else { return true }
    return !changed.contains(site)
  }
}

extension AuditOracles.Runs {
  /// Files a probe's result under the kind of probe it was.
  mutating func file(_ result: ProbeResult, as kind: Auditor.ProbeKind) {
    switch kind {
    case .settled: settled = result
    case .quick: quick = result
    case .quickNewestFirst: quickNewestFirst = result
    case .settledReversed: settledReversed = result
    case .paused: paused = result
    case .failing(let answer): failures.append((answer, result))
    }
  }
}
