@_spi(Reflection) import Swift

/// Values a view-model stores that are machinery, not state: closures, pointers, task handles,
/// and the objects of Dispatch, Foundation and the concurrency runtime.
///
/// They show as their type name. Looking inside them would print addresses, runtime internals or
/// thread-dependent counters, and some cannot be looked inside at all (reflecting a
/// `@convention(block)` closure, such as a `DispatchWorkItem`'s, crashes on Linux).
enum Plumbing {
  /// Modules whose types are infrastructure to a view-model.
  static let modules: Set<String> = [
    "Dispatch", "Foundation", "FoundationEssentials", "FoundationInternationalization",
    "FoundationNetworking", "FoundationXML", "CoreFoundation", "_Concurrency", "Synchronization",
    "Observation", "Combine", "OpenCombine", "OpenCombineDispatch", "OpenCombineFoundation",
  ]

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

  /// Stands for a field that cannot be read through `Mirror` (a `@convention(block)` closure:
  /// reading one crashes on Linux, where there is no Objective-C runtime to copy it).
  struct Unreadable {
    let typeName: String
  }

  /// A mirror's children, without reading fields that cannot be read: their layout comes from
  /// the type's metadata first.
  static func children(of mirror: Mirror, isClass: Bool) -> [Mirror.Child] {
    var layout: [(name: String, type: Any.Type)] = []
    if mirror.displayStyle == .struct || mirror.displayStyle == .class {
      _ = _forEachField(of: mirror.subjectType, options: isClass ? _EachFieldOptions(rawValue: 1 << 0) : _EachFieldOptions(rawValue: 0)) { name, _, type, _ in
        layout.append((String(cString: name), type))
        return true
      }
    }
    let children = mirror.children
    guard layout.count == children.count else { return Array(children) }
    var result: [Mirror.Child] = []
    for (offset, index) in children.indices.enumerated() {
      let field = layout[offset]
      let typeName = String(describing: field.type)
      if typeName.contains("@convention(block)") {
        result.append((label: field.name, value: Unreadable(typeName: typeName)))
        continue
      }
      // A noncopyable field (a Mutex) reads as `()`: the runtime's metadata says no more.
      result.append(children[index])
    }
    return result
  }

  /// The current value of a Combine `@Published` property (OpenCombine's layout: a box holding
  /// either the value or, once subscribed, a subject keeping it).
  static func publishedValue(_ value: Any) -> Any? {
    let qualified = String(reflecting: Swift.type(of: value))
    guard qualified.hasPrefix("OpenCombine.Published<") else { return nil }
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

  /// The value as plumbing, or nil for a value to look inside.
  static func shown(_ value: Any) -> StateValue? {
    if let unreadable = value as? Unreadable { return .opaque(unreadable.typeName) }
    let type = Swift.type(of: value)
    let qualified = String(reflecting: type)
    let name = StateValue.cleanTypeName(type)
    if qualified.contains("->") && !qualified.hasPrefix("Swift.Optional<") { return .opaque(name) }  // a closure
    if value is Any.Type { return .opaque(String(describing: value)) }
    if addressTypes.contains(where: { qualified.hasPrefix($0) }) { return .opaque(name) }
    let module = qualified.prefix { $0 != "." }
    guard modules.contains(String(module)) else { return nil }
    // Observation's and Combine's wrappers around a value are cleaned by the reflector itself.
    if qualified.hasPrefix("OpenCombine.Published<") || qualified.hasPrefix("Combine.Published<") { return nil }
    // Foundation's values (a Locale, a TimeZone, DateComponents) print as themselves.
    if module.hasPrefix("Foundation"), !(type is AnyClass), let described = value as? any CustomStringConvertible {
      let text = described.description
      if !text.contains("0x") { return .opaque(text) }
    }
    return .opaque(name)
  }
}
