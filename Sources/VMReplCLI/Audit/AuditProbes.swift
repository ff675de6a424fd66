import Foundation
import Scenario
import ScenarioAudit
import StandInSupport
import Synchronization

/// Runs `audit`'s requests in worker processes: a trap costs the probe it happened in, which
/// becomes a finding with the lines that led to it.
struct AuditProbes: Sendable {
  var pool: WorkerPool

  /// Each model's surface; the models whose making trapped, as findings (`use` is their
  /// scenario); and the models `use` could not start otherwise, with why.
  func surfaces(_ models: [String]) async -> (surfaces: [ModelSurface], traps: [Finding], unusable: [(model: String, error: String)]) {
    // Each model made in a process of its own: one made before it in the same process leaves
    // statics initialized (mastodon's `ColorAsset`s), and which stand-ins a trapping `init`
    // called, so the report, then depended on which models a worker happened to take first.
    let replies = await replies(models.map { AuditWorkRequest(describe: $0) }, groups: models.indices.map { [$0] })
    var surfaces: [ModelSurface] = []
    var traps: [Finding] = []
    var unusable: [(String, String)] = []
    for (model, reply) in zip(models, replies) {
      switch reply {
      case .answer(let line):
        let answer = WorkerJSON.decode(AuditWorkAnswer.self, from: line)
        if let surface = answer?.surface {
          surfaces.append(surface)
        } else {
          unusable.append((model, answer?.error ?? "the worker answered something unreadable"))
        }
      case .died(let status, let signal, let errors):
        // The model's `init` (or what it calls) trapped: a bug a user meets on opening the screen.
        let rest = ExploreRunner.message(StepMarker.split(errors).rest)
        let reason = signal.map { "signal \($0)" } ?? "exit status \(status)"
        let evidence = rest.first { $0.contains("Fatal error") || $0.contains("fatal error") } ?? rest.first ?? reason
        if Self.isRegistrationTrap(evidence) {
          unusable.append((model, "its registration's values did not make it (\(evidence)): give it the app's values in Overrides.swift"))
          continue
        }
        // A trap in a stand-in nobody answered says which one and how to answer it (`report`
        // words it); a default returned before it is no better explanation.
        if !evidence.contains("vmrepl: the stand-in "), let why = Self.afterStandInDefaults(model, StepMarker.standInDefaults(errors), evidence: evidence) {
          unusable.append((model, why))
          continue
        }
        traps.append(Finding(
          model: model, type: "", kind: .trap, summary: "the app trapped (\(reason)) making the model: `use \(model)`",
          evidence: evidence,
          source: rest.first { $0.contains(".swift:") && !$0.hasPrefix("Swift/") },
          onPurpose: "unless the app never makes this model with what its registration gives it (an `Overrides.swift` line can give other values)",
          scenario: "", lines: ["use \(model)"], key: "trap use", rank: 0))
      case .noProcess(let why):
        unusable.append((model, why))
      }
    }
    return (surfaces, traps, unusable)
  }

  /// Whether a trap while making a model stopped at a line of adopt's generated registration
  /// (`Models.generated.swift`): a failable init that the values adopt chose made return nil
  /// (mastodon's `AuthenticateInfo(...)!` with no client ID). The registration's, not the app's:
  /// the model is not audited, and the report says why, instead of a finding.
  static func isRegistrationTrap(_ evidence: String) -> Bool {
    evidence.contains("Models.generated.swift:")
  }

