import Foundation
import ScenarioLanguage
import StandInSupport

/// A JSON value a sample decoding built: ScenarioLanguage's writer, keys in the order the
/// type's `init(from:)` asked for them.
typealias SampleJSON = JSON.Node

/// Builds a JSON body that decodes into a `Decodable` type by running the type's own
/// `init(from:)` against a decoder that answers every question and writes the answer down.
///
/// Strings are `echo` (the request's last path word or query value, so that two requests get
/// two answers a state can tell apart), numbers 1, booleans true (false for a flag of an
/// exceptional state, `expired`; the flag a write's verb names as the verb says, `SampleVerb`),
/// optionals present, lists of
/// `count` elements; `URL`, `UUID` and `Date` get values their decoders accept. At the
/// `boundary`, numbers are 0, strings empty and booleans false, but for identities.
enum SampleBody {
  static func json<T: Decodable>(
    for type: T.Type, echo: String, count: Int, dates: String? = nil, boundary: Bool = false, asked: String? = nil, verb: SampleVerb? = nil
  ) -> String? {
    let recorder = SampleRecorder(echo: echo, count: count)
    recorder.verb = verb
    recorder.dates = dates
    recorder.boundary = boundary
    recorder.asked = asked
    recorder.enter(type)
    do {
      _ = try T(from: SampleDecoderImpl(recorder: recorder, path: []))
    } catch {
      return nil
    }
    return recorder.root.map(JSON.write)
  }
}

/// Where the answers are written down, as a tree keyed by coding paths.
final class SampleRecorder {
  let echo: String
  let count: Int
  /// How the app's decoder reads dates (`ResponseRoute.dates`); nil: JSONDecoder's default.
  var dates: String?
  /// Whether values are at their edge: 0, empty, false (`ProbeAnswer.boundary`).
  var boundary = false
  /// The id the request asked for (`ResponseTypes.askedID`): the answer's own `id` or `uuid`,
  /// at its top, is that one.
  var asked: String?

  /// The verb a write's path ends in (`/statuses/1/unfavourite`): the flag it sets is answered so.
  var verb: SampleVerb?

  /// The id the request asked for, where `path` is the answer's own identity (`id` or `uuid`
  /// at its top, not a list's element's or a nested record's).
  func askedIdentity(at path: [String]) -> String? {
    guard let asked, path.count == 1, ["id", "uuid"].contains(path[0].lowercased()) else { return nil }
    return asked
  }

  /// Whether the value at `path` is at its edge: not an identity (`id`, `userID`, `uuid`),
  /// whose zero or empty value two elements or two answers would share where no server would.
  func atEdge(_ path: [String]) -> Bool {
    guard boundary else { return false }
    let key = path.last(where: { Int($0) == nil }) ?? ""
    let lower = key.lowercased()
    return !(lower == "id" || lower == "uuid" || lower.hasSuffix("_id") || key.hasSuffix("Id") || key.hasSuffix("ID") || lower.hasSuffix("uuid"))
  }

  /// The words of a flag that says a record is out of its ordinary state (`expired`,
  /// `isDeleted`, `blocked_by`): a server answers most records with them false, and an app
  /// guards on them (`guard !poll.expired`), so a sample with them true would stop the very
  /// work the probe is there to see. Every other flag is true.
  static let exceptionalWords: Set<String> = [
    "expired", "deleted", "archived", "blocked", "blocking", "muted", "muting", "hidden", "disabled", "locked", "banned",
    "suspended", "failed", "invalid", "cancelled", "canceled", "removed", "spam", "error", "deactivated", "silenced",
    "limited", "restricted", "revoked", "outdated", "sensitive", "closed",
  ]

  /// Whether the flag at `path` names an exceptional state (`exceptionalWords`), by any word of
  /// its key, in camel case or snake case.
  static func namesAnExceptionalState(_ path: [String]) -> Bool {
    guard let key = path.last(where: { Int($0) == nil }) else { return false }
    var words: [String] = []
    var word = ""
    for character in key {
      if character == "_" || character == "-" {
        words.append(word)
        word = ""
      } else if character.isUppercase, !word.isEmpty {
        words.append(word)
        word = String(character)
      } else {
        word.append(character)
      }
    }
    words.append(word)
    return words.contains { exceptionalWords.contains($0.lowercased()) }
  }

