/// Recovers the delay a sleeper asked for from the absolute real-clock instant the runtime hands over.
///
/// `Task.sleep(for: d)` computes `clock.now + d` and the executor only sees the sum. The sleeper
/// read `now` a few microseconds before its timer reached the executor, and no earlier than the
/// start of the running job, so the true delay lies in `lower...upper`: `lower` is the delay
/// measured at enqueue and `upper` adds the wall time the job had run by then, capped at 1 ms.
/// The delay taken is the roundest duration in that window: coarse grains first (1 h, 1 min,
/// 1 s, 100 ms, … 1 ns).
///
/// A delay that is a whole multiple of a grain `g` comes out exact whenever the window is
/// narrower than `g`, so every whole-millisecond sleep is exact, on a loaded machine too. A finer
/// delay (2.5 µs, 1.234567 s) can snap to a rounder value inside the window; code that needs
/// such sleeps exact injects `VirtualClock`, whose deadlines need no recovery.
enum ExactDelay {
  static let grains: [Int64] = [
    3_600_000_000_000, 60_000_000_000, 1_000_000_000, 100_000_000, 10_000_000, 1_000_000,
    100_000, 10_000, 1_000, 100, 10, 1,
  ]

  /// The roundest number of nanoseconds in `lower...upper`; 0 for a deadline already past.
  static func nanoseconds(lower: Int64, upper: Int64) -> Int64 {
    if upper <= 0 { return 0 }
    if lower <= 0 { return 0 }
    for grain in grains {
      let multiple = (lower + grain - 1) / grain * grain
      if multiple <= upper { return multiple }
    }
    return lower
  }
}

extension Duration {
  /// The duration in whole nanoseconds (saturating far outside the range of any sleep).
  var wholeNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return scaled &+ attoseconds / 1_000_000_000
  }
}
