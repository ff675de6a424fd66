import Simulation

/// The process's standard output and error while a session captures what view-models print.
package struct SessionOutput: Sendable {
  /// The capture of file descriptor 1, when it could be set up.
  let capture: OutputCapture?

  /// Starts capturing what view-models print.
  package init() { capture = OutputCapture() }

  /// Writes to the real standard output, past the capture.
  package func write(_ text: String) {
    if let capture { capture.write(text) } else { writeAll(1, text) }
  }

  /// Writes to standard error.
  func writeError(_ text: String) { writeAll(2, text) }

  /// The descriptor of the real standard output (the terminal).
  var descriptor: Int32 { capture?.realOutput ?? 1 }
}
