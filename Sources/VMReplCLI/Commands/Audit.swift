import ArgumentParser
import Foundation
import Processes
import Simulation
import ScenarioAudit
import ScenarioLanguage
import Synchronization

/// `vmrepl audit [MODEL...]`: find bugs in the models with no scenario written, each as a
/// scenario that fails while the bug is there.
struct Audit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Find concurrency bugs in the view-models with no scenario written; write each as a failing scenario.",
    discussion: """
      For each model: every action and settable property alone, then twice, then pairs in an \
      order --seed draws (--sequences in all); each sequence sent one step at a time with every \
      request answered (with data that decodes into the app's types, empty lists, status 500, \
      offline) and time moved past timers, then sent quickly with the answers in both orders; \
      the screen's cleanup actions (stop, cancel, onDisappear...) are sent and the screen left. \
      Found: traps; state a view observes written off the main thread; work still running after \
      the screen is left; quick taps ending in a state no one-after-another order reaches; a state \
      that depends on the order answers arrive in; a loading flag left set with nothing running. \
      Each finding is written to DIR/MODEL/KIND.scenario, whose `run` fails while the bug is \
      there. With an app's folder instead of models, `vmrepl audit APP` adopts it (if it has no \
      package yet), builds it and audits every model. Exit status 1 when anything was found.
      """)

  @ArgumentParser.Argument(help: "The models to audit (default: every model), or an app's folder.")
  var models: [String] = []

  @Option(help: "How many sequences of actions to try per model (the single steps always run).")
  var sequences = 40

  @Option(help: "The seed the sequences are drawn from: the same seed, the same findings.")
  var seed: UInt64 = 0

  @Option(help: ArgumentHelp("Stop starting sequences after this much wall time (like 90s or 5m); what ran is reported.", valueName: "TIME"))
  var time: String?

  @Option(help: ArgumentHelp("Audit part K of N of the sequences (a CI matrix); `--merge` puts the shards' jsonl together.", valueName: "K/N"))
  var shard: Shard?

  @Option(help: ArgumentHelp("Where the findings' scenarios go.", valueName: "DIR"))
  var output = "audit"

  @Option(help: "Output: human (the report) or jsonl (one JSON object per finding).")
  var format: OutputFormat = .human

  @Option(parsing: .upToNextOption, help: ArgumentHelp("Instead of auditing: merge these shards' jsonl outputs into the findings one machine gives.", valueName: "FILE"))
  var merge: [String] = []

  @Option(help: "How many worker processes run probes at once (default: the number of cores).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(help: ArgumentHelp("Audit only MODEL, and say for each sequence what its probes saw, how each request was answered, and why each check did or did not find something.", valueName: "MODEL"))
  var explain: String?

  @OptionGroup var guards: GuardOptions

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    guard sequences >= 1 else { throw ValidationError("--sequences must be 1 or more") }
    if let time, AuditTime.seconds(time) == nil {
      throw ValidationError("--time takes a duration like 90s, 5m or 1h, not `\(time)`")
    }
    let known = ModelCatalog.models.map(\.name)
    if let explain, !known.contains(explain) {
      let nearest = Suggestion.nearest(to: explain, in: known)
      throw ValidationError("--explain: no model named `\(explain)`" + (nearest.map { "; did you mean `\($0)`?" } ?? "") + " (`models` lists the models)")
    }
    // `--explain` audits its one model: another named beside it would be left out unsaid.
    if let explain, let other = models.first(where: { $0 != explain }) {
      throw ValidationError("--explain audits one model, `\(explain)`; `\(other)` is named too: explain it in a run of its own (`audit --explain \(other)`)")
    }
    guard merge.isEmpty, models.count != 1 || known.contains(models[0]) || AuditApp.folder(models[0]) == nil else { return }
    for model in models where !known.contains(model) {
      let nearest = Suggestion.nearest(to: model, in: known)
      throw ValidationError("no model or app folder named `\(model)`" + (nearest.map { "; did you mean `\($0)`?" } ?? "") + " (`models` lists the models)")
    }
  }

  func run() throws {
    let known = ModelCatalog.models.map(\.name)
    if !merge.isEmpty {
      let texts = try merge.map { path in
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw ValidationError("cannot read \(path)") }
        return text.split(separator: "\n").map(String.init)
      }
      let lists = texts.map { lines in lines.compactMap { WorkerJSON.decode(Finding.self, from: $0) } }
      let findings = mergeFindings(lists, models: known)
      var merged = AuditReport()
      merged.findings = findings
      // Every shard says which models it could not audit: each once.
      for line in texts.joined() {
        guard let notAudited = WorkerJSON.decode(AuditJSON.NotAudited.self, from: line),
          !merged.unusable.contains(where: { $0.model == notAudited.model })
        else { continue }
        merged.unusable.append((notAudited.model, notAudited.notAudited))
      }
      try report(merged, models: [], merged: true)
      return
    }
    if models.count >= 1, !known.contains(models[0]), let app = AuditApp.folder(models[0]) {
      try AuditApp(folder: app, arguments: Array(CommandLine.arguments.drop { $0 != "audit" }.dropFirst()).filter { $0 != models[0] }).run()
    }
    let chosen = explain.map { [$0] } ?? (models.isEmpty ? known : known.filter(models.contains))
    let pool = {
      var pool = WorkerPool(executable: CurrentExecutable.path, arguments: guards.arguments, jobs: jobs)
      pool.subcommand = "audit-worker"
      return pool
    }()
    let started = ContinuousClock.now
    let limit = time.flatMap(AuditTime.seconds)
    var settings = AuditSettings()
    settings.seed = seed
    settings.sequences = sequences
    settings.explain = explain != nil
    if let shard { settings.shard = (shard.index, shard.count) }
    settings.stop = { limit.map { ContinuousClock.now - started > .seconds($0) } ?? false }
    let terminal = isatty(2) == 1
    settings.progress = { done, total in
      if terminal { writeAll(2, "\r\u{1B}[Kaudit: \(done)/\(total) probes of sequences") }
    }
    let (surfaces, traps, unusable) = awaitBlocking { await AuditProbes(pool: pool).surfaces(chosen) }
    let seed = seed
    let auditor = Auditor(
      settings: settings, execute: { specs in await AuditProbes(pool: pool).run(specs) },
      explore: { lines in await AuditProbes(pool: pool).explore(lines, seed: seed) })
    var result = awaitBlocking { await auditor.audit(surfaces) }
    if terminal { writeAll(2, "\r\u{1B}[K") }
    if let explain {
      let plan = surfaces.first.map { AuditExplanation.header(of: $0) } ?? ["\(explain): not audited"]
      writeAll(1, (plan + result.explanations.flatMap(\.lines)).map { $0 + "\n" }.joined())
    }
    // Each finding's scenario, run alone in a new process, must fail: one that passes owed its
    // failure to what an earlier probe left in the process (state a singleton service keeps).
    // A model whose making trapped is reported in its place among the models, before the rest of theirs.
    let order = Dictionary(chosen.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    var candidates = (traps + result.findings).enumerated()
      .sorted { (order[$0.element.model] ?? Int.max, $0.offset) < (order[$1.element.model] ?? Int.max, $1.offset) }.map(\.element)
    // The scenario as short as the same run: `advance 6s`, not six `advance 1s`, where it fails
    // at its last line; run alone, that also confirms it. The others are run as they are.
    var fails = Array(repeating: false, count: candidates.count)
    let shortened = candidates.indices.compactMap { index -> (Int, [String])? in
      let lines = ScenarioShortening.mergingAdvances(candidates[index].lines)
      return lines == candidates[index].lines ? nil : (index, lines)
    }
    let shortVerdicts = awaitBlocking { await AuditProbes(pool: pool).verify(shortened.map(\.1)) }
    var confirmed: Set<Int> = []
    for ((index, lines), verdict) in zip(shortened, shortVerdicts) {
      switch verdict {
      case .died, .failed(at: lines.count):
        candidates[index].lines = lines
        fails[index] = true
        confirmed.insert(index)
      default: break
      }
    }
    let rest = candidates.indices.filter { !confirmed.contains($0) }
    let scenarios = rest.map { candidates[$0].lines }
    let verdicts = awaitBlocking { await AuditProbes(pool: pool).verify(scenarios) }
    for (index, verdict) in zip(rest, verdicts) {
      if case .passed = verdict { continue }
      fails[index] = true
    }
    result.findings = zip(candidates, fails).filter(\.1).map(\.0)
    result.unreproduced = zip(candidates, fails).filter { !$0.1 }.count
    result.unusable = unusable
    try report(result, models: chosen, merged: false)
  }

  /// Writes the scenarios and the report; exit status 1 when anything was found.
  private func report(_ result: AuditReport, models: [String], merged: Bool) throws {
    var result = result
    try AuditScenarios.write(&result.findings, to: output)
    // A trap's place in the app's code, from a backtrace of its scenario run once more.
    if !merged {
      for index in result.findings.indices where result.findings[index].kind == .trap {
        guard let frame = TrapSource.locate(result.findings[index].scenario) else { continue }
        result.findings[index].source = frame
      }
      // A model whose making trapped in a package's code (a resource its bundle carries on the
      // device but the adopted package does not) says nothing of the app's own code: not audited,
      // with why, rather than a finding.
      result.findings.removeAll { finding in
        guard finding.key == "trap use", let source = finding.source, source.contains("/checkouts/") else { return false }
        try? FileManager.default.removeItem(atPath: finding.scenario)
        result.unusable.append((finding.model, "`use \(finding.model)` trapped in a package's code, not the app's: \(finding.evidence) (at \(source))"))
        return true
      }
      // A stand-in (code Linux cannot build) that returns a value no default gives traps when
      // nobody answers it: that says nothing of the app, and a trap in `use` leaves nothing to audit.
      result.findings.removeAll { finding in
        guard let why = finding.unansweredStandIn else { return false }
        try? FileManager.default.removeItem(atPath: finding.scenario)
        if finding.key == "trap use" {
          result.unusable.append((finding.model, "`use \(finding.model)` trapped in vmrepl's stand-in, not in the app's code: \(why)"))
        } else {
          result.standInTraps += 1
        }
        return true
      }
      try AuditScenarios.write(&result.findings, to: output)
    }
    let lines = format == .jsonl
      ? result.findings.compactMap { WorkerJSON.line(AuditJSON(finding: $0)) }
        + result.unusable.compactMap { WorkerJSON.line(AuditJSON.NotAudited(model: $0.model, notAudited: $0.error)) }
      : AuditText.report(result, seed: seed, merged: merged)
    writeAll(1, lines.map { $0 + "\n" }.joined())
    if !result.findings.isEmpty { throw ExitCode(1) }
  }
}

/// A finding as `--format jsonl` writes it: the fields other programs read first.
struct AuditJSON: Codable {
  var model: String
  var type: String
  var kind: String
  var summary: String
  var evidence: String
  var source: String?
  var onPurpose: String?
  var scenario: String
  var lines: [String]
  var key: String
  var rank: Int

  /// A model `audit` could not audit, and why: a line of its own in `--format jsonl`.
  struct NotAudited: Codable {
    var model: String
    var notAudited: String
  }

  init(finding: Finding) {
    model = finding.model
    type = finding.type
    kind = finding.kind.rawValue
    summary = finding.summary
    evidence = finding.evidence
    source = finding.source
    onPurpose = finding.onPurpose
    scenario = finding.scenario
    lines = finding.lines
    key = finding.key
    rank = finding.rank
  }
}

/// `--time`: `90s`, `5m`, `1h` or a number of seconds.
enum AuditTime {
  static func seconds(_ text: String) -> Int? {
    let units: [(String, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
    for (unit, factor) in units where text.hasSuffix(unit) {
      return Int(text.dropLast(unit.count)).map { $0 * factor }
    }
    return Int(text)
  }
}
