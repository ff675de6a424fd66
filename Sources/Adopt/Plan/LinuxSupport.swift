/// What of an app's code builds on Linux through vmrepl's AppleCompat, and what does not.
enum LinuxSupport {
  /// Modules a file may import: Swift's own, Foundation's, and what AppleCompat stands in for.
  static let importable: Set<String> = Set([
    "Foundation", "FoundationNetworking", "FoundationEssentials", "FoundationInternationalization", "Dispatch",
    "Observation", "Synchronization", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Swift",
    "Combine", "SwiftUI", "OSLog", "os", "UIKit", "Glibc",
  ]).union(counterparts.keys)

  /// Apple modules with a Linux counterpart of the same API in the field, compiled under their
  /// own name through a module alias: `import CryptoKit` is swift-crypto's `Crypto`, `import
  /// Darwin` is Glibc.
  static let counterparts: [String: (module: String, package: (url: String, version: String, identity: String)?)] = [
    "CryptoKit": ("Crypto", ("https://github.com/apple/swift-crypto", "3.12.3", "swift-crypto")),
    "Darwin": ("Glibc", nil),
    // AppleCompat's: GKState and GKStateMachine, all that apps' view-models use of it.
    "GameplayKit": ("AppleGameplayKit", nil),
  ]

  /// The calls of AppleCompat's `UIViewController` and `UINavigationController` (vmrepl's UIKit)
  /// that the transcript shows, by the type a compiled file names to make them. Each must match
  /// the member its `StandIn.call` names there (Sources/AppleCompat/UIKit/UIViewController.swift).
  static let navigationStandIns: [(type: String, member: String, signature: String)] = [
    ("UIViewController", "UIViewController.present", "func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)?)"),
    ("UIViewController", "UIViewController.dismiss", "func dismiss(animated: Bool, completion: (() -> Void)?)"),
    ("UINavigationController", "UINavigationController.pushViewController", "func pushViewController(_ viewController: UIViewController, animated: Bool)"),
    ("UINavigationController", "UINavigationController.popViewController", "func popViewController(animated: Bool) -> UIViewController?"),
    ("UINavigationController", "UINavigationController.popToRootViewController", "func popToRootViewController(animated: Bool) -> [UIViewController]?"),
    ("UINavigationController", "UINavigationController.setViewControllers", "func setViewControllers(_ controllers: [UIViewController], animated: Bool)"),
  ]

  /// Why those calls are stand-ins.
  static let navigationWhy = "UIKit's navigation: Linux has no screen, so vmrepl's UIKit shows the call and keeps the stack"

  /// SwiftUI's kinds of view: a type conforming to one is a view.
  static let viewProtocols: Set<String> = [
    "View", "ViewModifier", "Shape", "InsettableShape", "ButtonStyle", "PrimitiveButtonStyle",
    "ToggleStyle", "LabelStyle", "TextFieldStyle", "ProgressViewStyle", "UIViewRepresentable",
    "UIViewControllerRepresentable", "NSViewRepresentable", "Widget",
  ]

