internal import CSimulationRuntime

internal import Platform

/// Real monotonic time in nanoseconds, read without going through any Swift `Clock`.
///
/// Used only to measure wall time (the watchdog, the exact-delay window, benchmarks); it never
/// reaches any output.
@inline(__always)
func wallNanoseconds() -> Int64 {
  vmrepl_clock_wall_nanoseconds()
}

/// Writes straight to file descriptor 2, bypassing stdio buffers (safe from any thread).
func writeStandardError(_ text: String) { writeAll(2, text) }

/// Writes every byte of `text` to `descriptor`, unbuffered (safe from any thread).
package func writeAll(_ descriptor: Int32, _ text: String) {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
    if written <= 0 { return }
    offset += written
  }
}
