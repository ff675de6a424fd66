import Simulation

/// One thing a piece of work waits on: what reports say in words (`text`) and `--format jsonl`
/// carries as data (`fields`).
package enum Wait: Equatable, Sendable {
  /// A timer that will wake it: what set it (`ContinuousClock`, `DispatchQueue.main.asyncAfter`,
  /// `RunLoop timer`) and the session time it fires at.
  case timer(clock: String, until: Duration)
  /// A response to a pending request of a scripted dependency (`http` too).
  case request(dependency: String, id: String, description: String)
  /// A simulated thread of the work, parked in a blocking call.
  case thread(name: String, blockedIn: String)
  /// A job of it is ready: between two jobs (after `step`) it waits only for its turn.
  case turn
  /// Nothing vmrepl can see: a continuation, a stream or a thread outside the simulation may
  /// resume it, or nothing will.
  case unseen

  /// Whether `waits` are all responses to requests of `dependencies` (stand-ins nobody
  /// answered), and there is at least one.
  package static func onlyOn(_ dependencies: Set<String>, _ waits: [Wait]) -> Bool {
    !waits.isEmpty && waits.allSatisfy { wait in
      if case .request(let dependency, _, _) = wait { return dependencies.contains(dependency) }
      return false
    }
  }

  /// The wait as hidden-work reports say it.
  package var text: String {
    switch self {
    case .timer(let clock, let until): return PendingTimer.described(clock: clock, until: until)
    case .request(let dependency, let id, let description): return "a response to \(dependency) #\(id) (\(description))"
    case .thread(let name, let blockedIn): return "\(name) blocked in \(blockedIn)"
    case .turn: return "its turn: a job of it is ready (`ready` lists it, `step` runs it)"
    case .unseen: return "nothing vmrepl can name (no timer, no pending request: a continuation, a stream or another thread may resume it)"
    }
  }

  /// Several waits as a report says them, or what it says when there is none it can see.
  package static func text(of waits: [Wait]) -> String {
    (waits.isEmpty ? [.unseen] : waits).map(\.text).joined(separator: ", ")
  }

  /// The wait as data: its kind and what names it.
  package var fields: [(String, JSON.Node)] {
    switch self {
    case .timer(let clock, let until): return [("kind", .string("timer")), ("clock", .string(clock)), ("until", .string(until.secondsText))]
    case .request(let dependency, let id, let description):
      return [("kind", .string("request")), ("dependency", .string(dependency)), ("request", .string(id)), ("description", .string(description))]
    case .thread(let name, let blockedIn): return [("kind", .string("thread")), ("thread", .string(name)), ("blockedIn", .string(blockedIn))]
    case .turn: return [("kind", .string("turn"))]
    case .unseen: return [("kind", .string("unseen"))]
    }
  }
}

/// Work that cannot go on when `await` finds nothing left to run: a deadlock, or work waiting on
/// a request the scenario has not answered. Each is a line of the report and an object of the
/// error's `stuck` list in `--format jsonl`.
package struct StuckWork: Equatable, Sendable {
  package enum Subject: Equatable, Sendable {
    /// An effect, with where its task is suspended (named by its code) when known, and whether
    /// it is the view's lifecycle work, which only `disconnect` ends.
    case effect(id: Int, action: String, suspendedIn: String?, lifecycle: Bool)
    /// Hidden work, by the command that started it.
    case background(origin: WorkOrigin)
    /// A blocked thread whose work is no effect's and no reported hidden work's.
    case thread(name: String)
  }

  package var subject: Subject
  /// What it waits on: empty when nothing can resume it.
  package var waits: [Wait]

  /// The report's line.
  package var line: String {
    switch subject {
    case .effect(let id, let action, let suspendedIn, let lifecycle):
      let suspended = suspendedIn.map { " (suspended in \($0))" } ?? ""
      let end = lifecycle ? "; it is the view's lifecycle work, which ends when the view goes away (`disconnect`)" : ""
      return "  #\(id) \(action)\(suspended) waits on \(waitsText)\(end)"
    case .background(let origin):
      return "  background work from \(origin.description) waits on \(waitsText)"
    case .thread(let name):
      guard case .thread(_, let blockedIn)? = waits.first else { return "  \(name) is blocked" }
      return "  \(name) is blocked in \(blockedIn)"
    }
  }

  private var waitsText: String {
    guard !waits.isEmpty else {
      return "nothing that can resume it: no timer, no pending request (a continuation nobody resumes, or a stream nobody feeds)"
    }
    return waits.map { wait in
      if case .request(let dependency, let id, _) = wait { return "\(wait.text); answer it with `respond \(dependency) #\(id) ...`" }
      return wait.text
    }.joined(separator: "; ")
  }

  /// The stuck work as data.
  package var node: JSON.Node {
    var pairs: [(String, JSON.Node)]
    switch subject {
    case .effect(let id, let action, let suspendedIn, let lifecycle):
      pairs = [("effect", .number(String(id))), ("action", .string(action)), ("suspendedIn", suspendedIn.map { .string($0) } ?? .null), ("lifecycle", .bool(lifecycle))]
    case .background(let origin):
      pairs = [("origin", .string(origin.command))] + (origin.which.map { [("which", .string($0))] } ?? [])
    case .thread(let name):
      pairs = [("thread", .string(name))]
    }
    return .object(pairs + [("waits", .array(waits.map { .object($0.fields) }))])
  }
}
