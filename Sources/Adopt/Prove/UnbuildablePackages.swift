import Foundation
import Synchronization

/// Packages read, before a build says so, as not building on Linux: from their checkouts'
/// sources, the first time a build names one such package.
extension PackageBuild {
  /// The declared packages that cannot build on Linux as checked out, read from their sources
  /// and their dependencies' before any build says so: a Swift file that imports an Apple
  /// framework outside any `#if` (Pageboy's `import UIKit`; AppleCompat's aliases are the app's,
  /// not a package's), or an Objective-C header or file that imports UIKit or Foundation.
  /// Each with why. A build names one such package at a time (mastodon: TabBarPager, then
  /// Pageboy, then ...), so adopt takes them all the first time a build names one.
  static func packagesPredictedUnbuildable(packages: [PackagePlan], checkouts: String) -> [(String, String)] {
    var result: [(String, String)] = []
    let fetched = manifests(in: checkouts)
    for folder in ((try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []).sorted() {
      guard let blocker = Self.appleImport(inCheckout: checkouts + "/" + folder),
            let declared = declaredPackage(needing: folder.lowercased(), packages: packages, manifests: fetched),
            !result.contains(where: { $0.0 == declared.identity })
      else { continue }
      let own = declared.identity == folder.lowercased() || declared.location.split(separator: "/").last?.lowercased() == folder.lowercased()
      result.append((declared.identity, own
        ? "does not build on Linux: \(blocker)"
        : "does not build on Linux: it needs \(folder.lowercased()), which does not: \(blocker)"))
    }
    return result
  }

  /// The first file of a package's checkout that Linux cannot compile for its imports (`Sources/
  /// Pageboy/Pageboy.swift imports \`UIKit\``), its tests, examples and plugins aside; nil for none.
  static func appleImport(inCheckout folder: String) -> String? {
    // Asked again after every build that leaves a package out (pocket-casts: a third of each
    // such round), of checkouts that changed only if SwiftPM moved them to another revision.
    guard let head = try? String(contentsOfFile: folder + "/.git/HEAD", encoding: .utf8) else { return readAppleImport(inCheckout: folder) }
    let key = folder + "@" + head
    if let known = appleImports.withLock({ $0[key] }) { return known }
    let found = readAppleImport(inCheckout: folder)
    appleImports.withLock { $0[key] = .some(found) }
    return found
  }

  /// What `appleImport(inCheckout:)` found in each checkout, by its folder and revision.
  private static let appleImports = Mutex<[String: String?]>([:])

  private static func readAppleImport(inCheckout folder: String) -> String? {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return nil }
    // A target's files: under the conventional folders, or a folder the manifest names (`path:
    // "Lib/KeychainAccess"`); examples, demos, tests, documentation and tools aside.
    // Every manifest (`Package@swift-5.3.swift` too): a file one excludes (PromiseKit's
    // `"after.m"`) is not compiled.
    let manifestNames = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0 == "Package.swift" || ($0.hasPrefix("Package@") && $0.hasSuffix(".swift"))
    }
    let manifests = manifestNames.map { ((try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "").lowercased() }
    // The manifests' string literals, read once: a large checkout (firebase-ios-sdk) has tens of
    // thousands of paths, each asked whether a manifest names its folder or its file.
    let literals = manifests.flatMap { text in
      text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
    let named = Set(literals)
    let namedFolders = Set(literals.compactMap { literal in literal.firstIndex(of: "/").map { String(literal[..<$0]) } })
    let conventional: Set<String> = ["sources", "source", "src"]
    let aside = ["test", "example", "demo", "sample", "doc", "benchmark", "plugin", ".build", ".git", ".xcodeproj", "generator"]
    var paths: [String] = []
    while let path = walker.nextObject() as? String {
      let parts = path.split(separator: "/").map { $0.lowercased() }
      guard parts.count > 1, let first = parts.first,
            conventional.contains(first) || namedFolders.contains(first) || named.contains(first),
            !parts.contains(where: { part in aside.contains { part.contains($0) } })
      else { continue }
      if let name = parts.last, named.contains(name) { continue }
      // Objective-C: its implementation files, and the headers a C target publishes (`include/`).
      if path.hasSuffix(".swift") || path.hasSuffix(".m") || (path.hasSuffix(".h") && parts.contains("include")) {
        paths.append(path)
      }
    }
    for path in paths.sorted() {
      guard let text = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else { continue }
      if path.hasSuffix(".swift") {
        var depth = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
          let trimmed = line.trimmingCharacters(in: .whitespaces)
          if trimmed.hasPrefix("#if") { depth += 1 } else if trimmed.hasPrefix("#endif") { depth = max(0, depth - 1) }
          guard depth == 0 else { continue }
          var words = trimmed.split(separator: " ").map(String.init)
          while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
          guard words.first == "import" else { continue }
          words.removeFirst()
          if let kind = words.first, ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(kind) { words.removeFirst() }
          guard let module = words.first?.split(separator: ".").first.map(String.init) else { continue }
          // CoreFoundation is the toolchain's on Linux too (PromiseKit's `hang.swift` imports it).
          guard module != "CoreFoundation" else { continue }
          if LinuxSupport.appleFrameworks.contains(module) || ["UIKit", "SwiftUI", "Combine", "AppKit", "OSLog", "WatchKit"].contains(module) {
            return "\(path) imports `\(module)`"
          }
        }
      } else if text.contains("<UIKit/") || text.contains("@import UIKit") || text.contains("<Foundation/Foundation.h>") || text.contains("@import Foundation") {
        return "\(path) imports \(text.contains("UIKit") ? "UIKit" : "Foundation") for Objective-C"
      }
    }
    return nil
  }
}
