import ScenarioScripting

/// The session's log since its `use`: each step's events and error, as `log` lists them and
/// `expect log contains` searches them.
///
/// Entries are rendered when the log is read, not at every step: a step of an exploration's
/// schedule records its events and nothing reads them.
@MainActor
final class SessionLog {
  private enum Entry {
    case event(TimedEvent)
    case error(time: Duration, error: ScenarioError)
  }

  private var entries: [Entry] = []
  /// The lines of the first entries, rendered.
  private var rendered: [String] = []

  /// The log's lines, `[0.500s] ...` each.
  var lines: [String] {
    if rendered.count < entries.count {
      rendered += entries[rendered.count...].map { entry in
        switch entry {
        case .event(let event): "[\(event.time.secondsText)] " + EventText.line(for: event.event)
        case .error(let time, let error): "[\(time.secondsText)] error: \(error.message)"
        }
      }
    }
    return rendered
  }

  /// The warnings it holds, as the log says them.
  var warnings: [String] {
    entries.compactMap { entry in
      guard case .event(let event) = entry, event.event.isWarning else { return nil }
      return EventText.line(for: event.event)
    }
  }

  /// The requests `dependency` was sent, each as `#rN: what it asked`, in the order sent.
  func requests(to dependency: String) -> [String] {
    entries.compactMap { entry in
      guard case .event(let event) = entry, case .requestPending(dependency, let id, let request) = event.event else { return nil }
      // A stand-in's call says why it stands in; the list says what was asked.
      return "#\(id): " + StandInDependency.asked(request)
    }
  }

  /// Adds a step's events and error.
  func record(_ result: StepResult) {
    entries += result.events.map(Entry.event)
    if let error = result.error { entries.append(.error(time: result.time, error: error)) }
  }

  /// Forgets everything: a `use` starts a new log.
  func clear() {
    entries = []
    rendered = []
  }
}
