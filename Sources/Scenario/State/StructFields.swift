@_spi(Reflection) import Swift

/// Reads a struct's stored properties through key paths, in declaration order and by the names
/// a mirror gives them.
///
/// A mirror's child reads its field's type by its mangled name every time, which is most of
/// what reflecting a struct costs; a key path, made once per type, reads the field directly.
/// Only for a struct whose every field a key path can reach: the runtime makes none for a weak
/// or unowned field, a closure or a metatype, and then `init` fails and the mirror stays.
struct StructFields: Sendable {
  /// The fields of a value of the type, as `Mirror.Child`ren.
  let children: @Sendable (Any) -> [Mirror.Child]

  init?(_ type: Any.Type) {
    guard let children = Self.reader(type) else { return nil }
    self.children = children
  }

  private static func reader<Root>(_ type: Root.Type) -> (@Sendable (Any) -> [Mirror.Child])? {
    var fields: [(name: String, path: PartialKeyPath<Root>)] = []
    let complete = _forEachFieldWithKeyPath(of: type) { name, path in
      fields.append((String(cString: name), path))
      return true
    }
    guard complete else { return nil }
    let known = FieldPaths(fields: fields)
    return { value in
      guard let root = value as? Root else { return [] }
      return known.fields.map { (label: $0.name, value: root[keyPath: $0.path]) }
    }
  }
}

/// The key paths of a struct's fields.
///
/// `@unchecked Sendable` because a key path is an immutable object, and these hold nothing but
/// stored-property offsets (the runtime makes them from the type's field records, with no
/// subscript argument or captured value that another thread could share): reading through them
/// from any thread reads only the root value passed in.
private struct FieldPaths<Root>: @unchecked Sendable {
  let fields: [(name: String, path: PartialKeyPath<Root>)]
}
