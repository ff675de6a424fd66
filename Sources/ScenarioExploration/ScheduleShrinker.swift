import Scenario
package import Simulation

/// Shrinks a failing schedule toward first in, first out: the fewest departures, found
/// greedily, for which `gives` still says the run fails the same way.
package enum ScheduleShrinker {
  /// Tries at most `budget` candidates: halves first, as delta debugging does (a long random
  /// schedule sheds most departures at once), then one departure at a time, then each pick
  /// lowered to 2.
  package static func shrink(_ departures: [Departure], budget: Int, gives: ([Departure]) -> Bool) -> [Departure] {
    var current = departures
    var left = budget
    func tries(_ candidate: [Departure]) -> Bool {
      guard left > 0 else { return false }
      left -= 1
      return gives(candidate)
    }
    var chunk = current.count / 2
    while chunk >= 1 {
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if tries(candidate) { current = candidate } else { start += chunk }
      }
      chunk /= 2
    }
    // Dropping a departure can shift the numbers of the choice points after it: try the later
    // departures where they were, and one place either side.
    var index = 0
    while index < current.count {
      var dropped = false
      for shift in [0, -1, 1] {
        var candidate = current
        candidate.remove(at: index)
        for later in index..<candidate.count { candidate[later].choice += shift }
        guard shift == 0 || isValid(candidate) else { continue }
        if tries(candidate) {
          current = candidate
          dropped = true
          break
        }
      }
      if !dropped { index += 1 }
    }
    for index in current.indices where current[index].pick > 2 {
      var candidate = current
      candidate[index].pick = 2
      if tries(candidate) { current = candidate }
    }
    return current
  }

  /// Whether departures are at distinct choice points from 1, in order.
  private static func isValid(_ departures: [Departure]) -> Bool {
    zip(departures, departures.dropFirst()).allSatisfy { $0.choice < $1.choice } && (departures.first?.choice ?? 1) >= 1
  }
}
