#if os(Linux)
  /// The level of a log message, as Apple's `OSLogType`.
  public struct OSLogType: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let `default` = OSLogType(rawValue: 0x00)
    public static let info = OSLogType(rawValue: 0x01)
    public static let debug = OSLogType(rawValue: 0x02)
    public static let error = OSLogType(rawValue: 0x10)
    public static let fault = OSLogType(rawValue: 0x11)

    /// The level's name as Console shows it; `default` is Logger's `notice`.
    var name: String {
      switch self {
      case .info: return "info"
      case .debug: return "debug"
      case .error: return "error"
      case .fault: return "fault"
      default: return "notice"
      }
    }
  }
#endif
