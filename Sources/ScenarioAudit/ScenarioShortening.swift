/// Makes a finding's scenario as short as the same run: the `advance 1s` rounds that settled
/// each step, one after another with nothing between them, become one `advance`.
///
/// ```
/// send start            send start
/// advance 1s       →    advance 6s
/// ... (six)             send stop
/// send stop
/// ```
///
/// Time moves over the same timers in the same order; what differs is only where the
/// transcript stops to print. `audit` keeps the shorter scenario where it fails at its last
/// line as the longer one does.
package enum ScenarioShortening {
  /// `lines` with each run of consecutive `advance` lines merged into one.
  package static func mergingAdvances(_ lines: [String]) -> [String] {
    var merged: [String] = []
    var pending: Int?
    func flush() {
      if let total = pending { merged.append("advance " + text(milliseconds: total)) }
      pending = nil
    }
    for line in lines {
      if let milliseconds = advance(line) {
        pending = (pending ?? 0) + milliseconds
      } else {
        flush()
        merged.append(line)
      }
    }
    flush()
    return merged
  }

  /// The milliseconds of `advance 1s`, `advance 250ms`; nil for any other line.
  static func advance(_ line: String) -> Int? {
    let words = line.split(separator: " ")
    guard words.count == 2, words[0] == "advance" else { return nil }
    let amount = words[1]
    if amount.hasSuffix("ms") { return Int(amount.dropLast(2)) }
    if amount.hasSuffix("s") { return Int(amount.dropLast()).map { $0 * 1000 } }
    if amount.hasSuffix("m") { return Int(amount.dropLast()).map { $0 * 60_000 } }
    return nil
  }

  static func text(milliseconds: Int) -> String {
    milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
  }
}
