/// URLSessionConfiguration's `protocolClasses` with one class put first, in the raw form the
/// rewritten vtable slot passes (`CSimulationRuntime/network/urlsession.c`): an owned `[AnyClass]?`,
/// nil or the array's storage object.
enum ProtocolClasses {
  static func prepending(_ type: AnyClass, to raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    var classes: [AnyClass] = []
    if let raw {
      // An array is its storage object; the getter handed it over owned, and so is this.
      classes = unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue(), to: [AnyClass].self)
    }
    if !classes.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(type) }) { classes.insert(type, at: 0) }
    return Unmanaged.passRetained(unsafeBitCast(classes, to: AnyObject.self)).toOpaque()
  }
}
