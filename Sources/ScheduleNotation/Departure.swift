/// One place where a schedule leaves first-in-first-out order: at choice point `choice`
/// (counted from 1 where the schedule began) it runs the `pick`-th candidate, where candidate 1
/// is the one first-in-first-out order runs.
///
/// A schedule is written as its departures, `choice:pick` each: `schedule 4:2 9:3`.
package struct Departure: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The choice point, counted from 1.
  package var choice: Int
  /// The candidate run there, counted from 1 in first-in-first-out order; at least 2.
  package var pick: Int

  package init(choice: Int, pick: Int) {
    self.choice = choice
    self.pick = pick
  }

  /// `choice:pick`, as a `schedule` line writes it.
  package var description: String { "\(choice):\(pick)" }

  /// Reads `choice:pick`; nil when the text is not two whole numbers, a choice from 1 and a
  /// pick from 2.
  package init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let choice = Int(parts[0]), let pick = Int(parts[1]), choice >= 1, pick >= 2 else {
      return nil
    }
    self.init(choice: choice, pick: pick)
  }

  package static func < (lhs: Departure, rhs: Departure) -> Bool {
    (lhs.choice, lhs.pick) < (rhs.choice, rhs.pick)
  }
}
