@_spi(Reflection) import Swift

/// What a view-model keeps in its stored properties that can cancel work: a `Task` handle, a
/// `Timer`, Combine subscriptions (`AnyCancellable`, one or a set), a `DispatchWorkItem`, a
/// Dispatch source. Found by reflection, through optionals, arrays, sets and dictionaries.
///
/// A step's hidden work is *held* by the properties that gained a handle during that step
/// (`searchTask = Task { ... }`, `timer = Timer.scheduledTimer(...)`, `.store(in: &cancellables)`),
/// and stays held while the property still holds that handle: then the view-model can cancel it,
/// and reports say so instead of "nothing can await or cancel it".
@MainActor
struct HeldHandles {
  /// A property that holds handles, with what kind they are and each one's identity.
  struct Holding {
    var property: String
    var kind: String
    var handles: Set<AnyHashable>

    /// The addresses of the tasks its `Task` handles hold (never printed).
    var tasks: Set<UInt> {
      Set(handles.compactMap { ($0.base as? any TaskAddress)?.taskAddress })
    }
  }

  /// A property that can hold handles: where `Mirror` finds it (how many superclass mirrors up,
  /// which child there), its name and what kind of handle it holds.
  private struct Candidate {
    var level: Int
    var index: Int
    var label: String
    var kind: String
    /// The field's type, as `typeName(of:)` names its value.
    var typeName: String
    /// Reads the field straight from the object's storage, for a field no weak or unowned
    /// reference can be (see `directReaders`); nil: read through the mirror.
    var read: ((AnyObject) -> Any)?
  }

  /// Which properties of a type can hold handles, found once per type from their declared types.
  private static var candidates: [ObjectIdentifier: [Candidate]] = [:]
  /// Whether a value of a type (not a class, a container) is a handle, by its name, asked once.
  private static var handleTypes: [ObjectIdentifier: Bool] = [:]
  /// A number for each object handle, given at its first sighting. Its address is no identity:
  /// the next handle allocated takes the address a freed one leaves (a new `AnyCancellable`
  /// after `cancel()`), and matching by address then gave work to a handle that never held it,
  /// one run in two, as the allocator pleased.
  private static var serials: [ObjectIdentifier: (object: WeakObject, number: Int)] = [:]
  private static var lastSerial = 0

  private final class WeakObject {
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
  }

  /// `object`'s number: the one it was given, or a new one for an object never seen (one at an
  /// address a freed object had is another object).
  private static func serial(of object: AnyObject) -> AnyHashable {
    let key = ObjectIdentifier(object)
    if let known = serials[key], known.object.value === object { return AnyHashable(known.number) }
    lastSerial += 1
    serials[key] = (WeakObject(object), lastSerial)
    return AnyHashable(lastSerial)
  }

  /// The handles `object`'s properties hold now; empty, and cheap, for a type with none.
  static func scan(_ object: AnyObject) -> [Holding] {
    let key = ObjectIdentifier(type(of: object))
    // A type with no such property (most view-models) costs a dictionary look-up per step.
    if let known = candidates[key], known.isEmpty { return [] }
    // Made only for a field read through it: making one costs more than reading every field.
    var madeMirror: Mirror?
    func mirror() -> Mirror {
      if let madeMirror { return madeMirror }
      let made = Mirror(reflecting: object)
      madeMirror = made
      return made
    }
    let known = candidates[key] ?? {
      let found = directReaders(for: type(of: object), findCandidates(mirror()), mirror: mirror())
      candidates[key] = found
      return found
    }()
    guard !known.isEmpty else { return [] }
    // Only the candidates' fields are read: a mirror's child reads its field's type by its
    // mangled name each time, and a view-model has many fields that hold no handle.
    var holdings: [Holding] = []
    for candidate in known {
      if let read = candidate.read {
        var handles: Set<AnyHashable> = []
        collect(read(object), into: &handles, depth: 0)
        holdings.append(Holding(property: Self.shown(candidate.label), kind: candidate.kind, handles: handles))
        continue
      }
      var level = mirror()
      for _ in 0..<candidate.level {
        guard let parent = level.superclassMirror else { return holdings }
        level = parent
      }
      let children = level.children
      guard candidate.index < children.count else { continue }
      let child = children[children.index(children.startIndex, offsetBy: candidate.index)]
      var handles: Set<AnyHashable> = []
      collect(child.value, into: &handles, depth: 0)
      holdings.append(Holding(property: Self.shown(candidate.label), kind: candidate.kind, handles: handles))
    }
    return holdings
  }