  private var values: [String: SampleJSON] = [:]
  private var containers: [String: Container] = [:]
  private var order: [String: [String]] = [:]

  enum Container { case keyed, unkeyed }

  init(echo: String, count: Int) {
    self.echo = echo
    self.count = count
  }

  static func key(_ path: [String]) -> String { path.joined(separator: "\u{1}") }

  func container(_ kind: Container, at path: [String]) {
    let key = Self.key(path)
    if containers[key] == nil { containers[key] = kind }
    note(path)
  }

  func value(_ value: SampleJSON, at path: [String]) {
    values[Self.key(path)] = value
    note(path)
  }

  /// Forgets what was written at `path` and under it: an optional value that could not be made.
  func discard(_ path: [String]) {
    let key = Self.key(path)
    let below = key + "\u{1}"
    values = values.filter { $0.key != key && !$0.key.hasPrefix(below) }
    containers = containers.filter { $0.key != key && !$0.key.hasPrefix(below) }
    order = order.filter { $0.key != key && !$0.key.hasPrefix(below) }
    if let last = path.last { order[Self.key(Array(path.dropLast()))]?.removeAll { $0 == last } }
  }

  /// The types being made, innermost last: a type met inside itself (`moved: Account?`) is
  /// absent there, or the sample would never end.
  private(set) var making: [ObjectIdentifier] = []
  func enter(_ type: Any.Type) { making.append(ObjectIdentifier(type)) }
  func leave() { making.removeLast() }
  func isMaking(_ type: Any.Type) -> Bool { making.contains(ObjectIdentifier(type)) }

  /// How deep lists may nest: a list of a type inside itself (`replies: [Comment]`) is empty
  /// below this many levels.
  static let listDepth = 6

  private func note(_ path: [String]) {
    guard let last = path.last else { return }
    let parent = Self.key(Array(path.dropLast()))
    if !(order[parent]?.contains(last) ?? false) { order[parent, default: []].append(last) }
  }

  var root: SampleJSON? { build([]) }

  private func build(_ path: [String]) -> SampleJSON? {
    let key = Self.key(path)
    if let value = values[key] { return value }
    switch containers[key] {
    case .keyed?: return .object((order[key] ?? []).compactMap { child in build(path + [child]).map { (child, $0) } })
    case .unkeyed?: return .array((order[key] ?? []).compactMap { build(path + [$0]) })
    case nil: return nil
    }
  }
}

struct SampleDecoderImpl: Decoder {
  let recorder: SampleRecorder
  let path: [String]
  var codingPath: [any CodingKey] { path.map(SampleKey.init(stringValue:)) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    recorder.container(.keyed, at: path)
    return KeyedDecodingContainer(SampleKeyed<Key>(recorder: recorder, path: path))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    recorder.container(.unkeyed, at: path)
    return SampleUnkeyed(recorder: recorder, path: path)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SampleSingle(recorder: recorder, path: path)
  }
}

struct SampleKey: CodingKey {
  var stringValue: String
  var intValue: Int? { Int(stringValue) }
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) { self.stringValue = String(intValue) }
}

/// Which element of the lists on `path` a value is in, from 1: the first element of every list
/// is 1, the second 2. Values of different elements differ (ids above all: an app that keys a
/// dictionary by them would trap on two equal ones), and a list of one is as before.
private func ordinal(_ path: [String]) -> Int {
  1 + path.compactMap { Int($0) }.reduce(0, +)
}

