import Foundation
import Processes

/// The app's own Swift packages (`Packages/Models`, a `Package/` beside the Xcode project): their
/// manifests read with `swift package dump-package`, which evaluates them as SwiftPM does.
enum LocalPackages {
  /// One package's regular targets, as its manifest declares them.
  struct Manifest {
    struct Target {
      var name: String
      /// The sources' folder, relative to the package.
      var path: String
      /// Paths the manifest excludes, relative to `path`.
      var exclude: [String]
      /// `5` or `6`: the target's language mode.
      var languageMode: String
      /// The package's macro targets it depends on (element-x's `Macros` on `MacrosImplementation`).
      var macros: [String] = []
    }

    /// A macro target: a compiler plugin the package builds for the host, over swift-syntax.
    struct MacroTarget {
      var name: String
      /// The sources' folder, relative to the package.
      var path: String
      var exclude: [String]
      var languageMode: String
      /// Products it takes from source-control packages: (product, URL).
      var products: [(product: String, url: String)]
    }

    var targets: [Target]
    /// Its macro targets, which its regular targets' macro declarations expand with.
    var macroTargets: [MacroTarget] = []
    /// Folders of the packages it depends on by path, absolute.
    var localDependencies: [String]
    /// The URLs of the packages it depends on by source control.
    var remoteDependencies: [String]
    /// Products its targets take from those packages: (product, URL).
    var remoteProducts: [(product: String, url: String)] = []
    /// Each source-control dependency's requirement, as `.package(url:...)` takes it after the
    /// URL (`"5.0.0"..<"6.0.0"`, `exact: "1.2.3"`, `branch: "main"`), by URL.
    var requirements: [String: String] = [:]
  }

  /// The manifest of the package in `folder` (absolute), or the first line of why it cannot be read.
  static func read(_ folder: String) -> Result<Manifest, AdoptError> {
    let result = ChildProcess.runBlocking("/usr/bin/env", ["swift", "package", "dump-package", "--package-path", folder])
    let data = Data(result.output.utf8)
    guard result.status == 0, result.signal == nil else {
      let text = result.errors
      let first = text.split(separator: "\n").first { $0.contains("error") } ?? text.split(separator: "\n").first ?? "no reason given"
      return .failure(AdoptError(String(first)))
    }
    guard let dump = try? JSONDecoder().decode(Dump.self, from: data) else {
      return .failure(AdoptError("`swift package dump-package` printed what adopt cannot read"))
    }
    let packageMode = dump.swiftLanguageVersions?.max() ?? (Self.toolsMajor(dump.toolsVersion) >= 6 ? "6" : "5")
    let macroNames = Set(dump.targets.filter { $0.type == "macro" }.map(\.name))
    let targets = dump.targets.filter { $0.type == "regular" || $0.type == "executable" }.map { target in
      let mode = target.settings?.compactMap { $0.kind.swiftLanguageMode?._0 }.first ?? packageMode
      return Manifest.Target(
        name: target.name, path: target.path ?? "Sources/\(target.name)", exclude: target.exclude ?? [],
        languageMode: mode.hasPrefix("6") ? "6" : "5",
        macros: (target.dependencies ?? []).compactMap(\.targetName).filter(macroNames.contains))
    }
    var local: [String] = []
    var remote: [String] = []
    for dependency in dump.dependencies ?? [] {
      for place in dependency.fileSystem ?? [] { local.append(place.path) }
      for control in dependency.sourceControl ?? [] {
        for url in control.location.remote ?? [] { remote.append(url.urlString) }
      }
    }
    var manifest = Manifest(targets: targets, localDependencies: local, remoteDependencies: remote)
    for dependency in dump.dependencies ?? [] {
      for control in dependency.sourceControl ?? [] {
        guard let url = control.location.remote?.first?.urlString, let requirement = control.requirement?.swiftPM else { continue }
        manifest.requirements[url] = requirement
      }
    }
    // `.product(name: "KeychainSwift", package: "keychain-swift")`: which package a module is of.
    var urls: [String: String] = [:]
    for dependency in dump.dependencies ?? [] {
      for control in dependency.sourceControl ?? [] {
        if let url = control.location.remote?.first?.urlString { urls[control.identity.lowercased()] = url }
      }
    }
    for target in dump.targets {
      for dependency in target.dependencies ?? [] {
        guard let product = dependency.product, product.count >= 2, case .text(let name) = product[0],
              case .text(let package) = product[1], let url = urls[package.lowercased()] else { continue }
        // A macro's products (swift-syntax's) are its own, not modules the app's files import.
        if target.type != "macro" { manifest.remoteProducts.append((name, url)) }
      }
    }
    manifest.macroTargets = dump.targets.filter { $0.type == "macro" }.map { target in
      let mode = target.settings?.compactMap { $0.kind.swiftLanguageMode?._0 }.first ?? packageMode
      let products: [(product: String, url: String)] = (target.dependencies ?? []).compactMap { dependency in
        guard let product = dependency.product, product.count >= 2, case .text(let name) = product[0],
              case .text(let package) = product[1], let url = urls[package.lowercased()] else { return nil }
        return (name, url)
      }
      return Manifest.MacroTarget(
        name: target.name, path: target.path ?? "Sources/\(target.name)", exclude: target.exclude ?? [],
        languageMode: mode.hasPrefix("6") ? "6" : "5", products: products)
    }
    return .success(manifest)
  }

