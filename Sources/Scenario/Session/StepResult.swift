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
  /// Whether the command asked to leave.
  package var isQuit = false
  /// Whether the line held no command (blank or comment).
  package var isEmpty = false
  /// Whether Ctrl-C (`Simulation.interrupt()`) stopped work during the step.
  package var interrupted = false
  /// The step number the command got in the history (1 for its `use`), when it is a step; the
  /// step reached, for `undo`, `redo` and `goto`.
  package var step: Int?

  package init(line: Int?, source: String, isEmpty: Bool = false) {
    self.line = line
    self.source = source
    self.isEmpty = isEmpty
  }
}
