/// What of an app's code builds on Linux through vmrepl's AppleCompat, and what does not.
enum LinuxSupport {
  /// Modules a file may import: Swift's own, Foundation's, and what AppleCompat stands in for.
  static let importable: Set<String> = [
    "Foundation", "FoundationNetworking", "FoundationEssentials", "Dispatch", "Observation",
    "Synchronization", "_Concurrency", "Swift", "Combine", "SwiftUI", "OSLog", "os", "UIKit",
  ]

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

  /// Why a file's imports keep it from building on Linux.
  static func importBlockers(_ imports: [String], localModules: Set<String> = []) -> [String] {
    imports.filter { !importable.contains($0) && !localModules.contains($0) }.map { "imports `\($0)`, which has no Linux version" }
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
