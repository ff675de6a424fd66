package import Scenario
import VMReplCLI

/// A fuzz target: one input in, every invariant of what it exercises checked. A broken invariant
/// traps with a message that starts `fuzz invariant:`, which libFuzzer records as a crash beside
/// the input that caused it.
///
/// `vmrepl-fuzz` runs them: under libFuzzer when built by `scripts/fuzz`, over files otherwise
/// (the regression inputs and seed corpus the tests replay).
package enum FuzzTarget: String, CaseIterable, Sendable {
  /// The lexer and parser of the command language, one line at a time.
  case parser
  /// A whole session: a `use`, then the input's lines as commands, run twice.
  case session
  /// A scenario file as `replay` reads it, its golden comparison, and the replay wire format.
  case scenarioFile = "scenario-file"

  /// What the target exercises, for `vmrepl-fuzz --list`.
  package var summary: String {
    switch self {
    case .parser: "lexer and parser: a command line parses, or gets an error at a column of that line"
    case .session: "a session of a built-in example: every command succeeds or gets a located error, never a trap or a hang, and a second run prints the same transcript (under libFuzzer, for one input in four)"
    case .scenarioFile: "scenario-file lines, golden diff (patching the golden with the diff gives the transcript), worker answers and JUnit text"
    }
  }

  /// The libFuzzer options `scripts/fuzz` starts the target with: inputs as long as a scenario,
  /// and for the session a per-input time limit above the runaway guard's.
  package var fuzzerOptions: [String] {
    switch self {
    case .parser: ["-max_len=256"]
    case .session: ["-max_len=1024", "-timeout=30", "-close_fd_mask=3"]
    case .scenarioFile: ["-max_len=4096"]
    }
  }

  /// Makes the process ready for `run`: the models a session can use, and the working directory
  /// the session target's folder (paths to inputs must be absolute from here on); under
  /// libFuzzer (`fuzzing`), the session compares one input's two runs in four, to try more inputs.
  @MainActor
  package static func prepare(models: [ModelDefinition], fuzzing: Bool) {
    ModelCatalog.register(models)
    SessionTarget.compareOneIn = fuzzing ? 4 : 1
    SessionTarget.enterFolder()
  }

  /// Writes a line to standard output, past the capture of what view-models print.
  @MainActor
  package func report(_ line: String) {
    if self == .session { SessionTarget.output.write(line + "\n") } else { print(line) }
  }

  /// What the summary adds: for the session, how many inputs left work behind.
  @MainActor
  package var notes: String {
    guard self == .session, SessionTarget.unclean > 0 else { return "" }
    let dirty = SessionTarget.dirty ? "; one left a thread or a quarantined task, so later inputs ran once, unchecked for determinism" : ""
    return " (\(SessionTarget.unclean) runs left timers armed, dropped before the next\(dirty))"
  }

  /// Removes what `prepare` made, after the last input.
  @MainActor
  package static func finish() {
    SessionTarget.removeFolder()
  }

  /// Runs one input; traps if an invariant does not hold.
  @MainActor
  package func run(_ input: [UInt8]) {
    let text = String(decoding: input, as: UTF8.self)
    switch self {
    case .parser: ParserTarget.run(text)
    case .session: SessionTarget.run(text)
    case .scenarioFile: ScenarioFileTarget.run(text)
    }
  }
}

/// Text as Swift writes a string literal, so control characters show in a message.
func literal(_ text: String) -> String { String(reflecting: text) }

/// Stops the process when an invariant is broken; the message says which.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz invariant: \(message())") }
}
