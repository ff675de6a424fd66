/// What one command did: its events, output, the time, the state and what changed, or its error.
package struct StepResult: Equatable, Sendable {
  /// 1-based input line, when known.
  package var line: Int?
  /// The command as typed, without surrounding spaces.
  package var source: String
  /// The command the line held, when it parsed.
  package var command: Command?
  /// Events in the order they happened, with their virtual times.
  package var events: [TimedEvent] = []
  /// Session time before the step.
  package var startTime: Duration = .zero
  /// Lines a query command prints (`models`, `help`, `state`, `effects`, `log`, ...).
  package var output: [String] = []
  /// Whether `output` is the `timeline` chart, whose rows a terminal colours.
  package var outputIsChart = false
  /// Virtual time of the session after the step.
  package var time: Duration = .zero
  /// The view state after the step, when a model is in use.
  package var state: StateValue?
  /// The view state before the step.
  package var previousState: StateValue?
  /// Whether the output ends with the view state.
  package var showsState = false
  /// Paths of state that changed during the step.
  package var changes: [String] = []
  /// The error, if the command was rejected or a check failed.
  package var error: ScenarioError?
  /// What a `fails` line expects of the command's error, when the line says `fails`.
  package var errorExpectation: ErrorExpectation?
  /// Whether the command asked to leave.
  package var isQuit = false
  /// Whether the line held no command (blank or comment).
  package var isEmpty = false
  /// Whether Ctrl-C (`Simulation.interrupt()`) stopped work during the step.
  package var interrupted = false
  /// The step number the command got in the history (1 for its `use`), when it is a step; the
  /// step reached, for `undo`, `redo` and `goto`.
  package var step: Int?

  /// What makes the step a failure: its error, unless the line expected it (`fails`), or, on a
  /// `fails` line, that the error did not come or said something else. Nil when the step passed.
  package var failure: ScenarioError? {
    guard let errorExpectation else { return error }
    return errorExpectation.judge(error, line: line)
  }

  /// Whether the step failed, as `run`, `replay` and `explore` count it.
  package var failed: Bool { failure != nil }

  /// Whether the step's failure is only an `await` waiting on a request the scenario has not
  /// answered: not a deadlock, and an exit status of its own.
  package var failedWaitingOnScenario: Bool {
    guard case .waitingOnScenario? = failure?.reason else { return false }
    return true
  }

  package init(line: Int?, source: String, isEmpty: Bool = false) {
    self.line = line
    self.source = source
    self.isEmpty = isEmpty
  }
}
