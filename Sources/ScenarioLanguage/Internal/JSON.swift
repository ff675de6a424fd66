/// A minimal JSON writer with a fixed key order, so the same state always gives the same bytes.
package enum JSON {
  package indirect enum Node: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([Node])
    case object([(String, Node)])

    // By hand: an object's pairs are tuples, which synthesis cannot compare.
    package static func == (lhs: Node, rhs: Node) -> Bool {
      switch (lhs, rhs) {
      case (.null, .null): return true
      case (.bool(let a), .bool(let b)): return a == b
      case (.number(let a), .number(let b)), (.string(let a), .string(let b)): return a == b
      case (.array(let a), .array(let b)): return a == b
      case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
      default: return false
      }
    }
  }

  package static func write(_ node: Node) -> String {
    switch node {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return quote(text)
    case .array(let nodes): return "[" + nodes.map(write).joined(separator: ",") + "]"
    case .object(let pairs): return "{" + pairs.map { quote($0.0) + ":" + write($0.1) }.joined(separator: ",") + "}"
    }
  }

  package static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
