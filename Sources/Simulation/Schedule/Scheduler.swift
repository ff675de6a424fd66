/// Decides, wherever the Swift runtime allows more than one order, which job runs next and
/// which of the timers due at the same instant fires first; and remembers where it left
/// first-in-first-out order.
///
/// Install one with `Simulation.scheduler`; without one the simulation runs first in, first out.
///
/// ```swift
/// Simulation.shared.scheduler = Scheduler(.pct(seed: 7, depth: 2, expectedChoices: 40))
/// // ... run the scenario ...
/// let departures = Simulation.shared.scheduler?.departures  // pin them with `.pinned(departures)`
/// ```
package struct Scheduler: Sendable {
  /// How the scheduler chooses.
  package enum Strategy: Equatable, Sendable {
    /// Always the first candidate: the order the simulation runs without a scheduler.
    case fifo
    /// First in, first out except at the given departures: a schedule found before, replayed.
    case pinned([Departure])
    /// A candidate drawn uniformly at every choice point.
    case random(seed: UInt64)
    /// Probabilistic concurrency testing (Burckhardt et al., ASPLOS 2010): every thread of
    /// control (the main actor, each task, each Dispatch queue) gets a random priority, the
    /// highest-priority candidate runs, and at `depth - 1` random choice points among the first
    /// `expectedChoices` the thread that runs drops below all others. A bug that needs `depth`
    /// ordering constraints is found with probability at least 1/(n·k^(depth-1)) per schedule.
    case pct(seed: UInt64, depth: Int, expectedChoices: Int)
  }

  package let strategy: Strategy
  /// Whether departures are described in words as they happen (`records`), for a transcript.
  package let describesDepartures: Bool
  /// How many choice points (places with more than one candidate) the run has met.
  package private(set) var choicePoints = 0
  /// Where the run left first-in-first-out order, in order.
  package private(set) var departures: [Departure] = []
  /// Pinned departures that could not apply: their choice point had fewer candidates.
  package private(set) var unmet: [(departure: Departure, candidates: Int)] = []
  /// Called with each departure as it is made, before the job runs: a process that may crash
  /// can write it down.
  package var onDeparture: (@Sendable (Departure) -> Void)?

  var records: [DepartureRecord] = []
  /// Tasks as departures name them: 1, 2, 3 in the order they were first named.
  private var taskNumbers: [UInt64: Int] = [:]
  private var random: SplitMix64
  private var pinned: [Int: Int] = [:]
  private var priorities: [UInt64: UInt64] = [:]
  /// PCT's change points, ascending, each with the priority it gives.
  private var changePoints: [Int] = []

  /// A scheduler following `strategy`; with `describingDepartures`, each departure is also kept
  /// in words for the transcript.
  package init(_ strategy: Strategy, describingDepartures: Bool = false) {
    self.strategy = strategy
    self.describesDepartures = describingDepartures
    switch strategy {
    case .fifo:
      random = SplitMix64(seed: 0)
    case .pinned(let departures):
      random = SplitMix64(seed: 0)
      for departure in departures where pinned[departure.choice] == nil { pinned[departure.choice] = departure.pick }
    case .random(let seed):
      random = SplitMix64(seed: seed)
    case .pct(let seed, let depth, let expected):
      random = SplitMix64(seed: seed)
      var points: Set<Int> = []
      let span = max(1, expected)
      // Distinct change points; fewer when there are fewer choice points than depth - 1.
      while points.count < min(max(0, depth - 1), span) { points.insert(1 + random.below(span)) }
      changePoints = points.sorted()
    }
  }

  /// The number a departure gives the task with runtime id `id`.
  mutating func taskNumber(_ id: UInt64) -> Int {
    if let known = taskNumbers[id] { return known }
    let number = taskNumbers.count + 1
    taskNumbers[id] = number
    return number
  }

  /// The seed of schedule `schedule` of an exploration seeded with `seed`: made from the two
  /// alone, so that any process can run any schedule.
  package static func seed(_ seed: UInt64, schedule: Int) -> UInt64 {
    SplitMix64.mix(seed &+ UInt64(schedule) &* SplitMix64.increment)
  }

  /// Whether the strategy can ever leave first-in-first-out order.
  var isFIFO: Bool { strategy == .fifo }

  /// Picks one of `candidates` (in first-in-first-out order, at least two); returns its index.
  mutating func choose(_ candidates: [Candidate]) -> Int {
    choicePoints += 1
    var index = 0
    switch strategy {
    case .fifo:
      index = 0
    case .pinned:
      if let pick = pinned[choicePoints] {
        if pick <= candidates.count {
          index = pick - 1
        } else {
          unmet.append((Departure(choice: choicePoints, pick: pick), candidates.count))
        }
      }
    case .random:
      index = random.below(candidates.count)
    case .pct(_, let depth, _):
      var best = UInt64.min
      for (position, candidate) in candidates.enumerated() {
        let priority = priority(of: candidate.thread, depth: depth)
        if position == 0 || priority > best {
          best = priority
          index = position
        }
      }
      if let change = changePoints.firstIndex(of: choicePoints) {
        // Below every initial priority (those start at `depth`), the earlier change point higher.
        priorities[candidates[index].thread] = UInt64(depth - 1 - change)
      }
    }
    if index != 0 {
      let departure = Departure(choice: choicePoints, pick: index + 1)
      departures.append(departure)
      onDeparture?(departure)
    }
    return index
  }

  private mutating func priority(of thread: UInt64, depth: Int) -> UInt64 {
    if let known = priorities[thread] { return known }
    let priority = UInt64(depth) &+ (random.next() >> 2)
    priorities[thread] = priority
    return priority
  }
}

/// A job or timer that could run next at a choice point.
struct Candidate {
  /// Where it stands: its index in the ready queue, or the timer's sequence number.
  var position: Int
  /// Whose work it is (the main actor, a task, a Dispatch queue): PCT gives each a priority.
  var thread: UInt64
}
