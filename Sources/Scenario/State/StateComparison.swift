/// Compares a value in the view state with a value written in an `expect` command.
enum StateComparison {
  /// Whether `actual OP expected` holds; an error when the two cannot be compared that way.
  static func holds(_ actual: StateValue, _ comparison: Comparison, _ expected: CommandValue, column: Int?) throws(ScenarioError) -> Bool {
    switch comparison {
    case .equal: return try equals(actual, expected, column: column)
    case .notEqual: return try !equals(actual, expected, column: column)
    case .contains: return try contains(actual, expected, column: column)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let order = try order(actual, expected, column: column) else {
        throw ScenarioError(.cannotOrder(describe(actual), with: expected, comparison: comparison.rawValue), column: column)
      }
      return comparison.holds(order: order)
    }
  }

  static func equals(_ actual: StateValue, _ expected: CommandValue, column: Int?) throws(ScenarioError) -> Bool {
    switch (actual, expected) {
    case (.null, .null): return true
    case (_, .null), (.null, _): return false
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.int(let a), .double(let b)): return Double(a) == b
    case (.double(let a), .double(let b)): return a == b
    case (.double(let a), .int(let b)): return a == Double(b)
    case (.string(let a), .string(let b)), (.string(let a), .word(let b)): return a == b
    case (.enumCase(_, let name, _), .word(let word)):
      // `.waiting(.success)` is compared with the case as the state shows it, payload included;
      // `waiting` or `.waiting` with its name only.
      if word.contains("(") { return StateRenderer.inline(actual) == word }
      let wanted = word.hasPrefix(".") ? String(word.dropFirst()) : word
      return name == wanted
    case (.enumCase(_, let name, _), .string(let text)): return name == text
    case (.opaque(let text), .duration(let duration)): return text == duration.commandText
    case (.opaque(let text), _): return text == expected.text ?? expected.description
    case (.list(let elements), .list(let values)):
      guard elements.count == values.count else { return false }
      for (element, value) in zip(elements, values) where try !equals(element, value, column: column) { return false }
      return true
    default:
      throw ScenarioError(.cannotCompare(describe(actual), with: expected), column: column)
    }
  }

  static func contains(_ actual: StateValue, _ expected: CommandValue, column: Int?) throws(ScenarioError) -> Bool {
    switch actual {
    case .list(let elements):
      for element in elements {
        if element.isScalar || element.isEnum, (try? equals(element, expected, column: column)) == true { return true }
      }
      return false
    case .string(let text):
      guard let needle = expected.text else {
        throw ScenarioError(.containsNeedsText(expected), column: column)
      }
      return text.contains(needle)
    case .dictionary(let pairs):
      return pairs.contains { $0.key == expected.text ?? expected.description }
    default:
      throw ScenarioError(.containsNeedsCollection(describe(actual)), column: column)
    }
  }

  private static func order(_ actual: StateValue, _ expected: CommandValue, column: Int?) throws(ScenarioError) -> Int? {
    func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
    switch (actual, expected) {
    case (.int(let a), .int(let b)): return compare(a, b)
    case (.int(let a), .double(let b)): return compare(Double(a), b)
    case (.double(let a), .double(let b)): return compare(a, b)
    case (.double(let a), .int(let b)): return compare(a, Double(b))
    case (.string(let a), .string(let b)), (.string(let a), .word(let b)): return compare(a, b)
    default: return nil
    }
  }

  static func describe(_ value: StateValue) -> String {
    switch value {
    case .null: return "nil"
    case .bool: return "a boolean"
    case .int: return "an integer"
    case .double: return "a number"
    case .string: return "a string"
    case .enumCase: return "an enum case"
    case .list: return "a list"
    case .dictionary: return "a dictionary"
    case .record(let type, _): return type.isEmpty ? "a tuple" : "a \(type)"
    case .opaque: return "a value"
    }
  }
}

extension StateValue {
  var isEnum: Bool {
    if case .enumCase = self { return true }
    return false
  }
}
