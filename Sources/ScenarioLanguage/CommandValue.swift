/// A value written in a command: `42`, `1.5`, `"text"`, `word`, `true`, `nil`, `250ms`, `[1, 2]`, `#3`.
public indirect enum CommandValue: Equatable, Sendable, CustomStringConvertible {
  /// A double-quoted string.
  case string(String)
  /// A bare word: a string or an enum case name.
  case word(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case null
  case duration(Duration)
  case list([CommandValue])
  /// An effect reference `#N`.
  case effect(Int)
  /// A request reference `#rN`, as `request api #r2 pending` names it.
  case request(Int)

  /// The value as it would be typed.
  public var description: String {
    switch self {
    case .string(let text): return CommandValue.quote(text)
    case .word(let word): return word
    case .int(let number): return String(number)
    case .double(let number): return String(number)
    case .bool(let flag): return String(flag)
    case .null: return "nil"
    case .duration(let duration): return duration.commandText
    case .list(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .effect(let id): return "#\(id)"
    case .request(let id): return "#r\(id)"
    }
  }

  /// What kind of value it is, for error messages ("a duration", "a string").
  public var kindName: String {
    switch self {
    case .string: return "a string"
    case .word: return "a word"
    case .int: return "an integer"
    case .double: return "a number"
    case .bool: return "a boolean"
    case .null: return "nil"
    case .duration: return "a duration"
    case .list: return "a list"
    case .effect: return "an effect reference"
    case .request: return "a request reference"
    }
  }

  /// The text of a string or a bare word.
  public var text: String? {
    switch self {
    case .string(let text), .word(let text): return text
    default: return nil
    }
  }

  package static func quote(_ text: String) -> String {
    var out = "\""
    for character in text {
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.append(character)
      }
    }
    return out + "\""
  }
}

extension Duration {
  /// The duration in the command language's shortest exact unit: `2s`, `250ms`, `1.5s`, `2m`.
  public var commandText: String {
    let nanoseconds = Int64(components.seconds) * 1_000_000_000
      + Int64(components.attoseconds / 1_000_000_000)
    if nanoseconds == 0 { return "0s" }
    let units: [(Int64, String)] = [
      (3_600_000_000_000, "h"), (60_000_000_000, "m"), (1_000_000_000, "s"), (1_000_000, "ms"),
      (1_000, "us"),
    ]
    for (size, unit) in units where nanoseconds % size == 0 {
      return "\(nanoseconds / size)\(unit)"
    }
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    return "\(nanoseconds)ns"
  }
}
