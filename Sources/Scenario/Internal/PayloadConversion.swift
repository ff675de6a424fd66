/// The command-language side of an action enum's associated values: which `ParameterType` a Swift
/// payload type is written as, and the Swift value for a bound command value.
enum PayloadConversion {
  /// The type a payload of `type` is written as, or nil when the command line cannot write it.
  static func valueType<T>(of type: T.Type) -> ParameterType? {
    if let convertible = type as? any CommandValueConvertible.Type { return convertible.valueType }
    if type is any BinaryInteger.Type { return .int }
    if type is any BinaryFloatingPoint.Type { return .double }
    if let cases = type as? any (CaseIterable & RawRepresentable).Type { return .oneOf(rawNames(cases)) }
    if let list = type as? any PayloadList.Type { return list.elementValueType.map(ParameterType.list) }
    return nil
  }

  /// The Swift value for `value` (already converted to `valueType(of:)`), or nil when it does not
  /// fit (an integer too large for `Int8`, say).
  static func make<T>(_ type: T.Type, from value: CommandValue) -> T? {
    if let convertible = type as? any CommandValueConvertible.Type {
      return convertible.init(commandValue: value) as? T
    }
    if let integer = type as? any BinaryInteger.Type, case .int(let number) = value {
      return exactly(integer, number) as? T
    }
    if let floating = type as? any BinaryFloatingPoint.Type {
      switch value {
      case .double(let number): return floating.init(number) as? T
      case .int(let number): return floating.init(number) as? T
      default: return nil
      }
    }
    if let cases = type as? any (CaseIterable & RawRepresentable).Type, let name = value.text {
      return matching(cases, name) as? T
    }
    if let list = type as? any PayloadList.Type, case .list(let values) = value {
      return list.make(values) as? T
    }
    return nil
  }

  /// A placeholder of `type`, for finding out an action's shape without running it.
  static func placeholder<T>(_ type: T.Type) -> T? {
    switch valueType(of: type) {
    case .string: return make(type, from: .string(""))
    case .int: return make(type, from: .int(0))
    case .double: return make(type, from: .double(0))
    case .bool: return make(type, from: .bool(false))
    case .duration: return make(type, from: .duration(.zero))
    case .oneOf(let names): return names.first.flatMap { make(type, from: .word($0)) }
    case .list: return make(type, from: .list([]))
    case .value: return make(type, from: .null)
    case nil: return nil
    }
  }

  private static func rawNames<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> [String] {
    E.allCases.map { String(describing: $0.rawValue) }
  }

  private static func matching<E: CaseIterable & RawRepresentable>(_ type: E.Type, _ name: String) -> E? {
    E.allCases.first { String(describing: $0.rawValue) == name }
  }

  private static func exactly<I: BinaryInteger>(_ type: I.Type, _ number: Int) -> I? {
    I(exactly: number)
  }
}

/// An array payload (`case tag(ids: [Int])`), written as a list whose elements are any payload
/// type the command line can write.
protocol PayloadList {
  static var elementType: Any.Type { get }
  static var elementValueType: ParameterType? { get }
  static func make(_ values: [CommandValue]) -> Self?
}

extension Array: PayloadList {
  static var elementType: Any.Type { Element.self }
  static var elementValueType: ParameterType? { PayloadConversion.valueType(of: Element.self) }

  static func make(_ values: [CommandValue]) -> [Element]? {
    var elements: [Element] = []
    for value in values {
      guard let element = PayloadConversion.make(Element.self, from: value) else { return nil }
      elements.append(element)
    }
    return elements
  }
}
