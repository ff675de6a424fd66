import Foundation
import Scenario
import Simulation
import Synchronization

/// The REPL people use at a terminal: a prompt with the model and virtual time, history,
/// completion, Ctrl-C that clears a line or stops a step, and `save` to keep what was typed as a
/// regression test.
@MainActor
struct InteractiveRepl {
  let session: Session
  let editor: LineEditor
  let renderer: TranscriptRenderer
  /// Lines accepted since the last `use`, what `save` writes.
  private var typed: [String] = []

  static let frontEndCommands = ["save", "run"]

  init(session: Session, color: Bool) {
    self.session = session
    self.renderer = TranscriptRenderer(echo: false, errorsInline: true, color: color)
    self.editor = LineEditor(program: "vmrepl", outputDescriptor: session.outputDescriptor, historyFile: historyFilePath())
    editor.completer = { [session] text in
      MainActor.assumeIsolated { session.completions(for: text, extraCommands: Self.frontEndCommands) }
    }
  }

  /// Runs until Ctrl-D or `quit`; returns whether any command failed.
  mutating func run(firstCommand: String?) -> Bool {
    SignalFlags.install()
    editor.write("vmrepl \(vmreplVersion): exercise view-model scenarios. `help` lists commands, `models` the examples, Ctrl-D quits.\n")
    if let warning = editor.historyWarning { editor.write(warning + "\n") }
    var failed = false
    if let firstCommand { failed = execute(firstCommand) || failed }
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
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        if let first = words.first, Self.frontEndCommands.contains(first) {
          failed = frontEnd(first, Array(words.dropFirst())) || failed
          continue
        }
        if line.trimmingCharacters(in: .whitespaces) == "help" {
          _ = execute(line)
          editor.write("save FILE [--force]  write the commands since the last `use` as a scenario and record its golden file\n")
          editor.write("run FILE             run the commands in FILE in this session\n")
          continue
        }
        let (stepFailed, quit) = executeReportingQuit(line)
        failed = stepFailed || failed
        if quit { return failed }
      }
    }
  }

  private var prompt: String {
    guard let model = session.modelName else { return "vmrepl> " }
    return "\(model) \(session.now.secondsText)> "
  }

  @discardableResult
  private mutating func execute(_ line: String) -> Bool {
    executeReportingQuit(line).failed
  }

  private mutating func executeReportingQuit(_ line: String) -> (failed: Bool, quit: Bool) {
    let (failed, quit, _) = executeStep(line)
    return (failed, quit)
  }

  /// Runs one command; `interrupted` tells whether Ctrl-C stopped it.
  private mutating func executeStep(_ line: String) -> (failed: Bool, quit: Bool, interrupted: Bool) {
    Simulation.shared.clearInterrupt()
    SignalFlags.stepInterrupted.store(false, ordering: .relaxed)
    SignalFlags.stepRunning.store(true, ordering: .relaxed)
    let result = session.execute(line)
    SignalFlags.stepRunning.store(false, ordering: .relaxed)
    let interrupted = SignalFlags.stepInterrupted.exchange(false, ordering: .relaxed)
    let (output, errors) = renderer.render(result)
    // The terminal echoed `^C` where the cursor was; start the step's report on a line of its own.
    editor.write((interrupted ? "\n" : "") + output + errors)
    if result.error == nil && !result.isEmpty {
      if case .use? = try? CommandParser.parse(line) { typed = [] }
      typed.append(line.trimmingCharacters(in: .whitespaces))
    }
    return (result.error != nil, result.isQuit, interrupted)
  }

  /// `save FILE [--force]` and `run FILE`.
  private mutating func frontEnd(_ command: String, _ arguments: [String]) -> Bool {
    let force = arguments.contains("--force")
    let files = arguments.filter { $0 != "--force" }
    guard files.count == 1 else {
      editor.write(renderer.paint("error: usage: \(command == "save" ? "save FILE [--force]" : "run FILE")") + "\n")
      return true
    }
    let file = files[0]
    if command == "run" {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        editor.write(renderer.paint("error: cannot read `\(file)`") + "\n")
        return true
      }
      var failed = false
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let (stepFailed, quit, interrupted) = executeStep(String(line))
        failed = stepFailed || failed
        if interrupted {
          editor.write(renderer.paint("error: `run \(file)` stopped by Ctrl-C at line \(index + 1)") + "\n")
          return true
        }
        if quit { break }
      }
      return failed
    }
    switch ScenarioSaver.save(typed, to: file, force: force) {
    case .success(let message):
      editor.write(message + "\n")
      return false
    case .failure(let error):
      editor.write(renderer.paint("error: \(error.description)") + "\n")
      return true
    }
  }
}

/// Flags the SIGINT handler sets; it may only touch atomics.
enum SignalFlags {
  static let stepRunning = Atomic<Bool>(false)
  static let promptInterrupted = Atomic<Bool>(false)
  static let stepInterrupted = Atomic<Bool>(false)

  /// Ctrl-C during a step stops it between jobs; at the prompt it drops the line. No SA_RESTART,
  /// so the terminal read returns and the prompt comes back.
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      if SignalFlags.stepRunning.load(ordering: .relaxed) {
        SignalFlags.stepInterrupted.store(true, ordering: .relaxed)
        Simulation.shared.interruptFromSignalHandler()
      } else {
        SignalFlags.promptInterrupted.store(true, ordering: .relaxed)
      }
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }
}
