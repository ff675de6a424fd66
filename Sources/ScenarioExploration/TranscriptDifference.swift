import Scenario
/// Says in one line how a schedule's transcript differs from first-in-first-out order's: in
/// the state or output of a step, only in the order of a step's events, or only in which id
/// (`#r2`) each scripted request got, which tells a lost update from two effects reported the
/// other way round or four `async let` requests started in another order.
enum TranscriptDifference {
  static func describe(fifo: String, other: String) -> String {
    let expected = steps(fifo)
    let actual = steps(other)
    let expectedNames = requestNames(expected)
    let actualNames = requestNames(actual)
    var reordered: [String] = []
    var renumbered = false
    for (index, step) in expected.enumerated() {
      guard index < actual.count else { return "the transcript ends early, after `\(actual.last?.echo ?? "")`" }
      let theirs = actual[index]
      // Requests are compared by what they ask for: the same `#r2` may be another request.
      let mine = step.lines.map { named($0, expectedNames) }
      let other = theirs.lines.map { named($0, actualNames) }
      if mine.sorted() == other.sorted() {
        if step.lines.sorted() != theirs.lines.sorted() { renumbered = true }
        if mine != other { reordered.append("`\(step.echo)`") }
        continue
      }
      if let answer = otherRequestAnswered(step, theirs, fifoNames: expectedNames, otherNames: actualNames) { return answer }
      let what = step.stateLines == theirs.stateLines ? "printed something else" : "left another state"
      let order = reordered.isEmpty ? "" : " (and events came in another order in \(reordered.joined(separator: ", ")))"
      return "the transcript differs from first in, first out: `\(step.echo)` \(what)\(order)"
    }
    if actual.count > expected.count { return "the transcript goes on past the end of first-in-first-out order's" }
    let ids = renumbered ? "in which id (`#rN`) each request got, as requests started in another order" : ""
    if reordered.isEmpty { return "the transcript differs from first in, first out only " + ids }
    return "the transcript differs from first in, first out only in the order of the same events, in "
      + reordered.joined(separator: ", ") + (renumbered ? ", and " + ids : "")
  }

  /// When `respond NAME OUTCOME` (the oldest pending request) answered another request than
  /// under first in, first out, because the requests started in another order: which one, and
  /// how to name the same request under every schedule.
  private static func otherRequestAnswered(
    _ fifo: Step, _ other: Step, fifoNames: [String: String], otherNames: [String: String]
  ) -> String? {
    let words = fifo.echo.split(separator: " ")
    guard words.count >= 3, "respond".hasPrefix(words[0]), words[0].count >= 3,
      !words[2].hasPrefix("#r"), !words[2].hasPrefix("\"")
    else { return nil }
    let dependency = String(words[1])
    func answered(_ step: Step, _ names: [String: String]) -> String? {
      let prefix = "request \(dependency) #"
      guard let line = step.lines.first(where: { $0.hasPrefix(prefix) && $0.contains(" answered: ") }) else { return nil }
      let id = "#" + line.dropFirst(prefix.count).prefix { $0 != " " }
      return names["\(dependency) \(id)"] ?? id
    }
    guard let mine = answered(fifo, fifoNames), let theirs = answered(other, otherNames), mine != theirs else { return nil }
    return "`\(fifo.echo)` answered another request (\(theirs) instead of \(mine)) because the requests started in another order; "
      + "name the request by its description (`respond \(dependency) \(CommandValue.quote(mine)) ...`) to answer the same one under every schedule"
  }

  /// Each request's description by dependency and id (`api #r2` → `GET /news`), from the lines
  /// that say it is pending.
  private static func requestNames(_ steps: [Step]) -> [String: String] {
    var names: [String: String] = [:]
    for line in steps.lazy.flatMap(\.lines) where line.hasPrefix("request ") {
      guard let range = line.range(of: " pending: ") else { continue }
      names[String(line[line.index(line.startIndex, offsetBy: 8)..<range.lowerBound])] = String(line[range.upperBound...])
    }
    return names
  }

  /// A request line with the request named by its description instead of its id.
  private static func named(_ line: String, _ names: [String: String]) -> String {
    guard line.hasPrefix("request ") else { return line }
    let rest = line.dropFirst(8)
    let words = rest.split(separator: " ", maxSplits: 2)
    guard words.count == 3, let name = names["\(words[0]) \(words[1])"] else { return line }
    return "request \(words[0]) \(CommandValue.quote(name)) \(words[2])"
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

  /// Splits a transcript at its echoed commands (`> command`); the notes a pinned schedule's
  /// departures leave (`schedule: choice 2: ...`) are how the run was made, not what it did.
  private static func steps(_ transcript: String) -> [Step] {
    var steps: [Step] = []
    for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("> ") {
        steps.append(Step(echo: String(line.dropFirst(2))))
      } else if !steps.isEmpty, !line.hasPrefix("schedule: ") {
        steps[steps.count - 1].lines.append(String(line))
      }
    }
    return steps
  }
}
