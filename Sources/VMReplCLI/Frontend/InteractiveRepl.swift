import Foundation
internal import Platform
import Scenario
import ScenarioExploration
import Simulation
import Synchronization

/// The REPL people use at a terminal: a prompt with the model and virtual time, history,
/// completion, Ctrl-C that clears a line or stops a step, and `save` to keep what was typed as a
/// regression test.
@MainActor
final class InteractiveRepl: FrontEnd {
  let timeline: Timeline
  let editor: LineEditor
  /// Every line the REPL writes of a step or of its own goes through it.
  let printer: StepPrinter
  /// The terminal's descriptor (standard output before the capture).
  let terminal: Int32

  /// The front-end commands the interactive REPL carries out: its timeline hands them over.
  let commands: Set<CommandName> = [.save, .run, .explore]
  /// Whether the front-end command just carried out failed (a file not written or not read).
  private var frontEndFailed = false

  init(timeline: Timeline, output: SessionOutput, color: Bool) {
    self.timeline = timeline
    self.terminal = output.descriptor
    let editor = LineEditor(program: ToolName.current, outputDescriptor: output.descriptor, historyFile: historyFilePath())
    self.editor = editor
    self.printer = StepPrinter(
      renderer: OutputFormat.human.renderer(echo: false, errorsInline: true, color: color), writeOutput: editor.write, writeErrors: editor.write)
    editor.completer = { [timeline] text in
      MainActor.assumeIsolated {
        var completion = timeline.completions(for: text)
        if completion.wantsFile { completion.candidates = FilePaths.continuing(completion.word) }
        return (completion.word, completion.candidates)
      }
    }
    timeline.frontEnd = self
  }

  /// Runs until Ctrl-D or `quit`; returns whether any command failed.
  func run(firstCommand: String?) -> Bool {
    SignalFlags.install()
    StepProgressLine.start(descriptor: terminal)
    editor.write("\(ToolName.banner): exercise view-model scenarios. `help` lists commands, `models` the view-models, Ctrl-D or `quit` quits.\n")
    if let warning = editor.historyWarning { editor.write(warning + "\n") }
    var failed = false
    if let firstCommand { failed = execute(firstCommand).failed || failed }
    while true {
      editor.setPrompt(prompt)
      SignalFlags.promptInterrupted.store(false, ordering: .relaxed)
      switch editor.readLine() {
      case .endOfInput:
        editor.write("\n")
        return failed
      case .interrupted:
        editor.write("^C\n")
        continue
      case .line(let line):
        if SignalFlags.promptInterrupted.exchange(false, ordering: .relaxed) {
          editor.write("^C\n")
          continue
        }
        editor.remember(line)
        let step = execute(line)
        failed = step.failed || failed
        if step.quit { return failed }
      }
    }
  }

  private var prompt: String {
    guard let model = timeline.session.modelName else { return "\(ToolName.current)> " }
    // Between two jobs (after `step`), the prompt says so: the next command lands mid-flight.
    let paused = timeline.session.hasJobsReady ? " (jobs ready)" : ""
    return "\(model) \(timeline.session.now.secondsText)\(paused)> "
  }

  /// Runs one line; a front-end command in it (`save`, `run`) is carried out by `carryOut`,
  /// which the timeline calls after its step.
  private func execute(_ line: String) -> (failed: Bool, quit: Bool, interrupted: Bool) {
    Simulation.shared.clearInterrupt()
    SignalFlags.stepRunning.store(true, ordering: .relaxed)
    CrashNote.set("\(ToolName.current): the view-model crashed during `\(line.trimmingCharacters(in: .whitespaces))`")
    frontEndFailed = false
    let result = timeline.execute(line)
    let failed = result.failed || frontEndFailed
    frontEndFailed = false
    SignalFlags.stepRunning.store(false, ordering: .relaxed)
    StepProgressLine.stepEnded()
    // The terminal echoed `^C` where the cursor was; start the step's report on a line of its own.
    if result.interrupted { editor.write("\n") }
    printer.print(result)
    return (failed, result.isQuit && result.error == nil, result.interrupted)
  }

  /// Carries out the front-end command of a line, after its step: `save` and `run` print what
  /// they do (each line `run` reads is a step of its own); `explore`'s report is the step's output.
  func carryOut(_ command: FrontEndCommand, result: inout StepResult, in timeline: Timeline) {
    switch command {
    case .save(let file, let force): frontEndFailed = save(to: file.value, force: force)
    case .run(let file): frontEndFailed = run(file.value)
    case .explore(let request): result.output += HistoryExploration.report(request, in: timeline)
    }
  }

  /// `run FILE`: every line of FILE as if typed, until one is stopped by Ctrl-C.
  private func run(_ file: String) -> Bool {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      printer.print(.error("cannot read `\(file)`"))
      return true
    }
    var failed = false
    for (index, line) in ScenarioText.lines(text).enumerated() {
      let step = execute(line)
      failed = step.failed || failed
      if step.interrupted {
        printer.print(.error("`run \(file)` stopped by Ctrl-C at line \(index + 1)"))
        return true
      }
      if step.quit { break }
    }
    return failed
  }

  /// `save FILE [--force]`: the current line of history (what brings the session to its current
  /// step, with the checks that held), and its golden file.
  private func save(to file: String, force: Bool) -> Bool {
    guard timeline.hasSession else {
      printer.print(.error("nothing to save yet: start with `use MODEL`"))
      return true
    }
    switch ScenarioSaver.save(timeline.savedLines, to: file, force: force) {
    case .success(let message):
      printer.print(.note(message))
      return false
    case .failure(let error):
      printer.print(.error(error.description))
      return true
    }
  }
}

/// Flags the SIGINT handler sets; it may only touch atomics.
enum SignalFlags {
  static let stepRunning = Atomic<Bool>(false)
  static let promptInterrupted = Atomic<Bool>(false)

  /// Ctrl-C during a step stops it between jobs; at the prompt it drops the line. No SA_RESTART,
  /// so the terminal read returns and the prompt comes back.
  static func install() {
    Platform.setSignalHandler(SIGINT) { _ in
      if SignalFlags.stepRunning.load(ordering: .relaxed) {
        Simulation.shared.interruptFromSignalHandler()
      } else {
        SignalFlags.promptInterrupted.store(true, ordering: .relaxed)
      }
    }
  }
}
