/// Log lines from the compatibility layer's `Logger` and `os_log`, told apart from prints.
///
/// Under vmrepl the layer writes a log message to standard output like a print, so that it keeps
/// its place among the prints, behind a marker of control characters no printed text holds:
/// `RS "vmrepl-log" US level US subsystem US category US message`.
package enum LogLine {
  /// The environment variable that tells the layer it runs under vmrepl.
  package static let environmentVariable = "VMREPL_LOG_LINES"
  static let marker = "\u{1E}vmrepl-log\u{1F}"

  /// The event for a line captured from standard output: a log message or a print.
  static func event(forPrinted line: String) -> Event {
    guard line.hasPrefix(marker) else { return .printed(line) }
    let fields = line.dropFirst(marker.count).split(separator: "\u{1F}", maxSplits: 3, omittingEmptySubsequences: false)
    guard fields.count == 4 else { return .printed(line) }
    return .logged(level: String(fields[0]), category: String(fields[2]), message: String(fields[3]))
  }
}