  /// Gives the candidates whose field holds `Task`s, or a set or an array of subscriptions, a
  /// reader of the field's storage: a mirror costs as much as the rest of a step's bookkeeping.
  ///
  /// Only those: a weak or unowned field has storage of another layout than its type's, and
  /// nothing but the mirror tells one apart; a `Task` is a struct and a set or an array is one,
  /// which no `weak` or `unowned` can qualify. The runtime's field list (`_forEachField`, the
  /// root class's fields first) must name each such field where the mirror does, or the mirror
  /// stays.
  private static func directReaders(for type: AnyObject.Type, _ found: [Candidate], mirror: Mirror) -> [Candidate] {
    guard found.contains(where: isStructField) else { return found }
    var fields: [(name: String, offset: Int, type: Any.Type)] = []
    // `.classType`, a static `var` Swift 6 will not read from here.
    let complete = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { name, offset, type, _ in
      fields.append((String(cString: name), offset, type))
      return true
    }
    guard complete else { return found }
    // Fields per mirror level, the class itself first: the runtime's list runs the other way.
    var counts: [Int] = []
    var next: Mirror? = mirror
    while let current = next {
      counts.append(current.children.count)
      next = current.superclassMirror
    }
    guard counts.reduce(0, +) == fields.count else { return found }
    return found.map { candidate in
      guard isStructField(candidate) else { return candidate }
      let position = counts[(candidate.level + 1)...].reduce(0, +) + candidate.index
      let field = fields[position]
      guard field.name == candidate.label else { return candidate }
      var direct = candidate
      direct.read = reader(field.type, offset: field.offset)
      return direct
    }
  }

  private static func isStructField(_ candidate: Candidate) -> Bool {
    candidate.kind == taskKind
      || candidate.kind == subscriptionsKind && (candidate.typeName.hasPrefix("Set<") || candidate.typeName.hasPrefix("Array<"))
  }

  /// Reads a value of `type` at `offset` in an object's storage (the caller keeps the object alive).
  private static func reader(_ type: Any.Type, offset: Int) -> (AnyObject) -> Any {
    func typed<Field>(_: Field.Type) -> (AnyObject) -> Any {
      { object in UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(fromByteOffset: offset, as: Field.self) }
    }
    return _openExistential(type, do: typed)
  }

  /// The model's own holdings, then the subscriptions of objects it keeps (one level down), by
  /// path: a data service's `service.cancellables`, whose pipeline a request may belong to.
  static func scanWithNested(_ object: AnyObject) -> [Holding] {
    let own = scan(object)
    let key = ObjectIdentifier(type(of: object))
    let fields = nestedFields[key] ?? {
      // Found once per type: the fields holding an object whose type keeps subscriptions.
      var found: [String] = []
      var next: Mirror? = Mirror(reflecting: object)
      while let mirror = next {
        for child in mirror.children {
          guard let label = child.label, Mirror(reflecting: child.value).displayStyle == .class,
            kind(ofTypeName: typeName(of: child.value)) == nil
          else { continue }
          let nested = child.value as AnyObject
          if nested !== object, scan(nested).contains(where: { $0.kind == subscriptionsKind }) { found.append(label) }
        }
        next = mirror.superclassMirror
      }
      nestedFields[key] = found
      return found
    }()
    guard !fields.isEmpty else { return own }
    var nested: [Holding] = []
    var next: Mirror? = Mirror(reflecting: object)
    while let mirror = next {
      for child in mirror.children {
        guard let label = child.label, fields.contains(label), Mirror(reflecting: child.value).displayStyle == .class else { continue }
        for holding in scan(child.value as AnyObject) where holding.kind == subscriptionsKind {
          nested.append(Holding(property: "\(shown(label)).\(holding.property)", kind: holding.kind, handles: holding.handles))
        }
      }
      next = mirror.superclassMirror
    }
    return own + nested
  }

  /// The fields of a type that hold an object keeping subscriptions, by type.
  private static var nestedFields: [ObjectIdentifier: [String]] = [:]

  /// The properties of `after` that hold a handle `before` did not have.
  static func gained(from before: [Holding], to after: [Holding]) -> [(property: String, kind: String, handles: Set<AnyHashable>)] {
    after.compactMap { holding in
      let old = before.first { $0.property == holding.property }?.handles ?? []
      let new = holding.handles.subtracting(old)
      return new.isEmpty ? nil : (holding.property, holding.kind, new)
    }
  }

  /// A class's stored properties that can hold a handle, its superclasses' included.
  private static func findCandidates(_ mirror: Mirror) -> [Candidate] {
    var found: [Candidate] = []
    var next: Mirror? = mirror
    var level = 0
    while let current = next {
      for (index, child) in current.children.enumerated() {
        let name = typeName(of: child.value)
        guard let label = child.label, let kind = kind(ofTypeName: name) else { continue }
        found.append(Candidate(level: level, index: index, label: label, kind: kind, typeName: name))
      }
      next = current.superclassMirror
      level += 1
    }
    return found
  }

