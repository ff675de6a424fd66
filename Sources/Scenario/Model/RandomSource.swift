import Simulation
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
  public func reseed(_ seed: UInt64) { state.guarded { $0 = seed } }

  /// The next number of SplitMix64: small, fast and the same on every platform.
  public func next() -> UInt64 {
    state.guarded { SplitMix64.advance(&$0) }
  }
}
