/// The case names of an enum type, read from the type's metadata.
///
/// Swift has no public API that lists an enum's cases when some carry payloads (`CaseIterable`
/// is synthesized only for payload-free enums). The compiler emits a field descriptor for every
/// nominal type, whose records are the cases with their names; reflection libraries (Mirror
/// itself, swift-case-paths' `EnumMetadata`) read the same records. The records list cases
/// with payloads first, so the action enum's own order is read from its payload-free
/// `CodingKeys`, where it is declaration order. The layout used here is the stable one of
/// Swift 5 and 6 on 64-bit platforms; anything unexpected gives nil and the caller says so.
enum EnumCaseNames {
  static func of(_ type: Any.Type) -> [String]? {
    guard let descriptor = descriptor(of: type), let payloadCases = payloadCaseCount(type) else { return nil }
    // Flags, parent, name, access function, then the field descriptor: relative pointers.
    guard let fields = relative(descriptor.advanced(by: 4 * 4)) else { return nil }
    let emptyCases = Int(descriptor.load(fromByteOffset: 6 * 4, as: UInt32.self))
    // Field descriptor: type name, superclass, kind (UInt16), record size (UInt16), count.
    let recordSize = Int(fields.load(fromByteOffset: 2 * 4 + 2, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 2 * 4 + 2 * 2, as: UInt32.self))
    guard count == payloadCases + emptyCases, recordSize >= 12 else { return nil }
    var names: [String] = []
    for index in 0..<count {
      // Record: flags, mangled type name, field name.
      let record = fields.advanced(by: 2 * 4 + 2 * 2 + 4 + index * recordSize)
      guard let name = relative(record.advanced(by: 2 * 4)) else { return nil }
      names.append(String(cString: name.assumingMemoryBound(to: CChar.self)))
    }
    return names
  }

  /// How many cases carry a payload, or nil when `type` is not an enum.
  static func payloadCaseCount(_ type: Any.Type) -> Int? {
    // After the field descriptor: payload case count (low 24 bits), then the empty case count.
    guard let descriptor = descriptor(of: type) else { return nil }
    return Int(descriptor.load(fromByteOffset: 5 * 4, as: UInt32.self) & 0xFFFFFF)
  }

  /// The enum's context descriptor: metadata kind 0x201 is an enum (0x202 Optional, which is not
  /// an action type), and context descriptor kind 18 an enum.
  private static func descriptor(of type: Any.Type) -> UnsafeRawPointer? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    guard metadata.load(as: UInt.self) == 0x201 else { return nil }
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
    guard descriptor.load(as: UInt32.self) & 0x1F == 18 else { return nil }
    return descriptor
  }

  private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer.advanced(by: Int(offset))
  }
}
