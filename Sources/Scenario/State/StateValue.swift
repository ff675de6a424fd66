import Foundation
import Simulation

/// A view state as a tree of plain values, built by reflection with the view-model's own names.
///
/// Storage the compiler or a property wrapper adds is cleaned away: `_uiState` (from
/// `@Observable` or `@Published`) shows as `uiState`, `Published<T>` as its value, and the
/// observation registrar not at all. Collections of a `Set` are sorted and dictionaries sorted by
/// key, so nothing printed depends on hash order.
public enum StateValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  /// An enum case, with its associated values if it has any.
  case enumCase(type: String, name: String, values: [Field])
  case list([StateValue])
  case dictionary([(key: String, value: StateValue)])
  /// A struct, class or tuple, with its fields in declaration order.
  case record(type: String, fields: [Field])
  /// Anything else, by its description.
  case opaque(String)

  /// A named child of a record or an enum case's associated values.
  public struct Field: Equatable, Sendable {
    public var name: String
    public var value: StateValue
  }

  public static func == (lhs: StateValue, rhs: StateValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.enumCase(let t1, let n1, let v1), .enumCase(let t2, let n2, let v2)): return t1 == t2 && n1 == n2 && v1 == v2
    case (.list(let a), .list(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.record(let t1, let f1), .record(let t2, let f2)): return t1 == t2 && f1 == f2
    case (.opaque(let a), .opaque(let b)): return a == b
    default: return false
    }
  }
}

