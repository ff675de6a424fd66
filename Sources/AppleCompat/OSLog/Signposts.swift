#if os(Linux)
  /// Signposts are accepted and do nothing: Instruments' intervals have no place in a transcript.
  public struct OSSignpostID: Equatable, Hashable, Sendable {
    public let rawValue: UInt64
    public init(_ value: UInt64) { rawValue = value }
    public init(log: OSLog) { rawValue = 1 }
    public init(log: OSLog, object: AnyObject) { rawValue = 1 }
    public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
    public static let invalid = OSSignpostID(0)
    public static let null = OSSignpostID(0)
  }

  /// The kind of a signpost, as Apple's `OSSignpostType`.
  public enum OSSignpostType: Sendable { case event, begin, end }

  /// Accepted and ignored, as `os_signpost` with signposts disabled.
  public func os_signpost(_ type: OSSignpostType, dso: UnsafeRawPointer? = nil, log: OSLog, name: StaticString, signpostID: OSSignpostID = .exclusive) {}

  /// Accepted and ignored, as `os_signpost` with signposts disabled.
  public func os_signpost(_ type: OSSignpostType, dso: UnsafeRawPointer? = nil, log: OSLog, name: StaticString, signpostID: OSSignpostID = .exclusive, _ format: StaticString, _ arguments: any CVarArg...) {}

  /// Apple's `OSSignposter`: intervals and events are accepted and do nothing.
  public struct OSSignposter: Sendable {
    public init() {}
    public init(subsystem: String, category: String) {}
    public init(subsystem: String, category: OSLog.Category) {}
    public init(logger: Logger) {}
    public init(logHandle: OSLog) {}
    public static let disabled = OSSignposter()
    public var isEnabled: Bool { false }

    public func makeSignpostID() -> OSSignpostID { .exclusive }
    public func makeSignpostID(from object: AnyObject) -> OSSignpostID { .exclusive }
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive) {}
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage) {}
    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState { OSSignpostIntervalState() }
    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage) -> OSSignpostIntervalState { OSSignpostIntervalState() }
    public func beginAnimationInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState { OSSignpostIntervalState() }
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState, _ message: OSLogMessage) {}
    public func withIntervalSignpost<T>(_ name: StaticString, id: OSSignpostID = .exclusive, around task: () throws -> T) rethrows -> T { try task() }
    public func withIntervalSignpost<T>(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: OSLogMessage, around task: () throws -> T) rethrows -> T { try task() }
  }

  /// What `beginInterval` hands back for `endInterval`.
  public struct OSSignpostIntervalState: Sendable {}
#endif
