import Scenario
package import Simulation

/// The human report of an exploration: its outcomes with their counts, each failure with its
/// minimal schedule and transcript diff, and the closing count line.
package enum ExplorationReport {
  /// The report for one scenario, `name` first and the count line last.
  package static func lines(_ exploration: Exploration, name: String) -> [String] {
    let request = exploration.request
    var head = "\(name): \(request.strategy.rawValue)"
    if request.strategy == .pct { head += " depth \(request.depth)" }
    head += " seed \(request.seed); \(exploration.fifoChoicePoints) choice point\(plural(exploration.fifoChoicePoints)) in first-in-first-out order"
    if let skipped = exploration.skipped { return ["\(name): not explored: \(skipped)"] }
    var lines = [head]
    if let race = exploration.race {
      lines.append("  \(race.described): the scenario demonstrates a race, which a schedule must find")
    }
    let fifo = exploration.outcomes.first(where: \.isFIFO)
    for (number, outcome) in exploration.ordered.enumerated() {
      var line = "  outcome \(number + 1): \(outcome.count) schedule\(plural(outcome.count))"
      if outcome.isFIFO {
        line += ", first in, first out"
      } else {
        line += " (first: schedule \(outcome.firstSchedule))"
      }
      if exploration.isRace(outcome) {
        line += ", the race"
      } else if !outcome.failures.isEmpty {
        line += ", FAILED"
      }
      lines.append(line)
      lines += outcome.failures.map { "    " + $0 }
      if let difference = outcome.difference { lines.append("    " + difference) }
      // Notes first in, first out has too are said once, under it.
      let notes = outcome.isFIFO ? outcome.run.notes : outcome.run.notes.filter { !(fifo?.run.notes.contains($0) ?? false) }
      lines += notes.map { "    note: \($0) (information, not a failure)" }
      guard !outcome.isFIFO, !outcome.failures.isEmpty else { continue }
      guard let minimal = outcome.minimal else {
        lines.append("    (not shrunk: only the first failing outcomes are; its schedule departs at \(outcome.run.departures.count) choice points)")
        continue
      }
      let count = minimal.departures.count
      let pin = pinLine(minimal.departures)
      lines.append(
        "    minimal schedule: \(count) departure\(plural(count)) from first in, first out"
          + " (schedule \(outcome.firstSchedule) had \(outcome.run.departures.count)); pin it with:")
      lines.append("      " + pin)
      lines += minimal.described.map { "      " + $0 }
      if let fifo {
        let old = fifo.run.transcript.split(separator: "\n").map(String.init)
        let new = minimal.transcript.split(separator: "\n").map(String.init)
        if let diff = LineDiff.unified(old: old, new: new, oldName: "first in, first out", newName: pin, context: 2) {
          lines.append("    transcript against first in, first out:")
          lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
        }
      }
    }
    let groups = crashGroups(exploration.crashes)
    for (offset, group) in groups.enumerated() {
      let first = group[0]
      let number = exploration.ordered.count + offset + 1
      let schedules = group.map { String($0.schedule) }.joined(separator: ", ")
      lines.append("  outcome \(number): \(group.count) schedule\(plural(group.count)) crashed (\(first.reason)), FAILED: schedule\(plural(group.count)) \(schedules)")
      lines += first.errors.map { "    " + $0 }
      if let minimal = first.minimal {
        lines.append(
          "    minimal schedule: \(minimal.count) departure\(plural(minimal.count)) from first in, first out"
            + " (schedule \(first.schedule) had \(first.departures.count)); pin it with:")
        lines.append("      " + pinLine(minimal))
      } else {
        lines.append("    the first one's departures (not shrunk); pin it with:")
        lines.append("      " + pinLine(first.departures))
      }
    }
    if let stopped = exploration.stopped { lines.append("  stopped: " + stopped) }
    if let race = exploration.race, exploration.raceMissing {
      lines.append(
        "  FAILED: \(race.described) says a schedule finds a race, but none of the \(exploration.schedules) did"
          + " (a failure first in, first out does not have\(race.text.map { ", containing " + CommandValue.quote($0) } ?? ""))")
    }
    lines.append(summary(exploration))
    return lines
  }

  /// `N schedules, K outcomes, F failed`, and how many found the race the scenario claims.
  package static func summary(_ exploration: Exploration) -> String {
    let counts = summary(schedules: exploration.schedules + exploration.crashes.count, outcomes: outcomeCount(exploration), failed: exploration.failed)
    guard exploration.race != nil else { return counts }
    return counts + (exploration.raceMissing ? ", race not found" : ", race found in \(exploration.raceSchedules)")
  }

  /// Distinct outcomes, crashes with the same reason and message counted as one.
  package static func outcomeCount(_ exploration: Exploration) -> Int {
    exploration.ordered.count + crashGroups(exploration.crashes).count
  }

  /// Crashes grouped by how the process ended and what it said, in schedule order.
  package static func crashGroups(_ crashes: [ScheduleCrash]) -> [[ScheduleCrash]] {
    var groups: [[ScheduleCrash]] = []
    for crash in crashes.sorted(by: { $0.schedule < $1.schedule }) {
      if let index = groups.firstIndex(where: { $0[0].reason == crash.reason && $0[0].errors == crash.errors }) {
        groups[index].append(crash)
      } else {
        groups.append([crash])
      }
    }
    return groups
  }

  /// `N schedules, K outcomes, F failed` over several scenarios; `failed` counts the failures
  /// (by default every failed schedule).
  package static func total(_ explorations: [Exploration], failed: Int? = nil) -> String {
    let counts = summary(
      schedules: explorations.reduce(0) { $0 + $1.schedules + $1.crashes.count },
      outcomes: explorations.reduce(0) { $0 + outcomeCount($1) },
      failed: failed ?? explorations.reduce(0) { $0 + $1.failed })
    let races = explorations.filter { $0.race != nil && $0.skipped == nil }
    guard !races.isEmpty else { return counts }
    let missing = races.filter(\.raceMissing).count
    return counts + ", \(races.count - missing) of \(races.count) race\(plural(races.count)) found"
  }

  /// `N schedules, K outcomes, F failed`, for one scenario or a total.
  package static func summary(schedules: Int, outcomes: Int, failed: Int) -> String {
    "\(schedules) schedule\(plural(schedules)), \(outcomes) outcome\(plural(outcomes)), \(failed) failed"
  }

  /// The scenario line that pins `departures`.
  package static func pinLine(_ departures: [Departure]) -> String {
    departures.isEmpty ? "schedule fifo" : "schedule " + departures.map(\.description).joined(separator: " ")
  }

  private static func plural(_ count: Int) -> String { count == 1 ? "" : "s" }
}

