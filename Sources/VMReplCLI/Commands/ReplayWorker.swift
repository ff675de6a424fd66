import ArgumentParser
import Foundation
import Scenario
import Simulation

/// `vmrepl replay-worker`: the child `replay` starts. It reads scenario paths from standard
/// input, one per line, and answers each with one JSON line on standard output: the path and
/// the transcript.
///
/// Between scenarios it ends the session and restarts the simulation (virtual time 0, the
/// default wall clock and random source), so each transcript is the one a process of its own
/// would print. When something the scenario started could still act (a live timer, a thread,
/// hidden work, a quarantined task), it says so in the answer and exits instead, and `replay`
/// starts a fresh worker for the rest.
struct ReplayWorker: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay-worker",
    abstract: "Replay scenarios named on standard input (started by `replay`).",
    shouldDisplay: false)

  @OptionGroup var options: SessionOptions

  func run() throws {
    MainActor.assumeIsolated {
      let output = SessionOutput()
      while let path = readLine(strippingNewline: true) {
        var answer = replay(path, output: output)
        answer.resident = ResidentMemory.bytes
        output.write((WorkerJSON.line(answer) ?? "") + "\n")
        if !answer.fresh { return }
      }
    }
  }

  @MainActor
  private func replay(_ path: String, output: SessionOutput) -> ReplayWorkAnswer {
    // If the view-model traps, the last markers name the scenario and the step.
    WorkerErrors.startOver(with: "\(StepMarker.scenarioPrefix)\(path)\n")
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      return ReplayWorkAnswer(path: path, transcript: "error: cannot read `\(path)`\n", fresh: true, failures: ["cannot read `\(path)`"])
    }
    let replay = InProcessReplay(options: options, output: output).run(ScenarioText.lines(text), file: path)
    return ReplayWorkAnswer(path: path, transcript: replay.transcript, fresh: replay.fresh, failures: replay.failures)
  }
}

/// Text a printer appends to.
final class TextBuffer {
  private(set) var text = ""
  func append(_ more: String) { text += more }
}
