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
  }

  /// A property that can hold handles: where `Mirror` finds it (how many superclass mirrors up,
  /// which child there), its name and what kind of handle it holds.
  private struct Candidate {
    var level: Int
    var index: Int
    var label: String
    var kind: String
  }

  /// Which properties of a type can hold handles, found once per type from their declared types.
  private static var candidates: [ObjectIdentifier: [Candidate]] = [:]

  /// The handles `object`'s properties hold now; empty, and cheap, for a type with none.
  static func scan(_ object: AnyObject) -> [Holding] {
    let key = ObjectIdentifier(type(of: object))
    // A type with no such property (most view-models) costs a dictionary look-up per step.
    if let known = candidates[key], known.isEmpty { return [] }
    let mirror = Mirror(reflecting: object)
    let known = candidates[key] ?? {
      let found = findCandidates(mirror)
      candidates[key] = found
      return found
    }()
    guard !known.isEmpty else { return [] }
    // Only the candidates' fields are read: a mirror's child reads its field's type by its
    // mangled name each time, and a view-model has many fields that hold no handle.
    var holdings: [Holding] = []
    for candidate in known {
      var level = mirror
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
        guard let label = child.label, let kind = kind(ofTypeName: typeName(of: child.value)) else { continue }
        found.append(Candidate(level: level, index: index, label: label, kind: kind))
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
    // A Combine pipeline stores one subscription for its whole chain: cancelling it cancels a
    // `dataTaskPublisher`'s request as much as a `Timer.publish` or a `debounce`.
    case subscriptionsKind: return runLoop || after || source || clock == "request"
    default: return false
    }
  }

  static func kind(ofTypeName name: String) -> String? {
    if name.contains("Task<") { return taskKind }
    if name.contains("AnyCancellable") { return subscriptionsKind }
    if name.contains("DispatchWorkItem") { return workItemKind }
    if name.contains("DispatchSource") || name.contains("OS_dispatch_source") { return sourceKind }
    // `Timer`, `Optional<Timer>`, `[Timer]`, but not a `Timer.TimerPublisher` (a Combine source).
    let words = name.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
    if words.contains("Timer") || words.contains("NSTimer"), !name.contains("Publisher") { return timerKind }
    return nil
  }

  /// The identity of every handle in `value`, looking through optionals and collections.
  private static func collect(_ value: Any, into handles: inout Set<AnyHashable>, depth: Int) {
    guard depth < 4 else { return }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional, .collection, .set:
      for child in mirror.children.prefix(1_000) { collect(child.value, into: &handles, depth: depth + 1) }
    case .dictionary:
      for pair in mirror.children.prefix(1_000) {
        if let entry = Mirror(reflecting: pair.value).children.dropFirst().first { collect(entry.value, into: &handles, depth: depth + 1) }
      }
    case .class:
      handles.insert(AnyHashable(ObjectIdentifier(value as AnyObject)))
    default:
      // A `Task` is a struct whose equality is its task's identity.
      if kind(ofTypeName: typeName(of: value)) != nil, let hashable = value as? AnyHashable { handles.insert(hashable) }
    }
  }

  /// A property's name as the source writes it: `_name` of a property wrapper is `name`.
  private static func shown(_ label: String) -> String {
    label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}
