#if os(Linux)
  /// The app object's notification names, which view-models observe through NotificationCenter.
  ///
  /// Linux has no app object: `UIApplication.shared` does not exist, and nothing posts these
  /// notifications unless the scenario's model does (a `send` that posts one, say).
  public enum UIApplication {
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    public static let significantTimeChangeNotification = Notification.Name("UIApplicationSignificantTimeChangeNotification")
    public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")

    /// Where the app's settings open, as a URL string.
    public static let openSettingsURLString = "app-settings:"
  }

  /// The device, with fixed answers so that transcripts are the same on every machine.
  public final class UIDevice: Sendable {
    public static let current = UIDevice()
    public let name = "iPhone"
    public let model = "iPhone"
    public let localizedModel = "iPhone"
    public let systemName = "iOS"
    public let systemVersion = "18.0"
    public let userInterfaceIdiom = UIUserInterfaceIdiom.phone
    public let identifierForVendor: UUID? = UUID(uuidString: "00000000-0000-4000-8000-000000000000")
  }

  /// The kind of device, as UIKit's `UIUserInterfaceIdiom`.
  public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6
  }
#endif
