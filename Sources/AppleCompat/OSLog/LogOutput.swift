#if os(Linux)
  import Glibc

  /// Where log lines go: into vmrepl's transcript when the process runs under vmrepl, to
  /// standard error otherwise.
  ///
  /// Under vmrepl (which sets `VMREPL_LOG_LINES`) a line goes to standard output through `print`, so
  /// in the same buffer as the view-model's own prints, marked so that the transcript shows it as a log line: a line
  /// printed before it stays before it. The marker's separators are control characters no
  /// printed text contains by accident.
  enum LogOutput {
    /// The marker's start; `Scenario` reads the same bytes.
    static let marker = "\u{1E}vmrepl-log\u{1F}"
    static let separator = "\u{1F}"

    private static let underVMRepl = getenv("VMREPL_LOG_LINES") != nil

    static func write(level: OSLogType, log: OSLog, message: String) {
      guard log.isEnabled else { return }
      let flat = message.replacingNewlines()
      if underVMRepl {
        let line = marker + level.name + separator + log.subsystem + separator + log.category + separator + flat + "\n"
        print(line, terminator: "")
      } else {
        let prefix = log.category.isEmpty ? "" : "[\(log.category)] "
        let levelText = level == .default ? "" : "\(level.name): "
        let line = prefix + levelText + flat + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress, $0.count - 1) }
      }
    }
  }

  extension String {
    /// One line: a message's own line breaks become `\n`, so the transcript stays a line per event.
    fileprivate func replacingNewlines() -> String {
      guard contains(where: \.isNewline) else { return self }
      var result = ""
      for character in self {
        if character.isNewline { result += "\\n" } else { result.append(character) }
      }
      return result
    }
  }
#endif
