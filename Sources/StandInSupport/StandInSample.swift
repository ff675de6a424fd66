import Foundation

/// Makes a value of a `Decodable` type from its own shape, with no JSON: its `init(from:)` runs
/// against a decoder that answers every question with the least it can. What `adopt` passes a
/// model for a value it cannot construct (Mastodon's `MastodonAuthentication`, whose `identifier`
/// is a type alias adopt cannot follow).
///
/// Strings are empty, numbers zero, booleans false, optionals absent, lists and dictionaries
/// empty, dates the reference date, UUIDs all zeros, URLs `https://example.com`, an enum of
/// cases without payloads its first case, and one with payloads its first case's.
///
/// ```swift
/// let authentication = try StandInSample.make(MastodonAuthentication.self)
/// ```
public enum StandInSample {
  /// A `T` made from its shape, or the error its `init(from:)` threw at what the sample lacks.
  public static func make<T: Decodable>(_ type: T.Type) throws -> T {
    try SampleValueDecoder(codingPath: []).value(T.self)
  }
}

extension StandIn {
  /// What an unanswered seam returning one of the app's `Decodable` types returns, where adopt
  /// could not make one of empty parts (home-assistant's `ServerInfo.fake()`): a value of its
  /// own shape (`StandInSample`). A type whose decoding rejects every such value traps, saying
  /// which answer to give instead.
  ///
  /// ```swift
  /// StandIn.call("ServerInfo.fake", "fake()", empty: StandIn.shapeSample(ServerInfo.self))
  /// ```
  public static func shapeSample<T: Decodable>(_ type: T.Type) -> T {
    do {
      return try StandInSample.make(T.self)
    } catch {
      fatalError(
        "vmrepl: a stand-in returning `\(T.self)` had no answer, and no value of its shape decodes (\(error)): "
          + "answer it with `stub MEMBER json=...` (the call is in the transcript above)")
    }
  }
}

/// The decoder behind `StandInSample`: every container it hands out answers the same way.
struct SampleValueDecoder: Decoder {
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(SampleKeyedContainer<Key>(codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { SampleUnkeyedContainer(codingPath: codingPath) }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { SampleSingleValueContainer(codingPath: codingPath) }

  /// A `T` at this path: Foundation's values as their own decoders would accept them (a UUID's
  /// decoder rejects an empty string), an enum of plain cases its first, else `T`'s own decoding.
  func value<T: Decodable>(_ type: T.Type) throws -> T {
    if let foundation = Self.foundationValue(T.self) { return foundation }
    if let first = EnumCases.make(T.self, index: 0) { return first }
    return try T(from: self)
  }

  static func foundationValue<T>(_ type: T.Type) -> T? {
    switch T.self {
    case is Date.Type: Date(timeIntervalSinceReferenceDate: 0) as? T
    case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T
    case is URL.Type: URL(string: "https://example.com") as? T
    case is Data.Type: Data() as? T
    case is Decimal.Type: Decimal(0) as? T
    default: nil
    }
  }
}

/// A keyed container of no keys but what a value needs: every optional absent, every required
/// key answered with the least value.
private struct SampleKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  var codingPath: [any CodingKey]

  /// An enum with payloads decodes from its one key: the first of its coding keys (an enum of
  /// plain cases, made from its tag); a struct's or a dictionary's none.
  var allKeys: [Key] { EnumCases.make(Key.self, index: 0).map { [$0] } ?? [] }

  func contains(_ key: Key) -> Bool { false }
  func decodeNil(forKey key: Key) throws -> Bool { true }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { false }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { "" }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { 0 }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { 0 }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { 0 }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { 0 }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { 0 }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { 0 }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { 0 }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { 0 }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { 0 }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { 0 }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { 0 }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { 0 }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try SampleValueDecoder(codingPath: codingPath + [key]).value(T.self)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(SampleKeyedContainer<NestedKey>(codingPath: codingPath + [key]))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    SampleUnkeyedContainer(codingPath: codingPath + [key])
  }

  func superDecoder() throws -> any Decoder { SampleValueDecoder(codingPath: codingPath) }
  func superDecoder(forKey key: Key) throws -> any Decoder { SampleValueDecoder(codingPath: codingPath + [key]) }
}

/// An empty list: it is at its end before its first element.
private struct SampleUnkeyedContainer: UnkeyedDecodingContainer {
  var codingPath: [any CodingKey]
  var count: Int? { 0 }
  var isAtEnd: Bool { true }
  var currentIndex: Int { 0 }

  mutating func decodeNil() throws -> Bool { true }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "a sample's list is empty"))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    throw DecodingError.valueNotFound(
      KeyedDecodingContainer<NestedKey>.self, .init(codingPath: codingPath, debugDescription: "a sample's list is empty"))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.valueNotFound(
      (any UnkeyedDecodingContainer).self, .init(codingPath: codingPath, debugDescription: "a sample's list is empty"))
  }

  mutating func superDecoder() throws -> any Decoder { SampleValueDecoder(codingPath: codingPath) }
}

/// One value: the least of its type; nil where an optional asks.
private struct SampleSingleValueContainer: SingleValueDecodingContainer {
  var codingPath: [any CodingKey]

  func decodeNil() -> Bool { true }
  func decode(_ type: Bool.Type) throws -> Bool { false }
  func decode(_ type: String.Type) throws -> String { "" }
  func decode(_ type: Double.Type) throws -> Double { 0 }
  func decode(_ type: Float.Type) throws -> Float { 0 }
  func decode(_ type: Int.Type) throws -> Int { 0 }
  func decode(_ type: Int8.Type) throws -> Int8 { 0 }
  func decode(_ type: Int16.Type) throws -> Int16 { 0 }
  func decode(_ type: Int32.Type) throws -> Int32 { 0 }
  func decode(_ type: Int64.Type) throws -> Int64 { 0 }
  func decode(_ type: UInt.Type) throws -> UInt { 0 }
  func decode(_ type: UInt8.Type) throws -> UInt8 { 0 }
  func decode(_ type: UInt16.Type) throws -> UInt16 { 0 }
  func decode(_ type: UInt32.Type) throws -> UInt32 { 0 }
  func decode(_ type: UInt64.Type) throws -> UInt64 { 0 }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try SampleValueDecoder(codingPath: codingPath).value(T.self)
  }
}
