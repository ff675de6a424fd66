/// The Swift case names of a payload-free `CodingKeys` enum paired with the strings it codes as.
///
/// An action enum may rename what it decodes (`enum CodingKeys: String, CodingKey { case search
/// = "find" }`, or the same for one case's associated values). The command line keeps the Swift
/// names people read in their code (`send search word=…`), while the decoder must be answered
/// with the coded strings. A payload-free enum's tags are its cases in declaration order, as its
/// metadata records are, so each key is made from its tag and asked for its `stringValue`. The
/// result is checked to round-trip through `init(stringValue:)`; when it does not, the Swift
/// names are used as they are.
struct CodingKeyNames {
  /// Swift case names in declaration order.
  let names: [String]
  private var codedByName: [String: String] = [:]
  private var nameByCoded: [String: String] = [:]

  /// The names of `type`, or nil when it is not an enum with cases.
  init?<Key: CodingKey>(_ type: Key.Type) {
    guard let names = EnumCaseNames.of(type), !names.isEmpty else { return nil }
    self.names = names
    if let coded = Self.coded(type, count: names.count) {
      codedByName = Dictionary(uniqueKeysWithValues: zip(names, coded))
      nameByCoded = Dictionary(uniqueKeysWithValues: zip(coded, names))
    }
  }

  /// Each case's `stringValue`, by tag, when the enum is laid out as a bare tag and the strings
  /// are distinct and round-trip.
  private static func coded<Key: CodingKey>(_ type: Key.Type, count: Int) -> [String]? {
    guard EnumCaseNames.payloadCaseCount(type) == 0, count <= 256,
      MemoryLayout<Key>.size == (count == 1 ? 0 : 1)
    else { return nil }
    var coded: [String] = []
    for tag in 0..<count {
      let key = withUnsafeBytes(of: UInt8(tag)) { $0.loadUnaligned(as: Key.self) }
      guard Key(stringValue: key.stringValue)?.stringValue == key.stringValue else { return nil }
      coded.append(key.stringValue)
    }
    return Set(coded).count == coded.count ? coded : nil
  }

  /// The string the decoder expects for the Swift case `name`.
  func coded(_ name: String) -> String { codedByName[name] ?? name }

  /// The Swift case name of the coded string `coded`.
  func name(_ coded: String) -> String { nameByCoded[coded] ?? coded }
}
