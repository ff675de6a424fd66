/// What one command did: its events, output, the time, the state and what changed, or its error.
public struct StepResult: Sendable {
  /// 1-based input line, when known.
  public var line: Int?
  /// The command as typed, without surrounding spaces.
  public var source: String
  /// Events in the order they happened, with their virtual times.
  public var events: [TimedEvent] = []
  /// Session time before the step.
  public var startTime: Duration = .zero
  /// Lines a query command prints (`models`, `help`, `state`, `effects`, `log`, ...).
  public var output: [String] = []
  /// Virtual time of the session after the step.
  public var time: Duration = .zero
  /// The view state after the step, when a model is in use.
  public var state: StateValue?
  /// The view state before the step.
  public var previousState: StateValue?
  /// Whether the output ends with the view state.
  public var showsState = false
  /// Paths of state that changed during the step.
  public var changes: [String] = []
  /// The error, if the command was rejected or a check failed.
  public var error: ScenarioError?
  /// Whether the command asked to leave.
  public var isQuit = false
  /// Whether the line held no command (blank or comment).
  public var isEmpty = false
}
