public import ScenarioLanguage
/// The type of an action parameter, a property or an option, and how a typed value converts to it.
public enum ParameterType: Equatable, Sendable, CustomStringConvertible {
  case string
  case int
  case double
  case bool
  case duration
  /// One of these enum case names.
  case oneOf([String])
  /// A list of values of one type: `[1, 2, 3]`.
  indirect case list(ParameterType)
  /// Any value, kept as written: what a stand-in returns (`value="abc"`, `value=3`, `value=null`).
  case value

  public var description: String {
    switch self {
    case .string: return "a string"
    case .int: return "an integer"
    case .double: return "a number"
    case .bool: return "true or false"
    case .duration: return "a duration (like 2s)"
    case .oneOf(let cases): return "one of " + cases.joined(separator: ", ")
    case .list(let element): return "a list of \(element.name) (like [\(element.example)])"
    case .value: return "a value (a string, a number, true or false, null or a list)"
    }
  }

  /// The short name `describe` shows.
  public var name: String {
    switch self {
    case .string: return "String"
    case .int: return "Int"
    case .double: return "Double"
    case .bool: return "Bool"
    case .duration: return "Duration"
    case .oneOf(let cases): return cases.joined(separator: "|")
    case .list(let element): return "[\(element.name)]"
    case .value: return "Value"
    }
  }

  /// Two values of this type, as a command writes them, for error messages.
  var example: String {
    switch self {
    case .string: return "\"a\", \"b\""
    case .int: return "1, 2"
    case .double: return "1.5, 2"
    case .bool: return "true, false"
    case .duration: return "1s, 250ms"
    case .oneOf(let cases): return cases.prefix(2).joined(separator: ", ")
    case .list(let element): return "[\(element.example)]"
    case .value: return "\"abc\", 3"
    }
  }

  /// `value` converted to this type, or an error naming what was expected.
  public func convert(_ value: CommandValue, name: String, column: Int?) throws(ScenarioError) -> CommandValue {
    switch (self, value) {
    case (.value, .string), (.value, .word), (.value, .int), (.value, .double), (.value, .bool), (.value, .null), (.value, .list):
      return value
    case (.string, .string), (.string, .word), (.int, .int), (.bool, .bool), (.duration, .duration):
      return value
    case (.string, .int(let number)):
      return .string(String(number))
    case (.double, .int(let number)):
      return .double(Double(number))
    case (.double, .double):
      return value
    case (.oneOf(let cases), .int(let number)) where cases.contains(String(number)):
      // An `Int` raw-value enum: `priority=2`.
      return .word(String(number))
    case (.oneOf(let cases), .word(let word)), (.oneOf(let cases), .string(let word)):
      if cases.contains(word) { return .word(word) }
      throw ScenarioError(.notOneOf(parameter: name, cases: cases, got: word, nearest: Suggestion.nearest(to: word, in: cases)), column: column)
    case (.list(let element), .list(let values)):
      var converted: [CommandValue] = []
      for (index, value) in values.enumerated() {
        converted.append(try element.convert(value, name: "\(name)[\(index)]", column: column))
      }
      return .list(converted)
    default:
      throw ScenarioError(.wrongKind(parameter: name, expects: description, got: value), column: column)
    }
  }
}

/// A Swift type that a command value converts to, for bindable properties.
public protocol CommandValueConvertible {
  /// The command language type of the values.
  static var valueType: ParameterType { get }
  /// The Swift value for an already converted command value.
  init?(commandValue: CommandValue)
}

extension String: CommandValueConvertible {
  public static var valueType: ParameterType { .string }
  public init?(commandValue: CommandValue) {
    guard let text = commandValue.text else { return nil }
    self = text
  }
}

extension Int: CommandValueConvertible {
  public static var valueType: ParameterType { .int }
  public init?(commandValue: CommandValue) {
    guard case .int(let number) = commandValue else { return nil }
    self = number
  }
}

extension Double: CommandValueConvertible {
  public static var valueType: ParameterType { .double }
  public init?(commandValue: CommandValue) {
    guard case .double(let number) = commandValue else { return nil }
    self = number
  }
}

extension Bool: CommandValueConvertible {
  public static var valueType: ParameterType { .bool }
  public init?(commandValue: CommandValue) {
    guard case .bool(let flag) = commandValue else { return nil }
    self = flag
  }
}

extension Duration: CommandValueConvertible {
  public static var valueType: ParameterType { .duration }
  public init?(commandValue: CommandValue) {
    guard case .duration(let duration) = commandValue else { return nil }
    self = duration
  }
}
