@_spi(Reflection) import Swift

/// Values a view-model stores that are machinery, not state: closures, pointers, task handles,
/// and the objects of Dispatch, Foundation and the concurrency runtime.
///
/// They show as their type name. Looking inside them would print addresses, runtime internals or
/// thread-dependent counters, and some cannot be looked inside at all (reading a
/// `@convention(block)` closure, such as a `DispatchWorkItem`'s, through `Mirror` crashes on
/// Linux). What to do with a type is decided once per type and remembered.
enum Plumbing {
  /// Modules whose types are infrastructure to a view-model.
  static let modules: Set<String> = [
    "Dispatch", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "CoreFoundation", "_Concurrency", "Synchronization",
    "Observation", "Combine", "OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation",
    // vmrepl's own: a scripted dependency or a tracker a view-model keeps is machinery too.
    "Scenario", "ScenarioLanguage", "ScenarioScripting", "Simulation",
    // The compatibility layer's loggers and locks.
    "AppleOSLog", "AppleOS",
  ]

  /// Modules whose values are shown by their description when they have one: the compatibility
  /// layer's stand-ins for SwiftUI and UIKit values (`Color`, `Image`, `LocalizedStringKey`,
  /// `Animation`, `UIImage`), which stand for what the screen shows.
  static let describedModules: Set<String> = ["AppleSwiftUI", "AppleUIKit"]

  /// Standard library types that hold an address or a runtime object.
  static let addressTypes: [String] = [
    "Swift.Unsafe", "Swift.AutoreleasingUnsafeMutablePointer", "Swift.OpaquePointer",
    "Swift.ObjectIdentifier", "Swift.Unmanaged", "Swift.ManagedBuffer", "Swift.AnyKeyPath",
    "Swift.PartialKeyPath", "Swift.KeyPath", "Swift.WritableKeyPath", "Swift.ReferenceWritableKeyPath",
    // The concurrency runtime's types are named in the Swift module.
    "Swift.Task<", "Swift.AsyncStream<", "Swift.AsyncThrowingStream<", "Swift.CheckedContinuation<",
    "Swift.UnsafeContinuation<", "Swift.TaskGroup<", "Swift.ThrowingTaskGroup<", "Swift.DiscardingTaskGroup",
    "Swift.UnownedJob", "Swift.UnownedSerialExecutor", "Swift.UnownedTaskExecutor", "Swift.TaskLocal<",
  ]

  /// What to do with values of one type.
  enum Treatment: Sendable {
    /// Look inside with `Mirror`.
    case look
    /// Show the type name.
    case typeName(String)
    /// A Foundation value: show its description.
    case described
    /// A Combine `@Published` property: show its current value.
    case published
    /// A field that could not be read (see `Unreadable`).
    case unreadable

    /// Whether values are looked inside.
    var isLook: Bool {
      if case .look = self { return true }
      return false
    }
  }

  /// Stands for a field that cannot be read through `Mirror`.
  struct Unreadable {
    let typeName: String
  }

  private static let treatments = TypeCache<Treatment>()
  /// A field holding a `@convention(block)` closure.
  struct BlockField: Sendable {
    let name: String
    let typeName: String
  }

  /// Per type, by field position: the fields holding a block (nil for the others).
  private static let layouts = TypeCache<[BlockField?]>()

  static func treatment(of type: Any.Type) -> Treatment {
    treatments.value(for: type, compute: decide)
  }

  private static func decide(_ type: Any.Type) -> Treatment {
    if type == Unreadable.self { return .unreadable }
    let qualified = typeName(type, qualified: true)
    let name = StateValue.cleanTypeName(type)
    if qualified.contains("->") && !qualified.hasPrefix("Swift.Optional<") { return .typeName(name) }  // a closure
    if addressTypes.contains(where: { qualified.hasPrefix($0) }) { return .typeName(name) }
    if qualified.hasPrefix("OpenCombine.Published<") { return .published }
    let module = String(qualified.prefix { $0 != "." })
    if describedModules.contains(module) {
      return type is any CustomStringConvertible.Type ? .described : .look
    }
    guard modules.contains(module) else { return .look }
    if module.hasPrefix("Foundation"), !(type is AnyClass) { return .described }
    return .typeName(name)
  }

  /// The value as plumbing, or nil for a value to look inside (or a `@Published` one).
  static func shown(_ value: Any, as treatment: Treatment) -> StateValue? {
    switch treatment {
    case .look, .published:
      return nil
    case .unreadable:
      return .opaque((value as? Unreadable)?.typeName ?? "")
    case .typeName(let name):
      return .opaque(name)
    case .described:
      // Foundation's values (and the compatibility layer's) (a Locale, a TimeZone, DateComponents) print as themselves.
      if let described = value as? any CustomStringConvertible {
        let text = described.description
        if !text.contains("0x") { return .opaque(text) }
      }
      return .opaque(StateValue.cleanTypeName(Swift.type(of: value)))
    }
  }

  /// Readers of `@Published` properties by their type; nil where OpenCombine's layout is not
  /// the one `PublishedReader` expects.
  private static let publishedReaders = TypeCache<PublishedReader?>()

  /// The current value of a Combine `@Published` property (OpenCombine's layout: a box holding
  /// either the value or, once subscribed, a subject keeping it).
  static func publishedValue(_ value: Any) -> Any? {
    let reader = publishedReaders.value(for: Swift.type(of: value)) { _ in PublishedReader(sample: value, mirrored: mirroredPublishedValue) }
    if let reader, let read = reader.value(of: value) { return read }
    return mirroredPublishedValue(value)
  }

  /// `publishedValue` read through mirrors.
  static func mirroredPublishedValue(_ value: Any) -> Any? {
    func child(_ parent: Any, _ label: String) -> Any? {
      Mirror(reflecting: parent).children.first { $0.label == label }?.value
    }
    guard let box = child(value, "_storage") ?? child(value, "storage"),
      let storage = child(box, "wrappedValue"), let payload = Mirror(reflecting: storage).children.first
    else { return nil }
    if payload.label == "value" { return payload.value }
    if payload.label == "publisher", let subject = child(payload.value, "subject") {
      return child(subject, "currentValue")
    }
    return nil
  }

  /// A mirror's children, without reading fields that cannot be read: the type's field layout
  /// says which they are before any is read.
  static func children(of mirror: Mirror, isClass: Bool) -> [Mirror.Child] {
    let children = mirror.children
    let blocks = blockFields(of: mirror, isClass: isClass)
    guard blocks.count == children.count, blocks.contains(where: { $0 != nil }) else { return Array(children) }
    var result: [Mirror.Child] = []
    for (offset, index) in children.indices.enumerated() {
      if let block = blocks[offset] {
        result.append((label: block.name, value: Unreadable(typeName: block.typeName)))
      } else {
        result.append(children[index])
      }
    }
    return result
  }

  /// Per field: its name and type when it holds a block, nil otherwise.
  private static func blockFields(of mirror: Mirror, isClass: Bool) -> [BlockField?] {
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return [] }
    return layouts.value(for: mirror.subjectType) { subject in
      var fields: [BlockField?] = []
      let options = isClass ? _EachFieldOptions(rawValue: 1 << 0) : _EachFieldOptions(rawValue: 0)
      _ = _forEachField(of: subject, options: options) { name, _, type, _ in
        let typeName = Scenario.typeName(type)
        fields.append(typeName.contains("@convention(block)") ? BlockField(name: String(cString: name), typeName: typeName) : nil)
        return true
      }
      return fields
    }
  }
}
