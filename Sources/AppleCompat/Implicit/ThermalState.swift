#if os(Linux)
  import Foundation

  /// `ProcessInfo.thermalState` and its notification, which Linux's Foundation lacks: a
  /// view-model that lowers its work when the device runs hot reads them.
  ///
  /// The state is always `.nominal` (the same on every machine, so transcripts stay the same); a
  /// scenario plays a change by posting `ProcessInfo.thermalStateDidChangeNotification` from an
  /// action.
  extension ProcessInfo {
    /// How hot the device runs, as Apple's `ProcessInfo.ThermalState`.
    public enum ThermalState: Int, Sendable {
      case nominal, fair, serious, critical
    }

    /// Always `.nominal` on Linux.
    public var thermalState: ThermalState { .nominal }

    /// Posted when `thermalState` changes (never by the system on Linux).
    public static let thermalStateDidChangeNotification = Notification.Name("NSProcessInfoThermalStateDidChangeNotification")
  }
#endif