  /// What kind of handle a declared type holds (through containers), if it holds one.
  static let taskKind = "a Task"
  static let timerKind = "a Timer"
  static let subscriptionsKind = "Combine subscriptions"
  static let workItemKind = "a DispatchWorkItem"
  static let sourceKind = "a Dispatch source"
  static let sessionKind = "a URLSession"

  /// Whether a handle of `kind` can stop a wait on `clock` (a `PendingTimer`'s clock, or
  /// `request`).
  static func stops(_ kind: String, _ clock: String) -> Bool {
    let taskSleep = clock.hasSuffix("Clock") || clock == "request"
    let runLoop = clock.hasPrefix("RunLoop")
    let after = clock.hasPrefix("DispatchQueue")
    let source = clock.hasPrefix("DispatchSource")
    switch kind {
    case taskKind: return taskSleep
    case timerKind: return runLoop
    case workItemKind: return after
    case sourceKind: return source
    // `invalidateAndCancel()` cancels the session's requests (a delegate's session, kept).
    case sessionKind: return clock == "request"
    // A Combine pipeline stores one subscription for its whole chain: cancelling it cancels a
    // `dataTaskPublisher`'s request as much as a `Timer.publish` or a `debounce`.
    case subscriptionsKind: return runLoop || after || source || clock == "request"
    default: return false
    }
  }

  static func kind(ofTypeName name: String) -> String? {
    if name.contains("Task<") { return taskKind }
    // `AnyCancellable`, and a `Cancellable` existential (MovieSwiftUI keeps its debounce's sink
    // in a `Cancellable?`).
    if name.contains("Cancellable") { return subscriptionsKind }
    if name.contains("DispatchWorkItem") { return workItemKind }
    if name.contains("DispatchSource") || name.contains("OS_dispatch_source") { return sourceKind }
    // `Timer`, `Optional<Timer>`, `[Timer]`, but not a `Timer.TimerPublisher` (a Combine source).
    let words = name.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
    if words.contains("URLSession") { return sessionKind }
    if words.contains("Timer") || words.contains("NSTimer"), !name.contains("Publisher") { return timerKind }
    return nil
  }

  /// The identity of every handle in `value`, looking through optionals and collections.
  private static func collect(_ value: Any, into handles: inout Set<AnyHashable>, depth: Int) {
    guard depth < 4 else { return }
    // A `Task` in an optional, without the two mirrors: the cast looks through the optional.
    if let optional = value as? any OptionalHandle {
      if let wrapped = optional.wrapped { collect(wrapped, into: &handles, depth: depth + 1) }
      return
    }
    if handleTypes[ObjectIdentifier(Swift.type(of: value))] == true, let hashable = value as? AnyHashable {
      handles.insert(Swift.type(of: value) is AnyClass ? serial(of: value as AnyObject) : hashable)
      return
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional, .collection, .set:
      for child in mirror.children.prefix(1_000) { collect(child.value, into: &handles, depth: depth + 1) }
    case .dictionary:
      for pair in mirror.children.prefix(1_000) {
        if let entry = Mirror(reflecting: pair.value).children.dropFirst().first { collect(entry.value, into: &handles, depth: depth + 1) }
      }
    case .class:
      handles.insert(serial(of: value as AnyObject))
    default:
      // A `Task` is a struct whose equality is its task's identity.
      let type = ObjectIdentifier(Swift.type(of: value))
      let isHandle = handleTypes[type] ?? {
        let isHandle = kind(ofTypeName: typeName(of: value)) != nil
        handleTypes[type] = isHandle
        return isHandle
      }()
      if isHandle, let hashable = value as? AnyHashable { handles.insert(Swift.type(of: value) is AnyClass ? serial(of: value as AnyObject) : hashable) }
    }
  }

  /// A property's name as the source writes it: `_name` of a property wrapper is `name`.
  private static func shown(_ label: String) -> String {
    // A `lazy var session` is stored as `$__lazy_storage_$_session`.
    let lazy = "$__lazy_storage_$_"
    if label.hasPrefix(lazy) { return String(label.dropFirst(lazy.count)) }
    return label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}

/// An optional, looked through without a mirror.
private protocol OptionalHandle {
  var wrapped: Any? { get }
}

extension Optional: OptionalHandle {
  fileprivate var wrapped: Any? { map { $0 as Any } }
}

/// A `Task` handle's task, by address: which handle holds the task a sleep or a request waits in.
private protocol TaskAddress {
  var taskAddress: UInt { get }
}

extension Task: TaskAddress {
  /// A `Task` is one reference to its task (`_task`): the same address `withUnsafeCurrentTask`
  /// gives inside it.
  fileprivate var taskAddress: UInt { unsafeBitCast(self, to: UInt.self) }
}
