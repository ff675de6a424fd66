import ArgumentParser
import Foundation
import Scenario
import ScenarioAudit
import ScenarioExploration
import Simulation
import StandInSupport

/// What `audit` asks a worker: a model's surface, or one probe.
struct AuditWorkRequest: Codable {
  var describe: String?
  var probe: ProbeSpec?
  /// A finding's scenario, run alone to see that it fails.
  var verify: [String]?
  /// Lines to run under other schedules, and the seed they are drawn from.
  var explore: [String]?
  var seed: UInt64?
}

/// A worker's answer to one request.
struct AuditWorkAnswer: Codable {
  var fresh: Bool
  var surface: ModelSurface?
  var error: String?
  var result: ProbeResult?
  /// For `verify`: whether a line of the scenario failed, and the first that did (1-based).
  var failed: Bool?
  var failedAt: Int?
  /// For `explore`: the fewest departures that fail a check, if any schedule does.
  var schedule: ScheduleFinding?
}

/// `vmrepl audit-worker`: the child `audit` starts. It reads requests on standard input, one JSON
/// line each, runs each in a session of its own, and answers with one JSON line. Before each
/// line of a probe it writes the line to standard error, so that a trap leaves behind the lines
/// that led to it. When a probe leaves a thread of the program alive, it says it is not fresh
/// and exits, and `audit` starts another worker for the rest.
struct AuditWorker: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit-worker",
    abstract: "Run audit probes named on standard input (started by `audit`).",
    shouldDisplay: false)

  @OptionGroup var guards: GuardOptions

  func run() throws {
    MainActor.assumeIsolated {
      var options = SessionOptions.unparsed
      options.guards = guards
      let output = SessionOutput()
      var runner = ProbeRunner(responses: ModelCatalog.responses)
      runner.willRun = { line in writeAll(2, "\(StepMarker.prefix)\(line)\n") }
      StandIns.observeDefaults { call in writeAll(2, "\(StepMarker.standInPrefix)\(call.member)\n") }
      while let line = readLine(strippingNewline: true) {
        guard let request = WorkerJSON.decode(AuditWorkRequest.self, from: line) else {
          output.write((WorkerJSON.line(AuditWorkAnswer(fresh: true, error: "unreadable request")) ?? "") + "\n")
          continue
        }
        WorkerErrors.startOver(with: "\(StepMarker.scenarioPrefix)audit probe\n")
        var timeline = ScriptRunner(options: options, transcript: true, output: output).timeline
        var answer = AuditWorkAnswer(fresh: true)
        if let model = request.describe {
          var answers: [String] = []
          while true {
            let (surface, error, retry) = ProbeRunner.surface(of: model, answers: answers, in: timeline)
            answer.surface = surface
            answer.error = error
            guard let retry else { break }
            // Made again in a new session, the stand-in answered before `use`.
            _ = timeline.end(ignoringEffects: true)
            output.capture?.discard()
            answers.append(retry)
            timeline = ScriptRunner(options: options, transcript: true, output: output).timeline
          }
        } else if let probe = request.probe {
          answer.result = runner.run(probe, in: timeline)
        } else if let lines = request.explore {
          answer.schedule = Self.explore(lines, seed: request.seed ?? 0, output: output)
        } else if let lines = request.verify {
          var failed = false
          for (number, line) in lines.enumerated() {
            writeAll(2, "\(StepMarker.prefix)\(line)\n")
            let step = timeline.execute(line, line: number + 1)
            if step.failed, !failed {
              failed = true
              answer.failedAt = number + 1
            }
          }
          answer.failed = failed
        }
        // A model that outlives its session (a singleton: `static let shared`) carries state
        // into the next probe: that one gets a process of its own.
        weak let model = timeline.session.lastModelObject
        // A probe that left a timer armed or a thread alive hands over to a new process, as
        // `replay`'s workers do: an abandoned run-loop timer could still act in the next probe.
        answer.fresh = timeline.end(ignoringEffects: true) && model == nil && request.verify == nil && request.explore == nil
        output.capture?.discard()
        output.write((WorkerJSON.line(answer) ?? "") + "\n")
        if !answer.fresh { return }
      }
    }
  }

  /// Runs `lines` under 24 schedules (PCT, depth 2, from `seed`); the fewest departures of the
  /// first failing outcome first in, first out does not have, with the checks it failed.
  @MainActor
  static func explore(_ lines: [String], seed: UInt64, output: SessionOutput) -> ScheduleFinding? {
    let explorer = Explorer(models: ModelCatalog.models, prints: output.capture)
    let numbered = Explorer.runnable(lines.enumerated().map { (number: $0.offset + 1, text: $0.element) })
    let exploration = explorer.explore(numbered, request: ExploreRequest(schedules: 24, strategy: .pct, depth: 2, seed: seed))
    guard let outcome = exploration.ordered.first(where: { !$0.isFIFO && !$0.failures.isEmpty }), let minimal = outcome.minimal else {
      return nil
    }
    let failed = minimal.errors.filter { $0.source.hasPrefix("expect ") }
    guard !failed.isEmpty else { return nil }
    return ScheduleFinding(pin: ExplorationReport.pinLine(minimal.departures), lines: failed.map(\.source), errors: failed.map(\.message))
  }
}
