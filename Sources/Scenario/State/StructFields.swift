@_spi(Reflection) import Swift

/// Reads a struct's stored properties at their offsets (or through key paths), in declaration
/// order and by the names a mirror gives them.
///
/// A mirror's child reads its field's type by its mangled name every time, which is most of
/// what reflecting a struct costs; an offset and a loader, found once per type, read the field
/// directly. Only for a struct whose every field a key path can reach: the runtime makes none
/// for a weak or unowned field (whose storage is not its type's), a closure or a metatype, and
/// then `init` fails and the mirror stays.
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
    // Where a key path reaches every field, no field is weak or unowned: each is stored as its
    // type, and is read at its offset, cheaper still than through its key path (which asks the
    // runtime for the metadata of the field's optional at every read).
    var stored: [StoredField] = []
    let listed = _forEachField(of: type) { name, offset, type, _ in
      stored.append(StoredField(name: String(cString: name), offset: offset, load: RuntimeField.loader(type)))
      return true
    }
    // A struct of no size (its fields empty structs) may have no address to read at.
    if listed, MemoryLayout<Root>.size > 0, stored.map(\.name) == fields.map(\.name) {
      let known = StoredFields(fields: stored)
      return { value in
        guard let root = value as? Root else { return [] }
        return withUnsafeBytes(of: root) { bytes in
          // Never nil for a type of some size.
          guard let base = bytes.baseAddress else { return [] }
          return known.fields.map { (label: $0.name, value: $0.load(base + $0.offset)) }
        }
      }
    }
    let known = FieldPaths(fields: fields)
    return { value in
      guard let root = value as? Root else { return [] }
      return known.fields.map { (label: $0.name, value: root[keyPath: $0.path]) }
    }
  }
}

/// A struct's field: its name, where it is stored, and how a value of its type is copied out.
private struct StoredField {
  let name: String
  let offset: Int
  let load: (UnsafeRawPointer) -> Any
}

/// The stored fields of a struct, read at their offsets.
///
/// `@unchecked Sendable` because nothing in it changes after it is made: names, offsets, and
/// loaders that capture nothing but a field's type (a metatype, immutable and shared by every
/// thread) and copy out of the pointer they are given, the root value the caller passes in.
private struct StoredFields: @unchecked Sendable {
  let fields: [StoredField]
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
