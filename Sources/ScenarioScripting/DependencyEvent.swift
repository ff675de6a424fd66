package import ScenarioLanguage

/// What a scripted dependency has to report: a request's life and its own notes. The session
/// turns each into a line of the step's events (`request search #r1 pending: ...`); this layer
/// knows nothing of sessions or transcripts.
package enum DependencyEvent: Equatable, Sendable {
  /// A request arrived and waits for `respond` (or a stub answers it at once).
  case requestPending(dependency: String, id: String, request: String)
  /// A request got `outcome`.
  case requestAnswered(dependency: String, id: String, outcome: String)
  /// The app cancelled a request before its answer reached it.
  case requestCancelled(dependency: String, id: String)
  /// What a `stub` or a `respond` with latency set up.
  case note(String)
  /// A replayed cassette had no answer for a request (`http=replay:FILE`).
  case cassetteMiss(String)
}

/// Where scripted dependencies report to: the session's event sink, a lock-owning type, since
/// dependencies report from whichever thread or task answers or cancels a request.
package protocol DependencyEventSink: Sendable {
  /// Adds `event` to the step's events, stamped with the current virtual time.
  func report(_ event: DependencyEvent)
  /// Fails the step with `reason` once it ends: what the program did cannot go on as the
  /// scenario meant (a stand-in's call nobody answered).
  func fail(_ reason: ScenarioError.Reason)
}
