/// A `Decoder` that drives an action enum's synthesized `init(from:)` three ways: to find its
/// coding keys (and so its case names), to find one case's associated values without running
/// anything, and to build the case from a command's bound arguments.
///
/// Synthesized enum decoding (SE-0295) reads a keyed container with exactly one key, the case
/// name, and then a nested keyed container with one key per associated value (its label, or
/// `_0`, `_1` for unlabeled ones), using `decodeIfPresent` for optionals. This decoder answers
/// exactly those calls and rejects the rest, so a hand-written `init(from:)` that expects JSON
/// gets a clear error instead of a wrong action.
struct ActionDecoder: Decoder {
  enum Mode {
    /// Record the coding-key type and stop.
    case discover
    /// Record the associated values of `caseName`, answering with placeholders.
    case probe
    /// Answer with the bound arguments.
    case decode(Arguments)
  }

  /// Thrown by `.discover` once the coding keys are known.
  struct Discovered: Error {
    var keyType: any CodingKey.Type
  }

  /// What `.probe` found.
  final class Probe {
    struct Field {
      var name: String
      var type: Any.Type
      var valueType: ParameterType
      var optional: Bool
    }
    var fields: [Field] = []
    var optionalKeys: Set<String> = []
  }

  /// A payload type the command line cannot write.
  struct UnsupportedPayload: Error {
    var field: String
    var type: Any.Type
  }

  /// A call the synthesized `init(from:)` never makes.
  struct NotSynthesized: Error, CustomStringConvertible {
    var call: String
    var description: String { "its init(from:) called \(call), which the synthesized one never does" }
  }

  /// An argument whose value does not fit the Swift type (300 for a `UInt8`).
  struct DoesNotFit: Error {
    var field: String
    var value: CommandValue
    var type: Any.Type
  }

  let mode: Mode
  /// The case's coded name: its Swift name unless the enum's `CodingKeys` rename it.
  let caseName: String
  let probe = Probe()

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if case .discover = mode { throw Discovered(keyType: type) }
    return KeyedDecodingContainer(CaseContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw NotSynthesized(call: "unkeyedContainer()")
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw NotSynthesized(call: "singleValueContainer()")
  }

  /// The outer container: one key, the case name.
  struct CaseContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ActionDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { Key(stringValue: decoder.caseName).map { [$0] } ?? [] }
    func contains(_ key: Key) -> Bool { key.stringValue == decoder.caseName }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      throw NotSynthesized(call: "decode(_:forKey: \(key.stringValue))")
    }
    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      KeyedDecodingContainer(
        PayloadContainer<NestedKey>(decoder: decoder, codingPath: [key], keyNames: CodingKeyNames(NestedKey.self)))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw NotSynthesized(call: "nestedUnkeyedContainer(forKey:)")
    }
    func superDecoder() throws -> any Decoder { throw NotSynthesized(call: "superDecoder()") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw NotSynthesized(call: "superDecoder(forKey:)") }
  }

  /// The case's associated values.
  struct PayloadContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ActionDecoder
    let codingPath: [any CodingKey]
    /// The Swift labels of the associated values and what they code as.
    let keyNames: CodingKeyNames?
    var allKeys: [Key] {
      guard case .decode(let arguments) = decoder.mode else { return [] }
      return arguments.names.compactMap { Key(stringValue: keyNames?.coded($0) ?? $0) }
    }

    /// The argument's name on the command line: the Swift label, even when the case's coding
    /// keys rename it.
    private func name(of key: Key) -> String {
      keyNames?.name(key.stringValue) ?? key.stringValue
    }

    func contains(_ key: Key) -> Bool {
      switch decoder.mode {
      case .discover: return false
      case .probe:
        // `decodeIfPresent` asks first: that is how an optional associated value shows itself.
        decoder.probe.optionalKeys.insert(name(of: key))
        return true
      case .decode(let arguments):
        return arguments[name(of: key)].map { $0 != .null } ?? false
      }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      guard case .decode(let arguments) = decoder.mode else { return false }
      return (arguments[name(of: key)] ?? .null) == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let name = name(of: key)
      switch decoder.mode {
      case .discover:
        throw NotSynthesized(call: "decode before the container")
      case .probe:
        guard let valueType = PayloadConversion.valueType(of: type), let placeholder = PayloadConversion.placeholder(type) else {
          throw UnsupportedPayload(field: name, type: type)
        }
        decoder.probe.fields.append(
          Probe.Field(
            name: name, type: type, valueType: valueType, optional: decoder.probe.optionalKeys.contains(name)))
        return placeholder
      case .decode(let arguments):
        let value = arguments[name] ?? .null
        guard let made = PayloadConversion.make(type, from: value) else {
          throw DoesNotFit(field: name, value: value, type: type)
        }
        return made
      }
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw UnsupportedPayload(field: key.stringValue, type: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw NotSynthesized(call: "nestedUnkeyedContainer(forKey: \(key.stringValue))")
    }
    func superDecoder() throws -> any Decoder { throw NotSynthesized(call: "superDecoder()") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw NotSynthesized(call: "superDecoder(forKey:)") }
  }
}
