import Scenario
import ScenarioExploration
import Simulation

/// Text a renderer made: for standard output, and for standard error.
struct RenderedText: Equatable, Sendable {
  var output = ""
  var errors = ""
}

/// Writes steps of a session: the transcript's echoed command, events, output and state.
protocol StepRenderer: Sendable {
  func render(_ result: StepResult) -> RenderedText
  /// What a front end says itself of a command it carries out (`save`, `run`).
  func render(_ message: FrontEndMessage) -> RenderedText
}

/// A line a front end writes of its own: `save`'s confirmation, `run`'s "cannot read".
enum FrontEndMessage: Equatable, Sendable {
  case note(String)
  case error(String)
}

/// Writes what replaying scenarios came to against their golden files.
protocol VerdictRenderer: Sendable {
  /// One scenario's verdict, written as soon as it is known.
  func render(_ verdict: Verdict) -> RenderedText
  /// After every verdict of a run named `name`.
  func summary(of verdicts: [Verdict], name: String) -> RenderedText
}

/// Writes what exploring schedules of scenarios found.
protocol ExplorationRenderer: Sendable {
  /// One scenario's exploration.
  func render(_ exploration: Exploration, name: String) -> RenderedText
  /// After the explorations of every scenario of a run.
  func summary(of explorations: [Exploration]) -> RenderedText
  /// One scenario's `--cancel-anywhere` exploration.
  func render(_ cancels: CancelExploration, name: String) -> RenderedText
  /// After the `--cancel-anywhere` explorations of every scenario of a run.
  func summary(of cancels: [CancelExploration]) -> RenderedText
}

/// An output format of the command line: one conformer per format (`HumanOutput`,
/// `JSONLinesOutput`); JUnit, a report file of verdicts alone, is a `VerdictRenderer`
/// (`JUnitOutput`). A new format is a new conformer and a case of `OutputFormat`.
typealias OutputRenderer = StepRenderer & VerdictRenderer & ExplorationRenderer

/// Writes rendered text to the process's standard output and error.
extension RenderedText {
  func write() {
    if !output.isEmpty { writeAll(1, output) }
    if !errors.isEmpty { writeAll(2, errors) }
  }
}

extension OutputFormat {
  /// The format's renderer; `echo`, `errorsInline`, `color` and `file` (which errors on standard
  /// error are located in) shape the human transcript.
  func renderer(echo: Bool = true, errorsInline: Bool = true, color: Bool = false, file: String? = nil) -> any OutputRenderer {
    let transcript = TranscriptRenderer(echo: echo, errorsInline: errorsInline, color: color, file: file)
    switch self {
    case .human: return HumanOutput(transcript: transcript)
    case .jsonl: return JSONLinesOutput()
    case .github: return GitHubOutput(human: HumanOutput(transcript: transcript))
    }
  }
}