  /// UIKit's and AppKit's classes whose subclasses are views, controllers or app delegates.
  static let uiKitClasses: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
    "UITabBarController", "UIView", "UITableViewCell", "UICollectionViewCell", "UIControl", "UIButton",
    "UILabel", "UIResponder", "UIApplicationDelegate", "UIWindowSceneDelegate", "UIHostingController",
    "NSViewController", "NSView", "NSApplicationDelegate",
  ]

  /// Whether a file or type blocked for `blocker` can have a generated stand-in in its place: a
  /// stand-in is written from declarations, not code, so a view, a controller, a selector or an
  /// import is no obstacle; the app and its scenes are never something a view-model holds.
  static func canStandIn(blocker: String) -> Bool {
    !blocker.hasPrefix("declares the app ") && !blocker.hasPrefix("declares the scene ")
  }

  /// Why a type cannot build on Linux, if it cannot.
  static func blockers(of type: DeclaredType) -> [String] {
    var reasons: [String] = []
    let inherited = Set(type.inherited.map(bareName))
    if inherited.contains("App") || type.attributes.contains("main") {
      reasons.append("declares the app `\(type.name)`")
    } else if inherited.contains("Scene") {
      reasons.append("declares the scene `\(type.name)`")
    } else if inherited.contains("PreviewProvider") {
      reasons.append("has a preview (`\(type.name)`)")
    } else if !inherited.isDisjoint(with: viewProtocols) {
      reasons.append("declares the SwiftUI view `\(type.name)`")
    } else if !inherited.isDisjoint(with: uiKitClasses) {
      reasons.append("declares the UIKit class `\(type.name)`")
    }
    if type.attributes.contains("Model") { reasons.append("declares the SwiftData model `\(type.name)`") }
    return reasons
  }

  /// Apple's frameworks that have no Linux version (and no stand-in in AppleCompat).
  static let appleFrameworks: Set<String> = [
    "Accelerate", "Accessibility", "Accounts", "ActivityKit", "AdServices", "AdSupport", "AppClip", "AppIntents", "AppKit",
    "AppTrackingTransparency", "ARKit", "AssetsLibrary", "AudioToolbox", "AuthenticationServices", "AVFAudio",
    "AVFoundation", "AVKit", "BackgroundTasks", "BusinessChat", "CallKit", "CarPlay", "Charts", "ClockKit",
    "CloudKit", "Contacts", "ContactsUI", "CoreAudio", "CoreBluetooth", "CoreData", "CoreFoundation", "CoreGraphics",
    "CoreHaptics", "CoreImage", "CoreLocation", "CoreLocationUI", "CoreML", "CoreMedia", "CoreMotion", "CoreNFC",
    "CoreServices", "CoreSpotlight", "CoreTelephony", "CoreText", "CoreTransferable", "CoreVideo",
    "DeveloperToolsSupport", "DeviceActivity", "DeviceCheck", "EventKit", "EventKitUI", "ExtensionKit",
    "FamilyControls", "FileProvider", "FoundationModels", "GameController", "GameKit",
    "GroupActivities", "HealthKit", "HomeKit", "ImageIO", "Intents", "IntentsUI", "JavaScriptCore",
    "LinkPresentation", "LocalAuthentication", "MapKit", "MediaPlayer", "MessageUI", "Messages", "Metal", "MetalKit",
    "MobileCoreServices", "MultipeerConnectivity", "MusicKit", "NaturalLanguage", "Network", "NetworkExtension",
    "NotificationCenter", "PassKit", "PDFKit", "PencilKit", "Photos", "PhotosUI", "PushKit", "QuartzCore", "QuickLook",
    "QuickLookThumbnailing", "RealityKit", "ReplayKit", "SafariServices", "SceneKit", "Security", "SensitiveContentAnalysis",
    "ShazamKit", "Social", "Speech", "SpriteKit", "StoreKit", "SwiftData", "SystemConfiguration", "TipKit",
    "Translation", "UniformTypeIdentifiers", "UserNotifications", "UserNotificationsUI", "Vision", "VisionKit",
    "WatchConnectivity", "WatchKit", "WeatherKit", "WebKit", "WidgetKit",
  ]

  /// Why a file's imports keep it from building on Linux, each said for what it is: an Apple
  /// framework, a third-party package the app pins, a pod, or a module adopt cannot place.
  static func importBlockers(
    _ imports: [String], localModules: Set<String> = [], pins: PinnedPackages? = nil, pods: [String: String] = [:],
    ownTargets: [String: String] = [:]
  ) -> [String] {
    imports.filter { !importable.contains($0) && !localModules.contains($0) }.map { module in
      if appleFrameworks.contains(module) { return "imports `\(module)`, an Apple framework with no Linux version" }
      if let location = ownTargets[module] {
        return "imports `\(module)`, a binary or C target of \(location), which does not build on Linux"
      }
      if let pin = pins?.pin(forModule: module), pin.version == "?" {
        return "imports `\(module)`, of the app's package \(pin.location), pinned to nothing adopt can ask SwiftPM for"
      }
      if let location = pins?.location(ofProduct: module) {
        return "imports `\(module)`, of the package \(location), which the app depends on but pins no version of (no Package.resolved)"
      }
      if let version = pods[module] {
        return "imports `\(module)`, a CocoaPods pod of the app (\(version)), which adopt does not add to the package"
      }
      return "imports `\(module)`, found in none of the app's modules or declared packages (adopt cannot add it to the package)"
    }
  }

  /// The pods of a `Podfile.lock`, by module name, with their versions.
  static func pods(inLock text: String) -> [String: String] {
    var result: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard line.hasPrefix("  - "), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { continue }
      let name = line.dropFirst(4)[..<open].split(separator: "/").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      guard !name.isEmpty else { continue }
      let module = name.replacingOccurrences(of: "-", with: "_")
      result[module] = String(line[line.index(after: open)..<close])
    }
    return result
  }

  /// `Foo` of `any Foo`, `some Foo`, `Foo<Bar>`, `Module.Foo`, `Foo?`.
  static func bareName(_ type: String) -> String {
    var text = Substring(type)
    for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
    while text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast() }
    if let angle = text.firstIndex(of: "<") { text = text[..<angle] }
    if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
    return String(text)
  }
}