extension StateValue {
  /// Whether `other` is this value to the bit, so it renders to the same text: unlike `==`,
  /// `0.0` is not `-0.0`, a NaN is itself, and text is compared by its bytes (`==` finds
  /// `"é"` and `"e\u{301}"` equal, which print differently).
  func isIdentical(to other: StateValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)), (.opaque(let a), .opaque(let b)): return Self.same(a, b)
    case (.enumCase(let t1, let n1, let v1), .enumCase(let t2, let n2, let v2)):
      return Self.same(t1, t2) && Self.same(n1, n2) && Self.identical(v1, v2)
    case (.list(let a), .list(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
    case (.dictionary(let a), .dictionary(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { Self.same($0.key, $1.key) && $0.value.isIdentical(to: $1.value) }
    case (.record(let t1, let f1), .record(let t2, let f2)): return Self.same(t1, t2) && Self.identical(f1, f2)
    default: return false
    }
  }

  private static func identical(_ a: [Field], _ b: [Field]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { same($0.name, $1.name) && $0.value.isIdentical(to: $1.value) }
  }

  private static func same(_ a: String, _ b: String) -> Bool {
    a.utf8.elementsEqual(b.utf8)
  }

  /// Reflects `value` into a tree, `depth` levels at most.
  public static func reflecting(_ value: Any, depth: Int = 12) -> StateValue {
    var visiting: Set<ObjectIdentifier> = []
    return reflect(value, depth: depth, visiting: &visiting)
  }

  /// `reflecting(value)` for a value whose type the caller knows: the types a state holds most
  /// become their state value without being boxed in `Any` and cast back out.
  static func reflecting<Value>(typed value: Value) -> StateValue {
    if Value.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
    if Value.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if Value.self == String.self { return .string(Storage.shown(unsafeBitCast(value, to: String.self), root: sandbox)) }
    if Value.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
    return reflecting(value)
  }

  private static func reflect(_ value: Any, depth: Int, visiting: inout Set<ObjectIdentifier>) -> StateValue {
    if let common = common(value, depth: depth) { return common }
    switch kind(of: value) {
    case .plain:
      break
    case .scalar:
      if let scalar = scalar(value) { return scalar }
    case .representable:
      if let custom = value as? any StateRepresentable { return custom.stateValue }
    case .dynamic:
      if let cast = scalarOrRepresented(value) { return cast }
    case .optional(let optional):
      // Deeper than `depth`, an optional that holds no scalar shows as its type, below.
      if depth > 0 {
        guard let wrapped = optional.wrapped(value) else { return .null }
        return reflect(wrapped, depth: depth, visiting: &visiting)
      }
      if let cast = scalarOrRepresented(value) { return cast }
    case .array(let array):
      if depth > 0 { return .list(array.elements(value).map { reflect($0, depth: depth - 1, visiting: &visiting) }) }
    case .structFields(let reader):
      // Deeper than `depth`, a struct shows as its type, below.
      if depth > 0 {
        return .record(type: cleanTypeName(Swift.type(of: value)), fields: fields(reader.children(value), depth: depth, visiting: &visiting))
      }
    case .classFields(let reader):
      // As the mirror's `.class` case below, without the mirror.
      if depth > 0 {
        let object = reader.object(value)
        let id = ObjectIdentifier(object)
        if visiting.contains(id) { return .opaque("\(cleanTypeName(Swift.type(of: value)))(↩︎)") }
        visiting.insert(id)
        defer { visiting.remove(id) }
        return .record(type: cleanTypeName(Swift.type(of: value)), fields: fields(shown: reader.shownChildren(of: object), depth: depth, visiting: &visiting))
      }
    }
    let treatment = Plumbing.treatment(of: Swift.type(of: value))
    if case .published = treatment, let published = Plumbing.publishedValue(value) {
      return reflect(published, depth: depth, visiting: &visiting)
    }
    if let plumbing = Plumbing.shown(value, as: treatment) { return plumbing }
    let mirror = Mirror(reflecting: value)
    let typeName = cleanTypeName(mirror.subjectType)
    guard depth > 0 else { return .opaque("\(typeName)(…)") }
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return reflect(wrapped, depth: depth, visiting: &visiting)
    case .collection:
      return .list(mirror.children.map { reflect($0.value, depth: depth - 1, visiting: &visiting) })
    case .set:
      let elements = mirror.children.map { reflect($0.value, depth: depth - 1, visiting: &visiting) }
      return .list(elements.sorted { $0.sortKey < $1.sortKey })
    case .dictionary:
      var pairs: [(key: String, value: StateValue)] = []
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { continue }
        let key = reflect(pair[0], depth: depth - 1, visiting: &visiting)
        pairs.append((key.keyText, reflect(pair[1], depth: depth - 1, visiting: &visiting)))
      }
      return .dictionary(pairs.sorted { $0.key < $1.key })
    case .enum:
      let name: String
      var values: [Field] = []
      if let payload = mirror.children.first {
        name = payload.label ?? "case"
        let inner = Mirror(reflecting: payload.value)
        if inner.displayStyle == .tuple {
          for (index, child) in inner.children.enumerated() {
            let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_\(index)"
            values.append(Field(name: label, value: reflect(child.value, depth: depth - 1, visiting: &visiting)))
          }
        } else {
          values.append(Field(name: "_0", value: reflect(payload.value, depth: depth - 1, visiting: &visiting)))
        }
      } else {
        name = String(describing: value)
      }
      return .enumCase(type: typeName, name: name, values: values)
    case .class:
      let object = value as AnyObject
      let id = ObjectIdentifier(object)
      if visiting.contains(id) { return .opaque("\(typeName)(↩︎)") }
      visiting.insert(id)
      defer { visiting.remove(id) }
      var children = Plumbing.children(of: mirror, isClass: true)
      var superclass = mirror.superclassMirror
      while let parent = superclass {
        children.insert(contentsOf: Plumbing.children(of: parent, isClass: true), at: 0)
        superclass = parent.superclassMirror
      }
      return .record(type: typeName, fields: fields(children, depth: depth, visiting: &visiting))
    case .struct, .tuple:
      if isWrapper(typeName), let inner = mirror.children.first(where: { $0.label == "value" || $0.label == "wrappedValue" || $0.label == "storage" }) {
        return reflect(inner.value, depth: depth, visiting: &visiting)
      }
      return .record(type: mirror.displayStyle == .tuple ? "" : typeName, fields: fields(Plumbing.children(of: mirror, isClass: false), depth: depth, visiting: &visiting))
    default:
      if mirror.children.isEmpty { return .opaque(String(describing: value)) }
      return .record(type: typeName, fields: fields(Array(mirror.children), depth: depth, visiting: &visiting))
    }
  }

  private static func fields(_ children: [Mirror.Child], depth: Int, visiting: inout Set<ObjectIdentifier>) -> [Field] {
    var result: [Field] = []
    for (index, child) in children.enumerated() {
      guard let name = shownName(child.label, at: index) else { continue }
      result.append(Field(name: name, value: reflect(child.value, depth: depth - 1, visiting: &visiting)))
    }
    return result
  }

  /// `fields(children)` for children whose names `shownName` has already given.
  private static func fields(shown children: [(name: String, value: Any)], depth: Int, visiting: inout Set<ObjectIdentifier>) -> [Field] {
    var result: [Field] = []
    result.reserveCapacity(children.count)
    for child in children {
      result.append(Field(name: child.name, value: reflect(child.value, depth: depth - 1, visiting: &visiting)))
    }
    return result
  }

  /// The name a field with `label` at `index` shows under, or nil for storage that is not the
  /// view state (the observation registrar, a macro's storage, a property wrapper's projection).
  static func shownName(_ label: String?, at index: Int) -> String? {
    var name = label ?? "_\(index)"
    if name.hasPrefix("_$") || name.hasPrefix("$__") { return nil }  // observation registrar, macro storage
    if name.hasPrefix("_") && name.count > 1 && !name.dropFirst().first!.isNumber {
      name.removeFirst()  // `@Observable` / property-wrapper backing storage
    }
    if name.hasPrefix("$") { return nil }
    return name
  }

  private static func isWrapper(_ typeName: String) -> Bool {
    typeName.hasPrefix("Published<") || typeName.hasPrefix("State<") || typeName.hasPrefix("ObservationTracked<")
  }

  /// The storage sandbox's real folder, which the state spells `/sandbox` (it differs from
  /// process to process).
  private static let sandbox = Storage.root

  private static func scalar(_ value: Any) -> StateValue? {
    switch value {
    case let flag as Bool: return .bool(flag)
    case let text as String: return .string(Storage.shown(text, root: sandbox))
    case let text as Substring: return .string(String(text))
    case let character as Character: return .string(String(character))
    case let number as Int: return .int(number)
    case let number as Double: return .double(number)
    case let number as Float: return .double(Double(number))
    case let duration as Duration: return .opaque(duration.commandText)
    // Foundation's values print as themselves, not as their storage (a URL's parse ranges).
    case let url as URL: return .opaque("URL(\(Storage.shown(url.absoluteString, root: sandbox)))")
    case let uuid as UUID: return .opaque("UUID(\(uuid.uuidString))")
    case let date as Date: return .opaque("Date(\(date.formatted(.iso8601)))")
    case let data as Data: return .opaque("Data(\(data.count) bytes)")
    case let decimal as Decimal: return .opaque("\(decimal)")
    case let number as any BinaryInteger:
      if let exact = Int(exactly: number) { return .int(exact) }
      return .opaque(String(describing: number))
    default: return nil
    }
  }

  /// The values a state holds most, known by their type alone: `scalar` would try its casts
  /// one by one, and a list's mirror costs more than its elements.
  private static func common(_ value: Any, depth: Int) -> StateValue? {
    let type = Swift.type(of: value)
    if type == Int.self { return .int(value as! Int) }
    if type == String.self { return .string(Storage.shown(value as! String, root: sandbox)) }
    if type == Bool.self { return .bool(value as! Bool) }
    if type == Double.self { return .double(value as! Double) }
    // A list deeper than `depth` shows as its type, below.
    guard depth > 0 else { return nil }
    if type == [String].self { return .list((value as! [String]).map { .string(Storage.shown($0, root: sandbox)) }) }
    if type == [Int].self { return .list((value as! [Int]).map { .int($0) }) }
    return nil
  }

  /// The value as a scalar or as it represents itself, trying both casts (for a value whose
  /// type does not decide them).
  private static func scalarOrRepresented(_ value: Any) -> StateValue? {
    if let scalar = scalar(value) { return scalar }
    return (value as? any StateRepresentable)?.stateValue
  }

  /// How values of a type are reflected, when their type alone decides it.
  private enum Kind: Sendable {
    /// Neither a scalar nor `StateRepresentable`: looked inside.
    case plain
    /// A scalar (`scalar` answers).
    case scalar
    /// `StateRepresentable`, not a scalar.
    case representable
    /// What a cast answers depends on the value (see `kind(of:)`): both are tried each time.
    case dynamic
    /// An `Optional` looked through to what it holds, as its mirror would (the casts `dynamic`
    /// tries would look through it too), without a mirror.
    case optional(any OptionalMarker.Type)
    /// An `Array` whose mirror would list its elements, listed without a mirror.
    case array(any ArrayMarker.Type)
    /// A struct whose fields are all read through key paths, without a mirror.
    case structFields(StructFields)
    /// A class whose fields are all read at their offsets, without a mirror.
    case classFields(ClassFields)
  }

  /// Kinds by type: the casts `scalar` tries one by one cost more than the rest of reflecting a
  /// record, and a snapshot (one before and after each job off the main thread) reflects every
  /// value again; a failed cast to `BinaryInteger` alone is a conformance look-up.
  private static let kinds = TypeCache<Kind>()

  /// The kind of `value`'s type. What a cast answers depends on the value, not only its type,
  /// for an optional and an `AnyHashable` (they unwrap what they hold) and a Foundation object
  /// that bridges to a scalar (an `NSNumber` bridges to `Bool` or not by its value): those are
  /// `dynamic`. Any other class bridges to no scalar, so its type decides.
  private static func kind(of value: Any) -> Kind {
    let type = Swift.type(of: value)
    return kinds.value(for: type) { type in
      // Whether the type itself (not what it holds) is `StateRepresentable`.
      let representable = type is any StateRepresentable.Type
      let looked = Plumbing.treatment(of: type).isLook
      if let optional = type as? any OptionalMarker.Type {
        return !representable && looked ? .optional(optional) : .dynamic
      }
      if bridgesToScalar(type) || type == AnyHashable.self { return .dynamic }
      if scalar(value) != nil { return .scalar }
      if representable || value is any StateRepresentable { return .representable }
      if let array = type as? any ArrayMarker.Type, looked { return .array(array) }
      if looked, !(type is any CustomReflectable.Type),
        Mirror(reflecting: value).displayStyle == .struct, !isWrapper(cleanTypeName(type)),
        let fields = StructFields(type)
      {
        return .structFields(fields)
      }
      if looked, type is AnyClass, !(type is any CustomReflectable.Type), let fields = classFields(of: value) {
        return .classFields(fields)
      }
      return .plain
    }
  }

  /// The fields of `value`'s class read at their offsets, when they are what its mirrors list
  /// (see `ClassFields`).
  private static func classFields(of value: Any) -> ClassFields? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .class, let type = Swift.type(of: value) as? AnyClass else { return nil }
    var labels = Plumbing.children(of: mirror, isClass: true).map(\.label)
    var superclass = mirror.superclassMirror
    while let parent = superclass {
      labels.insert(contentsOf: Plumbing.children(of: parent, isClass: true).map(\.label), at: 0)
      superclass = parent.superclassMirror
    }
    return ClassFields(type, mirrorLabels: labels)
  }

  /// Whether instances of `type` may bridge to a scalar `scalar` casts to: Foundation's
  /// number, string, date, URL, UUID and data objects and their subclasses. Every other object
  /// (a `Timer`, a `JSONDecoder`, a `URLSession` a view-model holds) bridges to none of them,
  /// whatever its value, and fourteen failed casts per reading are most of what reading a
  /// view-model that holds one costs.
  private static func bridgesToScalar(_ type: Any.Type) -> Bool {
    guard type is NSObject.Type else { return false }
    return type is NSValue.Type || type is NSString.Type || type is NSDate.Type || type is NSURL.Type
      || type is NSUUID.Type || type is NSData.Type
  }

  /// Cleaned type names by type: computing one builds several strings, and a state has many values.
  private static let typeNames = TypeCache<String>()

  static func cleanTypeName(_ type: Any.Type) -> String {
    typeNames.value(for: type, compute: computeCleanTypeName)
  }

  private static func computeCleanTypeName(_ type: Any.Type) -> String {
    // Local and private types carry a context prefix ("(unknown context at $1234).") that would
    // leak an address into the output.
    let marker = Array("(unknown context at ")
    var characters = Array(typeName(type))
    var index = 0
    var result: [Character] = []
    while index < characters.count {
      if characters[index] == "(", index + marker.count <= characters.count,
        Array(characters[index..<index + marker.count]) == marker,
        let close = characters[index...].firstIndex(of: ")")
      {
        index = close + 1
        if index < characters.count, characters[index] == "." { index += 1 }
        continue
      }
      result.append(characters[index])
      index += 1
    }
    characters = result
    return String(characters)
  }

  /// A key for ordering set elements deterministically.
  var sortKey: String { StateRenderer.inline(self) ?? StateRenderer.render(self) }

  /// A dictionary key as text.
  var keyText: String {
    switch self {
    case .string(let text): return text
    default: return StateRenderer.inline(self) ?? StateRenderer.render(self)
    }
  }
}

/// A type that chooses how it appears in the view state.
public protocol StateRepresentable {
  /// The value shown, checked and compared for this instance.
  var stateValue: StateValue { get }
}

/// Marks `Optional`, whose casts look through to what it holds.
private protocol OptionalMarker: SendableMetatype {
  /// What `value` (an instance of this type) holds, if anything.
  static func wrapped(_ value: Any) -> Any?
}

extension Optional: OptionalMarker {
  static func wrapped(_ value: Any) -> Any? {
    (value as? Self)?.map { $0 as Any }
  }
}

/// Marks `Array`, whose elements are read without a mirror.
private protocol ArrayMarker: SendableMetatype {
  /// The elements of `value` (an instance of this type).
  static func elements(_ value: Any) -> [Any]
}

extension Array: ArrayMarker {
  static func elements(_ value: Any) -> [Any] {
    (value as? Self)?.map { $0 as Any } ?? []
  }
}
