/// A type with a value a stand-in may return when nobody answered: `nil`, empty.
public protocol StandInDefault {
  /// The value returned unasked.
  static var standInDefault: Self { get }
}

extension Optional: StandInDefault {
  public static var standInDefault: Self { nil }
}

extension Array: StandInDefault {
  public static var standInDefault: Self { [] }
}

extension Dictionary: StandInDefault {
  public static var standInDefault: Self { [:] }
}

extension Set: StandInDefault {
  public static var standInDefault: Self { [] }
}

/// A string is a collection of characters: unasked, it is empty, as a list is (a localized
/// string table's lookup, a formatter's text), and the transcript says so.
extension String: StandInDefault {
  public static var standInDefault: Self { "" }
}

extension Substring: StandInDefault {
  public static var standInDefault: Self { "" }
}
