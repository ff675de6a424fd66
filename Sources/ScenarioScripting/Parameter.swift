public import ScenarioLanguage
/// A named, typed input: an action's parameter, a model option, or an outcome's argument.
public struct Parameter: Sendable {
  public var name: String
  public var type: ParameterType
  /// The value used when the command leaves it out; nil makes it required.
  public var defaultValue: CommandValue?
  public var summary: String

  /// A parameter named `name` of `type`.
  public init(_ name: String, _ type: ParameterType, default defaultValue: CommandValue? = nil, _ summary: String = "") {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.summary = summary
  }

  /// A duration option with a default, such as `work=2s`.
  public static func duration(_ name: String, default value: Duration, _ summary: String) -> Parameter {
    Parameter(name, .duration, default: .duration(value), summary)
  }

  /// Whether `name` is an unlabeled associated value's (`_0`, `_1`), which commands give by position.
  static func isUnlabeled(_ name: String) -> Bool {
    name.hasPrefix("_") && name.count > 1 && name.dropFirst().allSatisfy(\.isNumber)
  }

  /// How `describe` shows it: `count: Int = 3`.
  package var signature: String {
    "\(name): \(type.name)" + (defaultValue.map { " = \($0)" } ?? "")
  }
}

/// Values given for a list of parameters, converted to their types, defaults filled in.
public struct Arguments: Sendable {
  private var values: [String: CommandValue]
  /// Parameter names in declaration order, for printing.
  public let names: [String]
  /// Each given value as the command wrote it (`30` for a Double option, not `30.0`), for printing.
  private var typed: [String: CommandValue] = [:]

  package init(values: [String: CommandValue], names: [String], typed: [String: CommandValue] = [:]) {
    self.values = values
    self.names = names
    self.typed = typed
  }

  /// `name=value` pairs in declaration order, as a command would spell them.
  public var text: String {
    // An empty string is every such parameter's "not given"; printing it is noise.
    names.compactMap { name in
      values[name].flatMap { converted in
        let value = typed[name] ?? converted
        if value == .string("") || value == .null { return nil }
        // An unlabeled associated value (`_0`) is written as the value alone.
        return Parameter.isUnlabeled(name) ? "\(value)" : "\(name)=\(value)"
      }
    }.joined(separator: " ")
  }

  /// Binds `arguments` (positional first, then `name=value`) to `parameters`.
  package static func bind(
    _ arguments: [CommandArgument], to parameters: [Parameter], owner: String, endColumn: Int
  ) throws(ScenarioError) -> Arguments {
    var values: [String: CommandValue] = [:]
    var typed: [String: CommandValue] = [:]
    var positional = 0
    for argument in arguments {
      let parameter: Parameter
      if let name = argument.name {
        guard let named = parameters.first(where: { $0.name == name }) else {
          let names = parameters.map(\.name)
          throw ScenarioError(
            .noSuchArgument(owner: owner, name: name, nearest: Suggestion.nearest(to: name, in: names), takes: names), column: argument.column)
        }
        parameter = named
      } else {
        guard positional < parameters.count else {
          throw ScenarioError(.tooManyArguments(owner: owner, at: argument.value, takes: parameters.count), column: argument.column)
        }
        parameter = parameters[positional]
        positional += 1
      }
      if values[parameter.name] != nil {
        throw ScenarioError(.givenTwice(owner: owner, parameter: parameter.name), column: argument.column)
      }
      if argument.value == .null, parameter.defaultValue == .null {
        // An optional parameter: `nil` is what leaving it out means.
        values[parameter.name] = .null
        continue
      }
      values[parameter.name] = try parameter.type.convert(argument.value, name: parameter.name, column: argument.column)
      typed[parameter.name] = argument.value
    }
    for parameter in parameters where values[parameter.name] == nil {
      guard let fallback = parameter.defaultValue else {
        throw ScenarioError(
          .argumentMissing(
            owner: owner, parameter: parameter.name, type: "\(parameter.type)", positional: Parameter.isUnlabeled(parameter.name)),
          column: endColumn)
      }
      values[parameter.name] = fallback
    }
    return Arguments(values: values, names: parameters.map(\.name), typed: typed)
  }

  /// `arguments` without `name`.
  package static func dropping(_ name: String, from arguments: Arguments) -> Arguments {
    var values = arguments.values
    values[name] = nil
    var typed = arguments.typed
    typed[name] = nil
    return Arguments(values: values, names: arguments.names.filter { $0 != name }, typed: typed)
  }

  /// The value of `name` as typed in the command language.
  public subscript(name: String) -> CommandValue? { values[name] }

  /// A string or enum-case argument.
  public func string(_ name: String) -> String { values[name]?.text ?? "" }
  /// An integer argument.
  public func int(_ name: String) -> Int { Int(commandValue: values[name] ?? .null) ?? 0 }
  /// A number argument.
  public func double(_ name: String) -> Double { Double(commandValue: values[name] ?? .null) ?? 0 }
  /// A boolean argument.
  public func bool(_ name: String) -> Bool { Bool(commandValue: values[name] ?? .null) ?? false }
  /// A duration argument.
  public func duration(_ name: String) -> Duration { Duration(commandValue: values[name] ?? .null) ?? .zero }
  /// A list argument (a parameter of type `.list(…)`), its elements as `T`.
  ///
  ///     Parameter("titles", .list(.string))   // respond api ok titles=["Milk", "Eggs"]
  ///     let titles = answer.arguments.list("titles", of: String.self)
  public func list<T: CommandValueConvertible>(_ name: String, of type: T.Type = T.self) -> [T] {
    guard case .list(let elements)? = values[name] else { return [] }
    return elements.compactMap(T.init(commandValue:))
  }
}
