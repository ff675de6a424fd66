/// SplitMix64: a small, fast generator whose whole state is one number, the same on every
/// platform. Schedules use it (schedule `i` of an exploration is made from the seed and `i`
/// alone, in any process), and so do the random source a session hands its view-model, the
/// audit's plan and the shape generator; `world.c` has the runtime's own copy for
/// `SystemRandomNumberGenerator` and `UUID()`. It lives here, under the executor, so that
/// what only draws numbers links no runtime.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator for `stream` of `seed`: different streams give unrelated sequences.
  package init(seed: UInt64, stream: UInt64 = 0) {
    state = seed &+ stream &* 0xD1B5_4A32_D192_ED03
    _ = next()
  }

  package static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

  package mutating func next() -> UInt64 {
    Self.advance(&state)
  }

  /// Moves `state` on by one step and returns the number it gives.
  package static func advance(_ state: inout UInt64) -> UInt64 {
    state &+= increment
    return mix(state)
  }

  /// SplitMix64's finalizer: every bit of `z` moves every bit of the result.
  package static func mix(_ z: UInt64) -> UInt64 {
    var z = z
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (bound > 0); the bias of the modulo is negligible for small bounds.
  package mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