extension ExplorationReport {
  /// One JSON object for a scenario's exploration (`explore --format jsonl`): the scenario, the
  /// counts, and each outcome with its failures and minimal schedule, transcripts left out.
  package static func jsonLine(_ exploration: Exploration, name: String) -> String {
    var outcomes: [JSON.Node] = exploration.ordered.map { outcome in
      var fields: [(String, JSON.Node)] = [
        ("schedules", .number(String(outcome.count))),
        ("firstSchedule", .number(String(outcome.isFIFO ? 1 : outcome.firstSchedule))),
        ("fifo", .bool(outcome.isFIFO)),
        ("failures", .array(outcome.failures.map { .string($0) })),
        ("race", .bool(exploration.isRace(outcome))),
        ("notes", .array(outcome.run.notes.map { .string($0) })),
      ]
      if let difference = outcome.difference { fields.append(("difference", .string(difference))) }
      if let minimal = outcome.minimal {
        fields.append(("schedule", .string(pinLine(minimal.departures))))
        fields.append(("departures", .array(minimal.described.map { .string($0) })))
      }
      return .object(fields)
    }
    for group in crashGroups(exploration.crashes) {
      let first = group[0]
      outcomes.append(
        .object([
          ("schedules", .number(String(group.count))),
          ("firstSchedule", .number(String(first.schedule))),
          ("fifo", .bool(false)),
          ("failures", .array([.string("crashed (\(first.reason))")] + first.errors.map { .string($0) })),
          ("schedule", .string(pinLine(first.minimal ?? first.departures))),
        ]))
    }
    var fields: [(String, JSON.Node)] = [
      ("scenario", .string(name)),
      ("strategy", .string(exploration.request.strategy.rawValue)),
      ("depth", .number(String(exploration.request.depth))),
      ("seed", .number(String(exploration.request.seed))),
      ("choicePoints", .number(String(exploration.fifoChoicePoints))),
      ("schedules", .number(String(exploration.schedules + exploration.crashes.count))),
      ("failed", .number(String(exploration.failed))),
      ("outcomes", .array(outcomes)),
    ]
    if let race = exploration.race {
      fields.append(("race", .object([
        ("line", .number(String(race.line))), ("text", race.text.map { .string($0) } ?? .null),
        ("found", .number(String(exploration.raceSchedules))),
      ])))
    }
    if let stopped = exploration.stopped { fields.append(("stopped", .string(stopped))) }
    if let skipped = exploration.skipped { fields.append(("skipped", .string(skipped))) }
    return JSON.write(.object(fields)) + "\n"
  }
}

extension ExplorationReport {
  /// One JSON object for a scenario's `explore --cancel-anywhere` (`--format jsonl`): the
  /// scenario, the counts, and each outcome with its failures and the first cancellations.
  package static func jsonLine(_ exploration: CancelExploration, name: String) -> String {
    let outcomes: [JSON.Node] = exploration.outcomes.map { outcome in
      .object([
        ("cancellations", .number(String(outcome.count))),
        ("failures", .array(outcome.failures.map { .string($0) })),
        ("points", .array(outcome.points.map { .string($0.text) })),
        ("notes", .array(outcome.notes.map { .string($0) })),
      ])
    }
    var fields: [(String, JSON.Node)] = [
      ("scenario", .string(name)),
      ("jobs", .number(String(exploration.jobs))),
      ("cancellations", .number(String(exploration.runs))),
      ("boundaries", .number(String(exploration.boundaries))),
      ("failed", .number(String(exploration.failed))),
      ("fifoFailures", .array(exploration.fifoFailures.map { .string($0) })),
      ("outcomes", .array(outcomes)),
    ]
    if let stopped = exploration.stopped { fields.append(("stopped", .string(stopped))) }
    return JSON.write(.object(fields)) + "\n"
  }
}
