import Scenario
import Simulation
import Synchronization

internal import Platform

/// Captures what the view-model prints to standard output, line by line.
///
/// File descriptor 1 is pointed at an unlinked temporary file, so `print` in unmodified
/// view-model code lands there; the REPL writes its own output to a duplicate of the original
/// descriptor. A file rather than a pipe: a view-model that prints a lot in one step cannot
/// block the single thread that would have to read the pipe.
final class OutputCapture: PrintSource {
  /// The original standard output, where the transcript goes.
  let realOutput: Int32
  private let file: Int32
  private let partial = Mutex("")

  /// Starts capturing; nil if the descriptors cannot be set up (output then goes straight out).
  init?() {
    fflush(nil)
    var template = Array("/tmp/vmrepl-output-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let saved = dup(1)
    guard saved >= 0, dup2(descriptor, 1) >= 0 else { return nil }
    realOutput = saved
    file = descriptor
    // The compatibility layer's Logger then writes its messages here, marked as log lines.
    setenv(LogLine.environmentVariable, "1", 1)
  }

  /// Complete lines printed since the last call; a trailing partial line waits for its end.
  func collect() -> [String] {
    fflush(nil)
    let size = lseek(file, 0, SEEK_END)
    guard size > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    let read = pread(file, &bytes, bytes.count, 0)
    _ = ftruncate(file, 0)
    _ = lseek(file, 0, SEEK_SET)
    guard read > 0 else { return [] }
    let text = String(decoding: bytes[0..<read], as: UTF8.self)
    return partial.withLock { partial in
      var lines = (partial + text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      partial = lines.removeLast()
      return lines
    }
  }

  /// Drops whatever was printed and not collected, an unfinished line included: what one
  /// scenario left must not reach the next.
  func discard() {
    _ = collect()
    partial.withLock { $0 = "" }
  }

  /// Writes `text` to the real standard output.
  func write(_ text: String) {
    writeAll(realOutput, text)
  }
}

