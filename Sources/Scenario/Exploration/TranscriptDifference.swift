/// Says in one line how a schedule's transcript differs from first-in-first-out order's: in
/// the state or output of a step, or only in the order of a step's events, which tells a lost
/// update from two effects reported the other way round.
enum TranscriptDifference {
  static func describe(fifo: String, other: String) -> String {
    let expected = steps(fifo)
    let actual = steps(other)
    var reordered: [String] = []
    for (index, step) in expected.enumerated() {
      guard index < actual.count else { return "the transcript ends early, after `\(actual.last?.echo ?? "")`" }
      let theirs = actual[index]
      guard step.lines != theirs.lines else { continue }
      if step.lines.sorted() == theirs.lines.sorted() {
        reordered.append("`\(step.echo)`")
        continue
      }
      let what = step.stateLines == theirs.stateLines ? "printed something else" : "left another state"
      let order = reordered.isEmpty ? "" : " (and events came in another order in \(reordered.joined(separator: ", ")))"
      return "the transcript differs from first in, first out: `\(step.echo)` \(what)\(order)"
    }
    if actual.count > expected.count { return "the transcript goes on past the end of first-in-first-out order's" }
    return "the transcript differs from first in, first out only in the order of the same events, in "
      + reordered.joined(separator: ", ")
  }

  private struct Step {
    var echo: String
    var lines: [String] = []
    /// The state block at the step's end, which events before it do not touch.
    var stateLines: [String] {
      guard let start = lines.lastIndex(where: { $0 == "state:" }) else { return [] }
      return Array(lines[start...])
    }
  }

  /// Splits a transcript at its echoed commands (`> command`).
  private static func steps(_ transcript: String) -> [Step] {
    var steps: [Step] = []
    for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("> ") {
        steps.append(Step(echo: String(line.dropFirst(2))))
      } else if !steps.isEmpty {
        steps[steps.count - 1].lines.append(String(line))
      }
    }
    return steps
  }
}
