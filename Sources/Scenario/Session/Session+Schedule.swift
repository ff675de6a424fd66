import Simulation

extension Session {
  /// Carries out a `schedule` line: shows the schedule in force, or pins one for the rest.
  func schedule(_ setting: ScheduleSetting) -> [String] {
    switch setting {
    case .show:
      guard let scheduler = simulation.scheduler else { return ["schedule: first in, first out"] }
      switch scheduler.strategy {
      case .fifo: return ["schedule: first in, first out"]
      case .pinned(let departures):
        let made = Set(scheduler.departures)
        let ahead = departures.filter { $0.choice > scheduler.choicePoints }
        var line = "schedule \(departures.map(\.description).joined(separator: " ")): \(scheduler.choicePoints) choice point\(scheduler.choicePoints == 1 ? "" : "s") so far, \(made.count) departure\(made.count == 1 ? "" : "s") made"
        if !ahead.isEmpty { line += "; not reached yet: " + ahead.map(\.description).joined(separator: " ") }
        return [line]
      case .random, .pct:
        return ["schedule: an exploration's (\(scheduler.choicePoints) choice points so far, \(scheduler.departures.count) departures)"]
      }
    case .fifo:
      simulation.scheduler = nil
      reportedUnmet = 0
      return ["schedule: first in, first out from here"]
    case .pinned(let departures):
      simulation.scheduler = Scheduler(.pinned(departures), describingDepartures: true)
      reportedUnmet = 0
      let count = departures.count
      return [
        "schedule: \(count) departure\(count == 1 ? "" : "s") from first-in-first-out order pinned, at choice point\(count == 1 ? "" : "s") "
          + departures.map { String($0.choice) }.joined(separator: ", ") + " counted from here"
      ]
    }
  }

  /// What the pinned schedule did during the step: each departure, and each it could not make.
  func scheduleEvents() -> [Event] {
    var events = simulation.takeDepartureRecords().map { Event.departure($0.text) }
    if let unmet = simulation.scheduler?.unmet, unmet.count > reportedUnmet {
      for (departure, candidates) in unmet[reportedUnmet...] {
        events.append(
          .warning(
            "schedule: departure \(departure) cannot apply: choice point \(departure.choice) has \(candidates) candidates, so it ran first in, first out; the scenario no longer meets this schedule",
            about: .unmetDeparture(departure: departure.description, candidates: candidates)))
      }
      reportedUnmet = unmet.count
    }
    return events
  }

  /// For `explore --cancel-anywhere`: cancels the `index`-th running effect (in the order they
  /// started) between two jobs. Returns it in words and how many were running; nil when fewer
  /// than `index + 1` were.
  package func cancelRunningEffect(_ index: Int) -> (effect: String, running: Int)? {
    let running = tracker.effects.filter(\.isRunning)
    guard index < running.count else { return nil }
    let effect = running[index]
    tracker.cancel([effect])
    return ("#\(effect.id) `\(effect.action)`" + (effect.isLifecycle ? " (the view disappears)" : ""), running.count)
  }

  /// The origins of hidden work still alive: what a scenario leaves behind at its end.
  package var pendingBackground: [String] {
    tracker.background.filter(\.isPending).map(\.origin)
  }
}
