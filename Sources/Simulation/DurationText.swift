extension Duration {
  /// Virtual time as people read it in transcripts: `0.000s`, `1.500s`, `0.000250s`.
  ///
  /// Three decimals when the value is whole milliseconds, six for whole microseconds, nine
  /// otherwise, so equal durations always print the same way.
  package var secondsText: String {
    let total = wholeNanoseconds
    let sign = total < 0 ? "-" : ""
    let magnitude = total.magnitude
    let seconds = magnitude / 1_000_000_000
    let fraction = magnitude % 1_000_000_000
    let digits: Int
    let shown: UInt64
    if fraction % 1_000_000 == 0 {
      digits = 3
      shown = fraction / 1_000_000
    } else if fraction % 1_000 == 0 {
      digits = 6
      shown = fraction / 1_000
    } else {
      digits = 9
      shown = fraction
    }
    let padded = String(repeating: "0", count: digits - String(shown).count) + String(shown)
    return "\(sign)\(seconds).\(padded)s"
  }
}