  /// Folders of the local packages an Xcode project names (`XCLocalSwiftPackageReference`), absolute.
  static func referenced(byProject project: String) -> [String] {
    guard let text = try? String(contentsOfFile: project + "/project.pbxproj", encoding: .utf8),
          case .dictionary(let root)? = PlistValue.read(text), case .dictionary(let objects)? = root["objects"]
    else { return [] }
    let base = (project as NSString).deletingLastPathComponent
    // In the file's order of objects (their IDs), as Xcode writes them.
    return objects.sorted { $0.key < $1.key }.compactMap { _, value in
      guard case .dictionary(let object) = value, case .string("XCLocalSwiftPackageReference")? = object["isa"],
            case .string(let relative)? = object["relativePath"]
      else { return nil }
      return URL(fileURLWithPath: base + "/" + relative).standardizedFileURL.path
    }
  }

  private static func toolsMajor(_ version: Dump.ToolsVersion?) -> Int {
    Int(version?._version.split(separator: ".").first ?? "5") ?? 5
  }

  /// The parts of `dump-package`'s JSON that adopt reads.
  private struct Dump: Decodable {
    struct ToolsVersion: Decodable { var _version: String }
    struct Setting: Decodable {
      struct Kind: Decodable {
        struct Mode: Decodable { var _0: String }
        var swiftLanguageMode: Mode?
      }
      var kind: Kind
    }
    struct Target: Decodable {
      /// `{"product": ["KeychainSwift", "keychain-swift", null, null]}`: its name, its package,
      /// then module aliases and a condition, which adopt does not read.
      struct Dependency: Decodable {
        enum Field: Decodable {
          case text(String)
          case other
          init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            self = (try? value.decode(String.self)).map(Field.text) ?? .other
          }
        }
        var product: [Field]?
        /// `{"byName": ["MacrosImplementation", null]}`, `{"target": [...]}`: one of its own package.
        var byName: [Field]?
        var target: [Field]?

        /// The name of a target of its own package it depends on, if that is what it is.
        var targetName: String? {
          guard case .text(let name)? = (byName ?? target)?.first else { return nil }
          return name
        }
      }
      var name: String
      var type: String
      var path: String?
      var exclude: [String]?
      var settings: [Setting]?
      var dependencies: [Dependency]?
    }
    struct Dependency: Decodable {
      struct FileSystem: Decodable { var path: String }
      struct SourceControl: Decodable {
        struct Location: Decodable {
          struct Remote: Decodable { var urlString: String }
          var remote: [Remote]?
        }
        /// `{"range": [{"lowerBound": "5.0.0", "upperBound": "6.0.0"}]}`, `{"exact": ["1.2.3"]}`, ...
        struct Requirement: Decodable {
          struct Bounds: Decodable { var lowerBound: String; var upperBound: String }
          var range: [Bounds]?
          var exact: [String]?
          var branch: [String]?
          var revision: [String]?

          /// The requirement as a manifest writes it after the URL.
          var swiftPM: String? {
            if let bounds = range?.first { return "\"\(bounds.lowerBound)\"..<\"\(bounds.upperBound)\"" }
            if let version = exact?.first { return "exact: \"\(version)\"" }
            if let name = branch?.first { return "branch: \"\(name)\"" }
            if let id = revision?.first { return "revision: \"\(id)\"" }
            return nil
          }
        }
        var identity: String
        var location: Location
        var requirement: Requirement?
      }
      var fileSystem: [FileSystem]?
      var sourceControl: [SourceControl]?
    }
    var targets: [Target]
    var dependencies: [Dependency]?
    var swiftLanguageVersions: [String]?
    var toolsVersion: ToolsVersion?
  }
}
