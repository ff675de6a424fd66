import ScenarioLanguage
package import Simulation

/// Keeps URLSession's own threads inside the step that set them going: whenever the simulation
/// has nothing left to run, it announces and answers what URLSession handed over and, while
/// URLSession's queues are still passing a request or an answer along (work outside the
/// simulation that ends by itself) or a resumed task's request is on its way, waits for them, so
/// a step ends only once the app has what the step gave it.
///
/// URLSession runs the two sides of a request on threads of its own (a cancelled request's
/// completion, the next request's start): whatever they hand over waits until all of them are
/// done, then what they reported is announced, then what they handed over runs, so the order of
/// a step's events does not depend on thread timing. A real transfer is not waited for here
/// (`await` does that).
package final class URLSessionSettling: ForeignWorkHook {
  /// Held until the session removes the hook (`finish`, or the next `use`).
  private let http: HTTPDependency
  private let simulation: Simulation

  package init(http: HTTPDependency, simulation: Simulation) {
    self.http = http
    self.simulation = simulation
  }

  package func whenIdle() -> Bool {
    let waited = quiesce(http)
    settleIfQuiet()
    let announced = http.hasNews && MainActor.assumeIsolated { http.settle() }
    return waited || announced || simulation.hasWaitingJobs
  }

  package func beforeAdmitting() {
    _ = quiesce(http)
    settleIfQuiet()
    if http.hasNews { _ = MainActor.assumeIsolated { http.settle() } }
  }

  /// Waits (up to 5 s of wall time) while blocks on Foundation's own queues are under way or a
  /// resumed task's request is on its way. Returns whether it waited until they were done; a
  /// block that runs on for longer (an operation of the app's own that waits on something) is
  /// left to `await`, which names it, and the step does not count the wait as progress.
  private func quiesce(_ http: HTTPDependency) -> Bool {
    guard http.mode != .live else { return false }
    // Asked each time the simulation has nothing left to run (once per timer firing while time
    // moves), nearly always with nothing outside under way: the closure that captures `http` is
    // made only when there is something to wait for.
    guard simulation.hasOutsideWork(where: Self.isQuick) || http.awaitsArrivals else { return false }
    return simulation.waitWhileOutsideWork(timeout: .seconds(5), counts: Self.isQuick, or: { http.awaitsArrivals })
  }

  /// Tells the simulation that the code an answer set going outside it has ended, once nothing
  /// Foundation runs for itself is under way: what it wrote in view state can then be seen whole.
  private func settleIfQuiet() {
    guard !simulation.hasOutsideWork(where: Self.isQuick) else { return }
    simulation.foreignCodeSettled()
  }

  /// Work outside that ends by itself: not a real transfer, which `await` waits for.
  private static func isQuick(_ label: String) -> Bool { !label.hasPrefix("a URLSession transfer") }
}
