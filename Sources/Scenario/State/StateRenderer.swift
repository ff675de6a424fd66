/// Prints a `StateValue` in the layout Swift developers know from swift-custom-dump:
/// `Type(field: value, ...)` with one field per line, and short lists of scalars on one line.
package enum StateRenderer {
  /// The widest a list or record may be to stay on one line.
  static let inlineWidth = 72

  /// Multi-line text of `value`.
  package static func render(_ value: StateValue) -> String {
    var lines: [String] = []
    append(value, prefix: "", suffix: "", indent: 0, to: &lines)
    return lines.joined(separator: "\n")
  }

  /// One-line text of a scalar, or of a short list or record of scalars; nil if too long.
  static func inline(_ value: StateValue) -> String? {
    switch value {
    case .null: return "nil"
    case .bool(let flag): return String(flag)
    case .int(let number): return String(number)
    case .double(let number): return String(number)
    case .string(let text): return CommandValue.quote(text)
    case .opaque(let text): return text
    case .enumCase(_, let name, let values):
      if values.isEmpty { return "." + name }
      let inner = values.map { field -> String? in
        guard let text = inline(field.value) else { return nil }
        return field.name.hasPrefix("_") ? text : "\(field.name): \(text)"
      }
      guard inner.allSatisfy({ $0 != nil }) else { return nil }
      let text = "." + name + "(" + inner.map { $0! }.joined(separator: ", ") + ")"
      return text.count <= inlineWidth ? text : nil
    case .list(let elements):
      if elements.isEmpty { return "[]" }
      guard elements.allSatisfy(\.isScalar) else { return nil }
      let text = "[" + elements.compactMap(inline).joined(separator: ", ") + "]"
      return text.count <= inlineWidth ? text : nil
    case .dictionary(let pairs):
      return pairs.isEmpty ? "[:]" : nil
    case .record(let type, let fields):
      return fields.isEmpty ? "\(type)()" : nil
    }
  }

  private static func append(_ value: StateValue, prefix: String, suffix: String, indent: Int, to lines: inout [String]) {
    let pad = String(repeating: " ", count: indent)
    if let text = inline(value) {
      lines.append(pad + prefix + text + suffix)
      return
    }
    switch value {
    case .list(let elements):
      lines.append(pad + prefix + "[")
      for (index, element) in elements.enumerated() {
        append(element, prefix: "[\(index)]: ", suffix: index < elements.count - 1 ? "," : "", indent: indent + 2, to: &lines)
      }
      lines.append(pad + "]" + suffix)
    case .dictionary(let pairs):
      lines.append(pad + prefix + "[")
      for (index, pair) in pairs.enumerated() {
        append(pair.value, prefix: CommandValue.quote(pair.key) + ": ", suffix: index < pairs.count - 1 ? "," : "", indent: indent + 2, to: &lines)
      }
      lines.append(pad + "]" + suffix)
    case .record(let type, let fields):
      lines.append(pad + prefix + type + "(")
      for (index, field) in fields.enumerated() {
        append(field.value, prefix: field.name + ": ", suffix: index < fields.count - 1 ? "," : "", indent: indent + 2, to: &lines)
      }
      lines.append(pad + ")" + suffix)
    case .enumCase(_, let name, let values):
      lines.append(pad + prefix + "." + name + "(")
      for (index, field) in values.enumerated() {
        let label = field.name.hasPrefix("_") ? "" : field.name + ": "
        append(field.value, prefix: label, suffix: index < values.count - 1 ? "," : "", indent: indent + 2, to: &lines)
      }
      lines.append(pad + ")" + suffix)
    default:
      lines.append(pad + prefix + "\(value)" + suffix)
    }
  }
}

extension StateValue {
  var isScalar: Bool {
    switch self {
    case .null, .bool, .int, .double, .string, .opaque: return true
    case .enumCase(_, _, let values): return values.isEmpty
    default: return false
    }
  }
}
