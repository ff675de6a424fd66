import Foundation
import ArgumentParser
import Scenario
import ScenarioExploration
import Simulation

/// Feeds lines to a session and writes what each step printed.
@MainActor
struct ScriptRunner {
  var options: SessionOptions
  /// Golden-transcript mode: echo every command and keep errors in the transcript.
  var transcript: Bool
  /// The session and its history; `undo` and `goto` replace the session inside.
  let timeline: Timeline
  let output: SessionOutput
  /// The file the lines come from, as the user named it; nil for standard input and the REPL.
  let file: String?
  /// What carries out a script's front-end command, `explore` (the timeline holds it weakly).
  let exploration = HistoryExploration()

  /// A runner with a new session; `output` is the process's capture when it already has one
  /// (a replay worker runs many scenarios, one session each).
  /// `file`, when the lines come from one, is where `body=@FILE` and cassettes are looked up
  /// (beside it). A script's front-end command is `explore`, which this runner carries out; the
  /// interactive REPL made over its timeline carries out `save` and `run` too.
  /// `timerLimit`: the timers `settle` and `await` may fire, when not the default.
  init(options: SessionOptions, transcript: Bool, output: SessionOutput? = nil, file: String? = nil, timerLimit: Int? = nil) {
    options.guards.install()
    self.options = options
    self.transcript = transcript
    let output = output ?? SessionOutput()
    self.output = output
    self.file = file
    var environment = SessionEnvironment(models: ModelCatalog.models, prints: output.capture)
    environment.files = DiskFileAccess()
    if let file { environment.baseDirectory = Self.folder(of: file) }
    if let timerLimit { environment.timerLimit = timerLimit }
    self.timeline = Timeline(environment)
    timeline.frontEnd = exploration
    // `replay`'s workers name the step of a crash with markers; `run` and the REPL by this note.
    if !transcript { CrashNote.install() }
  }

  /// The folder `file` is in, as an absolute path.
  static func folder(of file: String) -> String {
    let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
    guard let slash = absolute.lastIndex(of: "/") else { return FileManager.default.currentDirectoryPath }
    return absolute[..<slash].isEmpty ? "/" : String(absolute[..<slash])
  }

  /// A printer for this runner's output; `echo` repeats each command as `> command`.
  func printer(echo: Bool, errorsInline: Bool) -> StepPrinter {
    StepPrinter(
      renderer: options.format.renderer(echo: echo, errorsInline: errorsInline, file: file),
      writeOutput: output.write, writeErrors: output.writeError)
  }

  /// Runs every line from `next`, printing with `printer` (by default to standard output);
  /// returns how it ended. `observe` sees each line's number (nil for `--use`) and result before
  /// it is printed.
  @discardableResult
  func run(
    _ next: () -> String?, printer: StepPrinter? = nil, observe: (_ line: Int?, _ result: StepResult) -> Void = { _, _ in }
  ) -> ScriptOutcome {
    let printer = printer ?? self.printer(echo: true, errorsInline: transcript)
    var outcome = ScriptOutcome.passed
    var number = 0
    var first = options.use.map { "use \($0)" }
    while let line = first ?? next() {
      let isOption = first != nil
      first = nil
      if !isOption { number += 1 }
      if transcript {
        // For `replay`: if the view-model traps, the last marker names the step it trapped in.
        writeAll(2, "\(StepMarker.prefix)\(isOption ? "" : "line \(number): ")\(line)\n")
      } else {
        let place = isOption ? "`\(line)` (from --use)" : "line \(number) `\(line.trimmingCharacters(in: .whitespaces))`"
        CrashNote.set("\(ToolName.current): the view-model crashed during \(place)")
      }
      let result = timeline.execute(line, line: isOption ? nil : number)
      observe(isOption ? nil : number, result)
      printer.print(result)
      if result.failed {
        outcome = result.failedWaitingOnScenario && outcome != .failed ? .waitingOnScenario : .failed
        if options.bail { break }
      }
      if result.isQuit { break }
    }
    return outcome
  }

  /// Runs lines printing only their output, without echoing them.
  func runQuietly(_ lines: [String]) -> Bool {
    let printer = printer(echo: false, errorsInline: false)
    var failed = false
    for line in lines {
      let result = timeline.execute(line)
      printer.print(result)
      failed = failed || result.failed
    }
    return failed
  }
}

/// How a script ended, as the exit status says it.
enum ScriptOutcome: Equatable {
  case passed
  /// A failed `expect`, a rejected command, a deadlock: exit status 1.
  case failed
  /// Every failure was an `await` waiting on a request the scenario has not answered: exit
  /// status 3, so that a harness can tell an unfinished scenario from a broken view-model.
  case waitingOnScenario

  var failed: Bool { self != .passed }

  /// The process's exit status for it.
  var exitCode: Int32 {
    switch self {
    case .passed: 0
    case .failed: 1
    case .waitingOnScenario: 3
    }
  }
}
