#if os(Linux)
  import Foundation

  /// The free-space keys an app reads before it downloads (`volumeAvailableCapacityForImportantUsageKey`),
  /// which Linux's Foundation lacks.
  ///
  /// Linux has no such estimate: the values are nil, as Apple's are when the volume cannot say, and
  /// the same on every machine.
  extension URLResourceKey {
    public static let volumeAvailableCapacityForImportantUsageKey = URLResourceKey(rawValue: "NSURLVolumeAvailableCapacityForImportantUsageKey")
    public static let volumeAvailableCapacityForOpportunisticUsageKey = URLResourceKey(rawValue: "NSURLVolumeAvailableCapacityForOpportunisticUsageKey")
  }

  extension URLResourceValues {
    /// Always nil on Linux: the volume cannot say.
    public var volumeAvailableCapacityForImportantUsage: Int64? { nil }
    /// Always nil on Linux: the volume cannot say.
    public var volumeAvailableCapacityForOpportunisticUsage: Int64? { nil }
  }
#endif
