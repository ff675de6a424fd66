/// A stored property as the runtime's reflection metadata describes it: the layout `Mirror`
/// reads at every child, read once per type instead.
struct RuntimeField {
  let name: String
  let type: Any.Type
  /// Where it is stored in a value (a struct's bytes) or an instance (from the object's start).
  let offset: Int
  /// False for a weak or unowned field, stored as a reference-counting box, not as its type.
  let isStrong: Bool

  /// The stored properties of a struct or a class (its superclasses' first), or nil for a type
  /// of another kind.
  static func fields(of type: Any.Type) -> [RuntimeField]? {
    let count = recursiveChildCount(type)
    guard count >= 0 else { return nil }
    var fields: [RuntimeField] = []
    for index in 0..<count {
      var metadata = FieldMetadata()
      let fieldType = recursiveChildMetadata(type, index: index, fieldMetadata: &metadata)
      defer { metadata.freeName?(metadata.name) }
      guard let name = metadata.name else { return nil }
      fields.append(
        RuntimeField(
          name: String(cString: name), type: fieldType, offset: recursiveChildOffset(type, index: index),
          isStrong: metadata.isStrong))
    }
    return fields
  }

  /// Copies out a value of `type` stored at a pointer.
  static func loader(_ type: Any.Type) -> (UnsafeRawPointer) -> Any {
    func typed<Field>(_: Field.Type) -> (UnsafeRawPointer) -> Any {
      { $0.load(as: Field.self) }
    }
    return _openExistential(type, do: typed)
  }

  /// Moves out a value of `type` initialized at a pointer, leaving the memory uninitialized.
  static func mover(_ type: Any.Type) -> (UnsafeMutableRawPointer) -> Any {
    func typed<Field>(_: Field.Type) -> (UnsafeMutableRawPointer) -> Any {
      { $0.assumingMemoryBound(to: Field.self).move() }
    }
    return _openExistential(type, do: typed)
  }
}

/// The runtime's description of a field (the standard library's `_FieldReflectionMetadata`,
/// laid out as its C declaration in SwiftShims' Reflection.h).
private struct FieldMetadata {
  var name: UnsafePointer<CChar>? = nil
  var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
  var isStrong = false
  var isVar = false
}

/// How many stored properties values of `type` have, a class's superclasses' included.
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveChildCount(_ type: Any.Type) -> Int

/// The type of the field at `index` (a class's superclasses' first), and its name and ownership.
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func recursiveChildMetadata(
  _ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldMetadata>
) -> Any.Type

/// Where the field at `index` is stored in a value or an instance of `type`.
@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveChildOffset(_ type: Any.Type, index: Int) -> Int
