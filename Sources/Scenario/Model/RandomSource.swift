import Synchronization

/// The seeded random source a session hands its view-model; `seed N` resets it.
///
/// ```swift
/// var random = context.random
/// let number = Int.random(in: 0..<10, using: &random)
/// ```
public final class RandomSource: RandomNumberGenerator, Sendable {
  private let state: Mutex<UInt64>

  /// A source that starts from `seed`.
  public init(seed: UInt64 = 0) { state = Mutex(seed) }

  /// Starts the sequence again from `seed`.
  public func reseed(_ seed: UInt64) { state.withLock { $0 = seed } }

  /// SplitMix64: small, fast and the same on every platform.
  public func next() -> UInt64 {
    state.withLock { state in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
