extension JSON {
  /// A view state as JSON: records and dictionaries as objects, an enum case with values as
  /// `{"case": ..., "values": ...}`, a case without values as its name.
  static func node(_ value: StateValue) -> Node {
    switch value {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .number(String(number))
    case .double(let number): return number.isFinite ? .number(String(number)) : .string(String(number))
    case .string(let text): return .string(text)
    case .opaque(let text): return .string(text)
    case .enumCase(_, let name, let values):
      if values.isEmpty { return .string(name) }
      return .object([("case", .string(name)), ("values", .object(values.map { ($0.name, node($0.value)) }))])
    case .list(let elements): return .array(elements.map(node))
    case .dictionary(let pairs): return .object(pairs.map { ($0.key, node($0.value)) })
    case .record(_, let fields): return .object(fields.map { ($0.name, node($0.value)) })
    }
  }}
