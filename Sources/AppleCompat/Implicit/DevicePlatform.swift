#if os(Linux)
  import Foundation

  /// `ProcessInfo`'s answers to "which device runs this app", which Linux's Foundation lacks:
  /// the REPL plays the app on an iPhone, so none of them holds.
  ///
  /// element-x reads `isiOSAppOnMac` 29 times, in view-models' inits among them
  /// (`AuthenticationStartScreenViewModel`'s `let isQRCodeScanningSupported =
  /// !ProcessInfo.processInfo.isiOSAppOnMac`), and its models were lost for want of it.
  extension ProcessInfo {
    /// Always false: the app runs as on an iPhone, not as an iOS app on a Mac.
    public var isiOSAppOnMac: Bool { false }
    /// Always false: the app runs as on an iPhone, not as a Mac Catalyst app.
    public var isMacCatalystApp: Bool { false }
    /// Always false: the app runs as on an iPhone, not as an iOS app on Apple Vision Pro.
    public var isiOSAppOnVision: Bool { false }
    /// Always false: Low Power Mode is off, on every machine alike.
    public var isLowPowerModeEnabled: Bool { false }
  }
#endif