/// The answer to one question of a decoding, written down at `path`.
private func answer<T: Decodable>(_ type: T.Type, recorder: SampleRecorder, path: [String]) throws -> T {
  let element = ordinal(path)
  if let asked = recorder.askedIdentity(at: path), let identity = identityValue(type, asked) {
    recorder.value(identity.json, at: path)
    return identity.value
  }
  if type == Bool.self, let flag = recorder.verb?.flag(at: path) {
    recorder.value(.bool(flag), at: path)
    return flag as! T
  }
  if recorder.atEdge(path), let edge = edgeValue(type) {
    recorder.value(edge.json, at: path)
    return edge.value
  }
  switch type {
  case is String.Type:
    let text = element == 1 ? recorder.echo : "\(recorder.echo) \(element)"
    recorder.value(.string(text), at: path)
    return text as! T
  case is Bool.Type:
    let flag = !SampleRecorder.namesAnExceptionalState(path)
    recorder.value(.bool(flag), at: path)
    return flag as! T
  case is URL.Type:
    let url = "https://example.com/" + recorder.echo + (element == 1 ? "" : "/\(element)")
    recorder.value(.string(url), at: path)
    return URL(string: url)! as! T
  case is UUID.Type:
    let uuid = "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - String(element).count) + String(element)
    recorder.value(.string(uuid), at: path)
    return UUID(uuidString: uuid)! as! T
  case is Date.Type:
    // As the app's decoder reads dates; by default, seconds since 2001-01-01.
    recorder.value(SampleDates.value(recorder.dates), at: path)
    return Date(timeIntervalSinceReferenceDate: 0) as! T
  case is Decimal.Type:
    recorder.value(.number("\(element)"), at: path)
    return Decimal(element) as! T
  case is Double.Type, is Float.Type:
    let value = Double(element) + 0.5
    recorder.value(.number("\(value)"), at: path)
    return (type == Double.self ? value as Any : Float(value) as Any) as! T
  case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt8.Type, is UInt16.Type,
    is UInt32.Type, is UInt64.Type:
    recorder.value(.number("\(element)"), at: path)
    return try T(from: IntegerDecoder(value: element))
  default:
    // An enum of raw values that lists its cases (`enum Visibility: String, CaseIterable`): one
    // of its cases, in turn by element, where a sampled string would not decode.
    if let cases = type as? any (CaseIterable & RawRepresentable).Type, let made = someCase(cases, element: element) {
      recorder.value(made.json, at: path)
      return made.value as! T
    }
    // One that does not list them (`enum Kind: String, Codable`): its cases made from their
    // numbers, in turn by element, as for one that does.
    if let raw = type as? any RawRepresentable.Type, let made = someRawCase(raw, element: element) {
      recorder.value(made.json, at: path)
      return made.value as! T
    }
    recorder.enter(type)
    defer { recorder.leave() }
    return try T(from: SampleDecoderImpl(recorder: recorder, path: path))
  }
}

/// A value of `type` at its edge, and its JSON: 0, an empty string, false; nil for any other type.
/// The id `asked` as a value of `type`: a string as it is, an integer or a UUID where it spells
/// one; nil otherwise (the answer's id is then sampled as ever).
private func identityValue<T: Decodable>(_ type: T.Type, _ asked: String) -> (value: T, json: SampleJSON)? {
  switch type {
  case is String.Type: return (asked as! T, .string(asked))
  case is UUID.Type:
    guard let uuid = UUID(uuidString: asked) else { return nil }
    return (uuid as! T, .string(asked))
  default:
    guard let integer = type as? any FixedWidthInteger.Type, let number = Int(asked), let value = integer.init(exactly: number) else { return nil }
    return (value as! T, .number(String(number)))
  }
}

private func edgeValue<T: Decodable>(_ type: T.Type) -> (value: T, json: SampleJSON)? {
  switch type {
  case is String.Type: return ("" as! T, .string(""))
  case is Bool.Type: return (false as! T, .bool(false))
  case is Double.Type: return (0.0 as! T, .number("0"))
  case is Float.Type: return (Float(0) as! T, .number("0"))
  case is Decimal.Type: return (Decimal(0) as! T, .number("0"))
  default:
    guard let integer = type as? any FixedWidthInteger.Type else { return nil }
    return (integer.init(0) as! T, .number("0"))
  }
}

/// The case of `type` for the `element`-th element (declaration order, around again), with its
/// raw value as JSON; nil for an enum with no cases or raw values other than strings and integers.
private func someCase<C: CaseIterable & RawRepresentable>(_ type: C.Type, element: Int) -> (value: Any, json: SampleJSON)? {
  let all = Array(type.allCases)
  guard !all.isEmpty else { return nil }
  let chosen = all[(element - 1) % all.count]
  switch chosen.rawValue {
  case let text as String: return (chosen, .string(text))
  case let number as Int: return (chosen, .number("\(number)"))
  default: return nil
  }
}

/// The case of `type`, an enum of raw values without payloads, for the `element`-th element
/// (declaration order, around again), with its raw value as JSON; nil for any other type.
private func someRawCase<R: RawRepresentable>(_ type: R.Type, element: Int) -> (value: Any, json: SampleJSON)? {
  guard let count = EnumCases.count(of: type), let chosen = EnumCases.make(type, index: (element - 1) % count) else { return nil }
  switch chosen.rawValue {
  case let text as String: return (chosen, .string(text))
  case let number as Int: return (chosen, .number("\(number)"))
  default: return nil
  }
}

