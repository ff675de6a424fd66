/// Finds the part of a view state a path names: `uiState.isLoading`, `items.count`, `items[0].name`.
package enum StatePath {
  /// The value at `path` in `root`, or an error naming the segment that does not exist.
  package static func resolve(_ path: String, in root: StateValue, column: Int?) throws(ScenarioError) -> StateValue {
    var current = root
    var walked: [String] = []
    for segment in try segments(of: path, column: column) {
      current = try step(current, segment, walked: walked, column: column)
      walked.append(segment)
    }
    return current
  }

  static func segments(of path: String, column: Int?) throws(ScenarioError) -> [String] {
    var segments: [String] = []
    for part in path.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(part)
      guard !rest.isEmpty else {
        throw ScenarioError(.badStatePath(path, problem: "an empty segment; write paths like `items.count`"), column: column)
      }
      if let bracket = rest.firstIndex(of: "[") {
        let head = rest[..<bracket]
        if !head.isEmpty { segments.append(String(head)) }
        rest = rest[bracket...]
        while rest.first == "[" {
          guard let close = rest.firstIndex(of: "]") else {
            throw ScenarioError(.badStatePath(path, problem: "`[` without `]`"), column: column)
          }
          segments.append(String(rest[rest.index(after: rest.startIndex)..<close]))
          rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty {
          throw ScenarioError(.badStatePath(path, problem: "unexpected `\(rest)` after `]`"), column: column)
        }
      } else {
        segments.append(String(rest))
      }
    }
    return segments
  }

  private static func step(_ value: StateValue, _ segment: String, walked: [String], column: Int?) throws(ScenarioError) -> StateValue {
    // Named only when the path cannot be followed.
    var here: String { walked.isEmpty ? "the state" : "`\(walked.joined(separator: "."))`" }
    switch value {
    case .record(_, let fields):
      if let field = fields.first(where: { $0.name == segment }) { return field.value }
      let names = fields.map(\.name)
      throw ScenarioError(
        .cannotFollowPath(here: here, problem: "has no `\(segment)`\(Suggestion.hint(for: segment, in: names)) (it has \(names.joined(separator: ", ")))"),
        column: column)
    case .enumCase(_, let name, let values):
      if let field = values.first(where: { $0.name == segment }) { return field.value }
      if segment == "case" { return .string(name) }
      throw ScenarioError(.cannotFollowPath(here: here, problem: "is `.\(name)`, which has no `\(segment)`"), column: column)
    case .list(let elements):
      if segment == "count" { return .int(elements.count) }
      if segment == "isEmpty" { return .bool(elements.isEmpty) }
      if segment == "first" { return elements.first ?? .null }
      if segment == "last" { return elements.last ?? .null }
      guard let index = Int(segment) else {
        throw ScenarioError(.cannotFollowPath(here: here, problem: "is a list; expected an index, `count`, `first` or `last`, found `\(segment)`"), column: column)
      }
      guard elements.indices.contains(index) else {
        throw ScenarioError(.cannotFollowPath(here: here, problem: "has \(elements.count) elements; index \(index) is out of range"), column: column)
      }
      return elements[index]
    case .dictionary(let pairs):
      if segment == "count" { return .int(pairs.count) }
      if let pair = pairs.first(where: { $0.key == segment }) { return pair.value }
      throw ScenarioError(.cannotFollowPath(here: here, problem: "has no key `\(segment)`\(Suggestion.hint(for: segment, in: pairs.map(\.key)))"), column: column)
    case .string(let text):
      if segment == "count" { return .int(text.count) }
      if segment == "isEmpty" { return .bool(text.isEmpty) }
      throw ScenarioError(.cannotFollowPath(here: here, problem: "is a string; it has only `count` and `isEmpty`"), column: column)
    default:
      throw ScenarioError(.cannotFollowPath(here: here, problem: "is \(StateRenderer.inline(value) ?? "a value"), which has no `\(segment)`"), column: column)
    }
  }

  /// Paths of the leaves that differ between `old` and `new`, in state order.
  package static func changes(from old: StateValue, to new: StateValue, path: String = "") -> [String] {
    switch (old, new) {
    case (.record(let t1, let f1), .record(let t2, let f2)) where t1 == t2 && f1.map(\.name) == f2.map(\.name):
      return zip(f1, f2).flatMap { changes(from: $0.value, to: $1.value, path: join(path, $0.name)) }
    default:
      return old == new ? [] : [path.isEmpty ? "." : path]
    }
  }

  private static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }
}
