/// Something that happened during a step; one model feeds the human and the JSON renderers.
package enum Event: Equatable, Sendable {
  /// An effect started: its id and the command that started it.
  case effectStarted(id: Int, action: String)
  /// An effect ended, with its status and, if it failed, the error.
  case effectEnded(id: Int, action: String, status: EffectStatus, error: String?)
  /// A line the view-model printed.
  case printed(String)
  /// A message the view-model logged through `Logger` or `os_log`, private values redacted.
  case logged(level: String, category: String, message: String)
  /// Something that works but deserves attention: its text, and what it is about as data.
  case warning(String, about: WarningKind)
  /// Background work with no effect to await or cancel it, still running after the step;
  /// `heldBy` names the view-model's properties that keep a handle to it, which can cancel it.
  case backgroundPending(origin: WorkOrigin, waits: [Wait], heldBy: BackgroundHolders = BackgroundHolders())
  /// Background work that ended during the step.
  case backgroundEnded(origin: WorkOrigin)
  /// A scripted dependency received a request.
  case requestPending(dependency: String, id: String, request: String)
  /// A request was answered, by `respond` or a stub.
  case requestAnswered(dependency: String, id: String, outcome: String)
  /// A request ended because its caller was cancelled.
  case requestCancelled(dependency: String, id: String)
  /// A job off the main lane changed view state, which SwiftUI wants changed on the main thread:
  /// the state paths, what the job was, and the step it ran in.
  case offMainWrite(paths: [String], job: String, step: String, observation: PropertyObservation)
  /// A blocking call (a semaphore, a lock, a sleep, a `sync`) held the main thread from `from`
  /// to `to` of virtual time, while other threads went on.
  case mainThreadBlocked(waitingOn: String, from: Duration, to: Duration)
  /// A watched state path (`watch PATH`) changed: from what to what, and the job that changed it.
  case watchChanged(path: String, from: String, to: String, job: String)
  /// Virtual time moved.
  case timeMoved(from: Duration, to: Duration)
  /// `use` made the model: its name, its type, and the options it was given (words, or empty).
  case modelStarted(model: String, type: String, options: String)
  /// The pinned schedule took a departure from first-in-first-out order: what ran instead of what.
  case departure(String)
  /// A line of information (a check that passed).
  case note(String)

  /// The kind, as JSON output names it.
  package var kind: String {
    switch self {
    case .effectStarted: return "effectStarted"
    case .effectEnded: return "effectEnded"
    case .printed: return "printed"
    case .logged: return "logged"
    case .warning: return "warning"
    case .backgroundPending: return "backgroundPending"
    case .backgroundEnded: return "backgroundEnded"
    case .requestPending: return "requestPending"
    case .requestAnswered: return "requestAnswered"
    case .requestCancelled: return "requestCancelled"
    case .offMainWrite: return "offMainWrite"
    case .mainThreadBlocked: return "mainThreadBlocked"
    case .watchChanged: return "watchChanged"
    case .timeMoved: return "timeMoved"
    // Both read as notes in JSON lines, which named them so before they had kinds of their own.
    case .note, .modelStarted, .departure: return "note"
    }
  }
}

/// The command that started hidden work, and which of several live pieces of work from the same
/// command text it is (`send tap` twice: `1st of 2`).
package struct WorkOrigin: Equatable, Sendable, CustomStringConvertible {
  /// The command as the step ran it: `send tap`, `set text "a"`.
  package var command: String
  /// Set only when another live piece of work has the same command text.
  package var which: String?

  package var description: String { "`\(command)`" + (which.map { " (\($0))" } ?? "") }
}

/// An event and the virtual time at which it happened.
package struct TimedEvent: Equatable, Sendable {
  /// Session time of the event.
  package var time: Duration
  package var event: Event
}

extension Event {
  /// Whether the event shows the step doing something: an effect, a request, a print, a warning.
  /// Reports about earlier hidden work do not count.
  /// The event with the sandbox's real folder spelled `/sandbox` in what the app wrote.
  /// An address in what it printed or logged (`<Thread: 0x00007f4304002420>`) is spelled
  /// `0x…`: a transcript holds no address, whoever wrote it.
  func shown(sandbox: String?) -> Event {
    switch self {
    case .printed(let text): return .printed(Self.withoutAddresses(Storage.shown(text, root: sandbox)))
    case .logged(let level, let category, let message):
      return .logged(level: level, category: category, message: Self.withoutAddresses(Storage.shown(message, root: sandbox)))
    default: break
    }
    guard let sandbox else { return self }
    switch self {
    case .warning(let text, let about): return .warning(Storage.shown(text, root: sandbox), about: about)
    case .effectEnded(let id, let action, let status, let error):
      return .effectEnded(id: id, action: action, status: status, error: error.map { Storage.shown($0, root: sandbox) })
    default: return self
    }
  }

  /// `text` with each `0x` and 9 to 16 hex digits (a pointer's width, not a colour's or a byte's)
  /// spelled `0x…`.
  static func withoutAddresses(_ text: String) -> String {
    guard text.utf8.count >= 11, text.contains("0x") else { return text }
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: "0x") {
      result += rest[..<start.lowerBound]
      let digits = rest[start.upperBound...].prefix { $0.isHexDigit }
      if (9...16).contains(digits.count) {
        result += "0x…"
      } else {
        result += rest[start.lowerBound..<start.upperBound] + digits
      }
      rest = rest[digits.endIndex...]
    }
    return result + rest
  }

  /// Whether it reports the end of hidden work: in a step that lets no time pass, the step ended
  /// it (a `stop` that cancels `start`'s task), so the step did something.
  var isBackgroundEnd: Bool {
    if case .backgroundEnded = self { return true }
    return false
  }

  /// Whether it is a warning: what `expect warnings` counts.
  var isWarning: Bool {
    switch self {
    case .warning, .offMainWrite, .mainThreadBlocked: return true
    default: return false
    }
  }

  var showsActivity: Bool {
    switch self {
    case .effectStarted, .effectEnded, .requestPending, .requestAnswered, .requestCancelled, .printed, .logged, .warning, .note,
      .modelStarted, .departure, .offMainWrite, .mainThreadBlocked, .watchChanged:
      return true
    case .backgroundPending, .backgroundEnded, .timeMoved:
      return false
    }
  }
}

/// The view-model's properties that keep a handle to a piece of hidden work (`searchTask`, a
/// `Timer`, `cancellables`), and whether they can stop all of what it waits on or only part.
package struct BackgroundHolders: Equatable, Sendable {
  /// "`searchTask` (a Task the view-model keeps)", in the order of the properties.
  package var properties: [String] = []
  /// Whether those handles can stop every wait of the work (else only some of them).
  package var entirely = true
  /// `Task` properties holding the task that started the work, which a `cancel()` of theirs
  /// does not reach (the work runs in a nested, unstructured `Task {}`): "`searchTask`".
  package var unreached: [String] = []
  /// Subscription properties that may hold the Combine pipeline the work belongs to (a
  /// `debounce` subscribed in an earlier step, a request another object's pipeline made):
  /// "`cancellables`".
  package var pipelines: [String] = []

  package var isEmpty: Bool { properties.isEmpty }
}
