import Foundation

/// The third-party packages an app pins (`Package.resolved` of its Xcode project or workspace, or
/// of its local packages), so that `adopt` says what an import is instead of guessing.
struct PinnedPackages: Sendable {
  /// One pinned package.
  struct Pin: Equatable, Sendable {
    /// `github.com/onevcat/Kingfisher`.
    var location: String
    /// The URL as the app wrote it (`https://github.com/onevcat/Kingfisher.git`): what a mirror maps.
    var url: String
    /// The pinned revision, when the pin has one.
    var revision: String?
    /// `7.10.0`, a branch or a short revision.
    var version: String
    /// The package's lower-case identity (`kingfisher`).
    var identity: String
    /// For a package declared but pinned nowhere: its declared requirement, which the generated
    /// manifest asks for (`"7.0.0"..<"8.0.0"`).
    var declared: String? = nil
  }

  private(set) var pins: [Pin] = []
  /// Products the Xcode project or the local manifests take from a pinned package, by product name.
  private(set) var products: [String: String] = [:]

  /// Reads every `Package.resolved` of `files` (paths relative to `root`).
  init(root: String, resolved files: [String]) {
    var seen: Set<String> = []
    for file in files.sorted() {
      guard let data = FileManager.default.contents(atPath: root + "/" + file),
            let resolved = try? JSONDecoder().decode(Resolved.self, from: data)
      else { continue }
      for entry in resolved.pins ?? resolved.object?.pins ?? [] {
        guard let url = entry.location ?? entry.repositoryURL else { continue }
        let state = entry.state ?? Resolved.State()
        let version = state.version ?? state.branch ?? state.revision.map { String($0.prefix(7)) } ?? "?"
        let location = Self.shortLocation(url)
        guard !seen.contains(location) else { continue }
        seen.insert(location)
        let identity = entry.identity ?? entry.package?.lowercased() ?? Self.identity(of: url)
        pins.append(Pin(location: location, url: url, revision: state.revision, version: version, identity: identity.lowercased()))
      }
    }
  }

  /// A `Package.resolved`: version 1 keeps the pins under `object` (with `package` and
  /// `repositoryURL`), versions 2 and 3 at the top (with `identity` and `location`).
  private struct Resolved: Decodable {
    struct State: Decodable {
      var version: String? = nil
      var branch: String? = nil
      var revision: String? = nil
    }
    struct Entry: Decodable {
      var identity: String?
      var package: String?
      var location: String?
      var repositoryURL: String?
      var state: State?
    }
    struct Object: Decodable { var pins: [Entry]? }
    var pins: [Entry]?
    var object: Object?
  }

  /// Adds the package at `url`, declared with `requirement` (as a manifest writes it after the
  /// URL), unless a pin already holds it.
  mutating func declare(url: String, requirement: String) {
    let location = Self.shortLocation(url)
    guard pin(at: url) == nil else { return }
    let shown = requirement.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "exact: ", with: "").replacingOccurrences(of: ": ", with: " ")
    pins.append(Pin(location: location, url: url, revision: nil, version: shown, identity: Self.identity(of: url), declared: requirement))
  }

  /// Records that product `name` comes from the package at `url` (an Xcode project's or a
  /// manifest's product dependency).
  mutating func add(product name: String, from url: String) {
    products[name] = Self.shortLocation(url)
  }

  /// The package at `url` (however it is spelled: `.git`, case), pinned or declared.
  func pin(at url: String) -> Pin? {
    let location = Self.shortLocation(url).lowercased()
    return pins.first { $0.location.lowercased() == location }
  }

  /// The package a local manifest or the project takes product `name` from, pinned or not.
  func location(ofProduct name: String) -> String? { products[name] }

  /// The pinned package that provides module `name`: a product of that name, or else a package
  /// whose identity is the module's name.
  func pin(forModule name: String) -> Pin? {
    if let location = products[name], let pin = pins.first(where: { $0.location == location }) { return pin }
    // `QuickLook` is Apple's, not a module of `Quick`, whatever the names share.
    guard !LinuxSupport.appleFrameworks.contains(name) else { return nil }
    let lower = name.lowercased()
    // `Firebase` of `firebase-ios-sdk`, `Kingfisher` of `kingfisher`, `Sodium` of `swift-sodium`.
    return pins.first {
      $0.identity == lower || $0.identity == lower + "-swift" || $0.identity == "swift-" + lower
        || $0.identity.hasPrefix(lower + "-ios") || $0.identity == lower + ".swift"
    } ?? pins.first {
      // `FirebaseFirestoreSwift` of `firebase-ios-sdk`: a family of modules named after the package.
      let head = $0.identity.split(separator: "-").first.map(String.init) ?? ""
      return head.count >= 4 && head != "swift" && head != "apple" && lower.hasPrefix(head)
    } ?? pins.first {
      // `OrderedCollections` of `swift-collections`, whose product the app takes is `Collections`:
      // one module of a package that names the family after what its modules end with.
      guard $0.identity.hasPrefix("swift-") else { return false }
      let tail = $0.identity.dropFirst("swift-".count).replacingOccurrences(of: "-", with: "")
      return tail.count >= 6 && lower.hasSuffix(tail)
    }
  }

  /// The package's name as `.product(name:package:)` takes it: its URL's last component.
  static func packageName(_ pin: Pin) -> String {
    String(shortLocation(pin.url).split(separator: "/").last ?? Substring(pin.identity))
  }

  /// `https://github.com/onevcat/Kingfisher.git` as `github.com/onevcat/Kingfisher`.
  static func shortLocation(_ url: String) -> String {
    var text = Substring(url)
    for scheme in ["https://", "http://", "ssh://", "git@"] where text.hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
    if text.hasSuffix(".git") { text = text.dropLast(4) }
    if text.hasSuffix("/") { text = text.dropLast() }
    return text.replacingOccurrences(of: ":", with: "/")
  }

  static func identity(of url: String) -> String {
    String(shortLocation(url).split(separator: "/").last ?? "").lowercased()
  }
}
