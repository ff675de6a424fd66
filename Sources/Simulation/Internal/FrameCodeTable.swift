/// What code each address is (`CodeNames.FrameCode`), for the look-ups made at every job.
///
/// `Dictionary` hashes each key with SipHash, a tenth of what classifying a job's resume chain
/// costs; an address is already well spread by a multiplication, so this table is open
/// addressing with linear probing over a power-of-two capacity. Address 0 is never stored. Not
/// generic: the engine's debug build optimizes file by file, and a generic of another file
/// would be called unspecialized.
struct FrameCodeTable: Sendable {
  typealias Value = CodeNames.FrameCode

  private var keys: [UInt]
  private var values: [Value?]
  private var count = 0

  init() {
    keys = Array(repeating: 0, count: 64)
    values = Array(repeating: nil, count: 64)
  }

  /// The slot `address` starts its probe at.
  private func home(_ address: UInt, mask: Int) -> Int {
    // Fibonacci hashing: the product's high bits mix every bit of the address.
    Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  subscript(address: UInt) -> Value? {
    get {
      guard address != 0 else { return nil }
      let mask = keys.count - 1
      var slot = home(address, mask: mask)
      while keys[slot] != 0 {
        if keys[slot] == address { return values[slot] }
        slot = (slot + 1) & mask
      }
      return nil
    }
    set {
      guard address != 0, let newValue else { return }
      if (count + 1) * 2 > keys.count { grow() }
      let mask = keys.count - 1
      var slot = home(address, mask: mask)
      while keys[slot] != 0 && keys[slot] != address { slot = (slot + 1) & mask }
      if keys[slot] == 0 { count += 1 }
      keys[slot] = address
      values[slot] = newValue
    }
  }

  private mutating func grow() {
    let old = zip(keys, values)
    keys = Array(repeating: 0, count: keys.count * 2)
    values = Array(repeating: nil, count: keys.count)
    count = 0
    for (key, value) in old where key != 0 { self[key] = value }
  }
}
