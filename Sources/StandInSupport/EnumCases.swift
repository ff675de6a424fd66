/// The cases of an enum without payloads, made from its tags: what an enum of raw values that
/// does not list its cases (`enum Visibility: String, Codable`, no `CaseIterable`) is sampled
/// from, by `audit`'s answers and by a stand-in's sample value.
///
/// A Swift enum whose cases carry nothing is stored as its case's number in declaration order
/// (no byte for one case, one byte up to 256, two beyond), and its type's descriptor says how
/// many cases it has: so the `n`th case is the value whose bytes are `n`. Anything else (an
/// enum with payloads, a struct, a class, an `Optional`) gives nil.
package enum EnumCases {
  /// How many cases `type` has, when it is an enum without payloads.
  package static func count(of type: Any.Type) -> Int? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // The metadata's kind: 0x201 is an enum (0x202, Optional, is not one of the app's).
    guard metadata.load(as: UInt.self) == 0x201 else { return nil }
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
    // The enum descriptor: flags, parent, name, access function, fields (4 bytes each), then
    // the payload cases (24 bits) with the payload size's offset, and the cases without one.
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    guard payloadCases == 0, emptyCases > 0 else { return nil }
    return emptyCases
  }

  /// The case numbered `index` (declaration order) of `type`, an enum of `count(of:)` cases.
  package static func make<T>(_ type: T.Type, index: Int) -> T? {
    guard let count = count(of: type), index >= 0, index < count else { return nil }
    // The size the tag needs must be the type's whole size: else it is not stored as a tag.
    let size = MemoryLayout<T>.size
    guard size == (count == 1 ? 0 : count <= 256 ? 1 : count <= 65_536 ? 2 : 4) else { return nil }
    return withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: MemoryLayout<T>.alignment) { buffer in
      switch size {
      case 0, 1: buffer.storeBytes(of: UInt8(truncatingIfNeeded: index), as: UInt8.self)
      case 2: buffer.storeBytes(of: UInt16(truncatingIfNeeded: index), as: UInt16.self)
      default: buffer.storeBytes(of: UInt32(truncatingIfNeeded: index), as: UInt32.self)
      }
      return buffer.baseAddress!.load(as: T.self)
    }
  }

  /// The case of `type`, an enum of cases without payloads, that `json` (a JSON string) names.
  package static func named<T>(_ type: T.Type, json: String) -> T? {
    guard let count = count(of: type), json.count > 2, json.hasPrefix("\""), json.hasSuffix("\"") else { return nil }
    let name = String(json.dropFirst().dropLast())
    for index in 0..<count {
      if let value = make(type, index: index), caseName(value) == name { return value }
    }
    return nil
  }

  /// A case's name as declared, whatever its `description` says.
  static func caseName<T>(_ value: T) -> String? {
    _enumCaseName(value).map { String(cString: $0) }
  }
}

/// The runtime's name of an enum value's case (what `print` shows of an enum with no
/// `description`); nil where the runtime has no name for it.
@_silgen_name("swift_EnumCaseName")
private func _enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

