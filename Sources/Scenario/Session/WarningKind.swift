/// What a warning is about: its name and the values it names, which `--format jsonl` carries
/// beside the warning's text (`"about": "unsupportedSource", "source": "..."`).
package enum WarningKind: Equatable, Sendable {
  /// `send` of an action that is synchronous: it completed at once.
  case synchronousAction(action: String)
  /// `settle` stopped after `timers` timers with `stillPending` left.
  case settleStopped(timers: Int, stillPending: Int)
  /// Ctrl-C stopped the step.
  case interrupted
  /// The view-model used a scheduling source vmrepl does not run on virtual time.
  case unsupportedSource(source: String)
  /// A pinned schedule's departure could not apply: its choice point had fewer candidates.
  case unmetDeparture(departure: String, candidates: Int)
  /// A replayed cassette had no answer for a request.
  case cassette
  /// The view-model's own (`ModelContext.warn`).
  case model

  /// The name `--format jsonl` gives it.
  package var name: String {
    switch self {
    case .synchronousAction: "synchronousAction"
    case .settleStopped: "settleStopped"
    case .interrupted: "interrupted"
    case .unsupportedSource: "unsupportedSource"
    case .unmetDeparture: "unmetDeparture"
    case .cassette: "cassette"
    case .model: "model"
    }
  }

  /// The values it names, as data.
  package var fields: [(String, JSON.Node)] {
    switch self {
    case .synchronousAction(let action): [("action", .string(action))]
    case .settleStopped(let timers, let stillPending): [("timers", .number(String(timers))), ("stillPending", .number(String(stillPending)))]
    case .unsupportedSource(let source): [("source", .string(source))]
    case .unmetDeparture(let departure, let candidates): [("departure", .string(departure)), ("candidates", .number(String(candidates)))]
    case .interrupted, .cassette, .model: []
    }
  }
}