  /// Why a trap while making a model may be a stand-in's, not the app's: a stand-in answered
  /// with its type's default before it (MakeItSo's `Resolver.registerAllServices`, whose file
  /// imports Firebase: its registrations never ran, and Resolver trapped resolving one). What the
  /// app's code does there is not seen, so the trap is no finding; nil when no stand-in did.
  static func afterStandInDefaults(
    _ model: String, _ members: [String], evidence: String, declared: [StandInDeclaration] = StandIns.declared
  ) -> String? {
    guard !members.isEmpty else { return nil }
    let named = members.map { member in
      let file = declared.first { $0.member == member }?.why.split(separator: " ").first.map(String.init)
      return "`\(member)`" + (file.map { $0.hasSuffix(".swift") ? " (of \($0))" : "" } ?? "")
    }
    let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1]
    // A stand-in that returns nothing (a registering function) has no answer to give: only the
    // app's code, written in Overrides.swift, does what it did.
    let returning = members.filter { member in declared.first { $0.member == member }?.signature.contains("->") ?? true }
    let advice = returning.isEmpty
      ? "write what \(members.count == 1 ? "it does" : "they do") in Overrides.swift"
      : "answer \(returning.count == 1 ? "`stub \(returning[0]) ...`" : "them with `stub`") before `use`, or write \(members.count == 1 ? "it" : "them") in Overrides.swift"
    return "`use \(model)` trapped (\(evidence)) after the stand-in\(members.count == 1 ? "" : "s") \(list) returned "
      + "\(members.count == 1 ? "its type's default" : "their types' defaults") unasked: the app's code there does not run here, "
      + "so the trap may be the stand-in's: \(advice)"
  }

  /// What each probe gave, in their order. Each model's probes run in processes of their own,
  /// in order: a singleton the model's code keeps (a cache manager's `static let instance`)
  /// carries state from probe to probe, and it must be the same state on every run.
  func run(_ specs: [ProbeSpec]) async -> [ProbeOutcome] {
    var groups: [[Int]] = []
    var groupOf: [String: Int] = [:]
    for (index, spec) in specs.enumerated() {
      if spec.alone {
        groups.append([index])
      } else if let group = groupOf[spec.model] {
        groups[group].append(index)
      } else {
        groupOf[spec.model] = groups.count
        groups.append([index])
      }
    }
    return await replies(specs.map { AuditWorkRequest(probe: $0) }, groups: groups).map { reply in
      switch reply {
      case .answer(let line):
        guard let result = WorkerJSON.decode(AuditWorkAnswer.self, from: line)?.result else {
          return .crash(reason: "no answer", lines: [], errors: [line])
        }
        return .result(result)
      case .died(let status, let signal, let errors):
        let lines = errors.filter { $0.hasPrefix(StepMarker.prefix) }.map { String($0.dropFirst(StepMarker.prefix.count)) }
        let rest = errors.filter {
          !$0.hasPrefix(StepMarker.prefix) && !$0.hasPrefix(StepMarker.scenarioPrefix) && !$0.hasPrefix(StepMarker.standInPrefix)
        }
        // Stand-ins that returned a value's default unasked in the step that trapped (a `Void`
        // one, a log call, leaves nothing to unwrap).
        let declared = StandIns.declared
        let standIns = StepMarker.standInDefaultsInLastStep(errors).filter { member in
          declared.first { $0.member == member }.map { $0.signature.contains("->") || $0.signature.hasPrefix("var ") } ?? false
        }
        return .crash(
          reason: signal.map { "signal \($0)" } ?? "exit status \(status)", lines: lines, errors: ExploreRunner.message(rest), standIns: standIns)
      case .noProcess(let why):
        return .crash(reason: "no process", lines: [], errors: [why])
      }
    }
  }

  /// For each list of lines, what other schedules found; nil where none failed (or the
  /// exploration's process died: a trap under a schedule is `explore`'s to shrink).
  func explore(_ scenarios: [[String]], seed: UInt64) async -> [ScheduleFinding?] {
    await replies(scenarios.map { AuditWorkRequest(explore: $0, seed: seed) }).map { reply in
      guard case .answer(let line) = reply else { return nil }
      return WorkerJSON.decode(AuditWorkAnswer.self, from: line)?.schedule
    }
  }

  /// How a scenario ended when run alone, in a process of its own.
  enum Verdict {
    case passed
    /// A line failed: the first that did (1-based).
    case failed(at: Int)
    /// The process died (a trap).
    case died
  }

  /// Runs each scenario alone, in a process of its own: which line failed first, or whether it trapped.
  func verify(_ scenarios: [[String]]) async -> [Verdict] {
    await replies(scenarios.map { AuditWorkRequest(verify: $0) }).map { reply in
      switch reply {
      case .answer(let line):
        guard let answer = WorkerJSON.decode(AuditWorkAnswer.self, from: line), answer.failed == true else { return .passed }
        return .failed(at: answer.failedAt ?? 0)
      case .died: return .died
      case .noProcess: return .passed
      }
    }
  }

  /// The replies to `requests`, in their order; with `groups`, each group in processes of its own.
  private func replies(_ requests: [AuditWorkRequest], groups: [[Int]]? = nil) async -> [WorkerReply] {
    let lines = requests.map { WorkerJSON.line($0) ?? "" }
    let replies = Mutex<[WorkerReply?]>(Array(repeating: nil, count: lines.count))
    if let groups {
      await pool.run(requests: lines, groups: groups) { index, reply in replies.withLock { $0[index] = reply } }
    } else {
      await pool.run(requests: lines) { index, reply in replies.withLock { $0[index] = reply } }
    }
    return replies.withLock { $0 }.map { $0 ?? .noProcess("no worker answered") }
  }
}
