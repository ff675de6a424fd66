/// Who is told when a view-model's property changes, which decides what a write off the main
/// thread does on a device: SwiftUI's warning is about `@Published` only.
package enum PropertyObservation: String, Sendable, Equatable, CaseIterable {
  /// An `@Published` property of an `ObservableObject`: `objectWillChange` fires on the writing
  /// thread, and a SwiftUI view observing the object warns.
  case published
  /// A stored property of an `@Observable` class (not `@ObservationIgnored`): observers are told
  /// on the writing thread; SwiftUI does not warn.
  case observation
  /// Any other stored property: nothing is told; only a reader sees the change.
  case plain
  /// State shown through `show` or a projection whose property vmrepl cannot tell.
  case unknown
  /// A property holding an actor: what changes inside it is the actor's own state, isolated to
  /// it by the compiler, which no other thread can touch while it runs (no race, nothing to warn).
  case actor

  /// The kind of each stored property of `object`'s class (and its superclasses), by the name
  /// the state shows (without a wrapper's or the macro's underscore), found once per class.
  @MainActor
  static func kinds(of object: AnyObject) -> [String: PropertyObservation] {
    let key = ObjectIdentifier(type(of: object))
    if let known = cache[key] { return known }
    var kinds: [String: PropertyObservation] = [:]
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      let children = Array(current.children)
      // The `@Observable` macro keeps a registrar and renames each tracked property `_name`.
      let observable = children.contains { $0.label == "_$observationRegistrar" }
      for child in children {
        guard let label = child.label, label != "_$observationRegistrar" else { continue }
        let type = String(describing: Swift.type(of: child.value))
        if holdsActor(child.value) {
          let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
          kinds[name] = kinds[name] ?? .actor
        } else if label.hasPrefix("_"), type.hasPrefix("Published<") {
          kinds[String(label.dropFirst())] = kinds[String(label.dropFirst())] ?? .published
        } else if observable, label.hasPrefix("_") {
          kinds[String(label.dropFirst())] = kinds[String(label.dropFirst())] ?? .observation
        } else {
          // A property wrapper other than `@Published` (`@AppStorage`) is shown by its name too.
          let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
          kinds[name] = kinds[name] ?? .plain
        }
      }
      mirror = current.superclassMirror
    }
    cache[key] = kinds
    return kinds
  }

  /// Whether `value` is an actor, or an optional one.
  private static func holdsActor(_ value: Any) -> Bool {
    if value is any Actor { return true }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else { return false }
    return wrapped is any Actor
  }

  @MainActor private static var cache: [ObjectIdentifier: [String: PropertyObservation]] = [:]

  /// The kind a warning says: a property set to another actor is plain state of the model.
  var reported: PropertyObservation { self == .actor ? .plain : self }

  /// The kind of the property a state path starts with (`uiState.isLoading` is `uiState`'s).
  static func of(path: String, in kinds: [String: PropertyObservation]) -> PropertyObservation {
    let root = path.prefix { $0 != "." && $0 != "[" }
    return kinds[String(root)] ?? .unknown
  }
}
