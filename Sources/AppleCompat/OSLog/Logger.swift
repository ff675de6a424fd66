#if os(Linux)
  /// Apple's unified-logging `Logger`: under vmrepl each message is a `log:` line of the
  /// transcript, in order with the events and what the view-model printed.
  ///
  /// ```swift
  /// let logger = Logger(subsystem: "com.example.app", category: "feed")
  /// logger.error("request failed: \(error.localizedDescription, privacy: .public)")
  /// // log: [feed] error: request failed: The Internet connection appears to be offline.
  /// ```
  public struct Logger: Sendable {
    let log: OSLog

    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
    public init(_ log: OSLog) { self.log = log }
    public init() { log = .default }

    public func log(_ message: OSLogMessage) { LogOutput.write(level: .default, log: log, message: message.text) }
    public func log(level: OSLogType, _ message: OSLogMessage) { LogOutput.write(level: level, log: log, message: message.text) }
    public func trace(_ message: OSLogMessage) { LogOutput.write(level: .debug, log: log, message: message.text) }
    public func debug(_ message: OSLogMessage) { LogOutput.write(level: .debug, log: log, message: message.text) }
    public func info(_ message: OSLogMessage) { LogOutput.write(level: .info, log: log, message: message.text) }
    public func notice(_ message: OSLogMessage) { LogOutput.write(level: .default, log: log, message: message.text) }
    public func warning(_ message: OSLogMessage) { LogOutput.write(level: .error, log: log, message: message.text) }
    public func error(_ message: OSLogMessage) { LogOutput.write(level: .error, log: log, message: message.text) }
    public func critical(_ message: OSLogMessage) { LogOutput.write(level: .fault, log: log, message: message.text) }
    public func fault(_ message: OSLogMessage) { LogOutput.write(level: .fault, log: log, message: message.text) }
  }
#endif