/// Decodes any fixed-width integer as `value`.
private struct IntegerDecoder: Decoder, SingleValueDecodingContainer {
  var value = 1
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw SampleFailure() }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw SampleFailure() }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
  func decodeNil() -> Bool { false }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let integer = type as? any FixedWidthInteger.Type { return integer.init(value) as! T }
    throw SampleFailure()
  }
}

struct SampleFailure: Error {}

private struct SampleKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let recorder: SampleRecorder
  let path: [String]
  var codingPath: [any CodingKey] { path.map(SampleKey.init(stringValue:)) }
  var allKeys: [Key] { [] }
  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { false }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try answer(type, recorder: recorder, path: path + [key.stringValue])
  }
  /// An optional value: present where it can be made, `null` where it cannot (an enum of raw
  /// values nobody knows here) or where its type is being made already (`moved: Account?`).
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let child = path + [key.stringValue]
    guard !recorder.isMaking(type) else {
      recorder.value(.null, at: child)
      return nil
    }
    do {
      return try answer(type, recorder: recorder, path: child)
    } catch {
      recorder.discard(child)
      recorder.value(.null, at: child)
      return nil
    }
  }
  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
    recorder.container(.keyed, at: path + [key.stringValue])
    return KeyedDecodingContainer(SampleKeyed<NestedKey>(recorder: recorder, path: path + [key.stringValue]))
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    recorder.container(.unkeyed, at: path + [key.stringValue])
    return SampleUnkeyed(recorder: recorder, path: path + [key.stringValue])
  }
  func superDecoder() throws -> any Decoder { SampleDecoderImpl(recorder: recorder, path: path + ["super"]) }
  func superDecoder(forKey key: Key) throws -> any Decoder { SampleDecoderImpl(recorder: recorder, path: path + [key.stringValue]) }
}

private struct SampleUnkeyed: UnkeyedDecodingContainer {
  let recorder: SampleRecorder
  let path: [String]
  var currentIndex = 0
  var codingPath: [any CodingKey] { path.map(SampleKey.init(stringValue:)) }
  var count: Int? { limit }
  var isAtEnd: Bool { currentIndex >= limit }
  /// How many elements it holds: none below `SampleRecorder.listDepth` nested lists.
  private var limit: Int { path.filter { Int($0) != nil }.count >= SampleRecorder.listDepth ? 0 : recorder.count }

  init(recorder: SampleRecorder, path: [String]) {
    self.recorder = recorder
    self.path = path
  }

  private mutating func nextPath() -> [String] {
    defer { currentIndex += 1 }
    return path + [String(currentIndex)]
  }

  mutating func decodeNil() throws -> Bool { false }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard !isAtEnd else { throw SampleFailure() }
    return try answer(type, recorder: recorder, path: nextPath())
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    let path = nextPath()
    recorder.container(.keyed, at: path)
    return KeyedDecodingContainer(SampleKeyed<NestedKey>(recorder: recorder, path: path))
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let path = nextPath()
    recorder.container(.unkeyed, at: path)
    return SampleUnkeyed(recorder: recorder, path: path)
  }
  mutating func superDecoder() throws -> any Decoder { SampleDecoderImpl(recorder: recorder, path: nextPath()) }
}

private struct SampleSingle: SingleValueDecodingContainer {
  let recorder: SampleRecorder
  let path: [String]
  var codingPath: [any CodingKey] { path.map(SampleKey.init(stringValue:)) }
  func decodeNil() -> Bool { false }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try answer(type, recorder: recorder, path: path) }
}

/// A date as each `JSONDecoder.DateDecodingStrategy` reads it: 2001-01-01 00:00 UTC.
enum SampleDates {
  static func value(_ strategy: String?) -> SampleJSON {
    switch strategy {
    case "iso8601"?: return .string("2001-01-01T00:00:00Z")
    case "secondsSince1970"?: return .number("978307200")
    case "millisecondsSince1970"?: return .number("978307200000")
    case let strategy? where strategy.hasPrefix("format:"):
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = String(strategy.dropFirst("format:".count))
      return .string(formatter.string(from: Date(timeIntervalSinceReferenceDate: 0)))
    default: return .number("0")
    }
  }
}
