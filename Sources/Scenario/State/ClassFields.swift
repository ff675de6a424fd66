/// Reads a class instance's stored properties at their offsets, its superclasses' first, by the
/// names a mirror gives them.
///
/// A mirror of an object looks up each field's type by its mangled name at every read: for a
/// view-model of five fields that is about 40,000 instructions a reading, and the main-thread
/// check reads the state before and after every job off the main thread. The offsets, types and
/// loaders found once per class read the same fields directly. Only for a class whose every
/// field is held strongly (a weak or unowned field is stored as a reference-counting box, not as
/// its type) and whose fields, read this way, are the ones its mirrors list: `init` fails
/// otherwise and the mirror stays.
struct ClassFields: Sendable {
  private let fields: LoadedFields

  /// Nil when a field is not held strongly, or the runtime lists the fields otherwise than
  /// `mirrorLabels` (the labels of the instance's mirror and its superclass mirrors, the
  /// superclasses' first).
  init?(_ type: AnyClass, mirrorLabels: [String?]) {
    guard let stored = RuntimeField.fields(of: type), stored.allSatisfy(\.isStrong) else { return nil }
    let fields = stored.enumerated().map { index, field in
      let typeName = Scenario.typeName(field.type)
      // Reading a `@convention(block)` closure's storage crashes on Linux (see `Plumbing`).
      let block = typeName.contains("@convention(block)")
      return LoadedField(
        name: field.name, shownName: StateValue.shownName(field.name, at: index), offset: field.offset,
        load: block ? { _ in Plumbing.Unreadable(typeName: typeName) } : RuntimeField.loader(field.type))
    }
    guard fields.map(\.name) == mirrorLabels.map({ $0 ?? "" }) else { return nil }
    self.fields = LoadedFields(fields: fields)
  }

  /// The object `value`, an instance of the type, holds: a cast to `AnyObject` would ask the
  /// runtime to bridge it, a tenth of a reading. Opening the existential reads its dynamic type,
  /// a class, unless the value is itself an existential a field of a protocol's type held
  /// (an `any Service` inside the `Any`): that one is cast.
  func object(_ value: Any) -> AnyObject {
    func open<Opened>(_ opened: Opened) -> AnyObject {
      Opened.self is AnyClass ? unsafeBitCast(opened, to: AnyObject.self) : opened as AnyObject
    }
    return _openExistential(value, do: open)
  }

  /// The fields of `object`, an instance of the type, as `Mirror.Child`ren.
  func children(of object: AnyObject) -> [Mirror.Child] {
    withExtendedLifetime(object) {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      return fields.fields.map { (label: $0.name, value: $0.load(base + $0.offset)) }
    }
  }

  /// The fields of `object` the state shows, by the names it shows them under
  /// (`StateValue.shownName`, worked out once per type).
  func shownChildren(of object: AnyObject) -> [(name: String, value: Any)] {
    withExtendedLifetime(object) {
      let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      var children: [(name: String, value: Any)] = []
      children.reserveCapacity(fields.fields.count)
      for field in fields.fields {
        guard let name = field.shownName else { continue }
        children.append((name, field.load(base + field.offset)))
      }
      return children
    }
  }
}

/// A class's field: its name, where it is stored in an instance, and how it is copied out.
private struct LoadedField {
  let name: String
  /// The name the state shows it under; nil for storage that is not the view state.
  let shownName: String?
  let offset: Int
  let load: (UnsafeRawPointer) -> Any
}

/// The stored fields of a class, read at their offsets.
///
/// `@unchecked Sendable` because nothing in it changes after it is made: names, offsets, and
/// loaders that capture nothing but a field's type (a metatype, immutable and shared by every
/// thread) or a block field's type name, and copy out of the pointer they are given.
private struct LoadedFields: @unchecked Sendable {
  let fields: [LoadedField]
}
