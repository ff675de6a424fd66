#if os(Linux)
  /// A subsystem and category that messages are logged under, as Apple's `OSLog` object.
  ///
  /// ```swift
  /// let log = OSLog(subsystem: "com.example.app", category: "network")
  /// os_log("loaded %d items", log: log, type: .info, 3)
  /// ```
  public final class OSLog: Sendable {
    /// A category name for points of interest, accepted for source compatibility.
    public struct Category: RawRepresentable, Sendable {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
      public static let dynamicTracing = Category(rawValue: "DynamicTracing")
      public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }

    public let subsystem: String
    public let category: String
    let isEnabled: Bool

    public init(subsystem: String, category: String) {
      self.subsystem = subsystem
      self.category = category
      isEnabled = true
    }

    public convenience init(subsystem: String, category: Category) {
      self.init(subsystem: subsystem, category: category.rawValue)
    }

    private init(disabled: ()) {
      subsystem = ""
      category = ""
      isEnabled = false
    }

    /// The log with no subsystem and no category.
    public static let `default` = OSLog(subsystem: "", category: "")
    /// A log that drops everything.
    public static let disabled = OSLog(disabled: ())

    /// Every level is enabled, as with a debugger attached.
    public func isEnabled(type: OSLogType) -> Bool { isEnabled }
    public var signpostsEnabled: Bool { false }
  }
#endif
