import Foundation

/// What `adopt` reads of an Xcode project (`project.pbxproj`, an old-style property list): the
/// files its app target compiles, so that a stray copy outside the target, or the Mac or watch
/// app's file of the same name, loses to the file the iOS app builds.
struct XcodeProject {
  /// Every file reference's path, by its object's ID, relative to the project's folder.
  private var paths: [String: String] = [:]
  /// Folders Xcode 16 keeps in step with the disk (`PBXFileSystemSynchronizedRootGroup`), by ID.
  private var synchronized: [String: String] = [:]
  /// The app target's compiled files, relative to the project's folder.
  private(set) var files: Set<String> = []
  /// The app target's synchronized folders: every file under them is compiled.
  private(set) var synchronizedFolders: [String] = []
  /// The app target's name.
  private(set) var appTarget: String?
  /// The app target's default actor isolation (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`, Xcode
  /// 26's default for new apps): what an unannotated type of the app is isolated to.
  private(set) var defaultIsolation: String?
  /// Whether the app target's Swift writes regex literals as `/.../`: language mode 6
  /// (`SWIFT_VERSION = 6.2`, element-x's `/[@#]\S*/`) or `SWIFT_ENABLE_BARE_SLASH_REGEX = YES`.
  private(set) var bareSlashRegex = false
  /// The app target's bundle identifier (`PRODUCT_BUNDLE_IDENTIFIER`), where written whole
  /// (not built from `$(VARIABLES)` an .xcconfig sets).
  private(set) var bundleIdentifier: String?
  /// The app target's build settings in its `Debug` configuration (else its first), the project's
  /// before the target's: each configuration's `.xcconfig` (relative to the project's folder),
  /// which its own settings override.
  private(set) var appSettingLayers: [(xcconfig: String?, settings: [String: String])] = []
  /// The project's development region (`en`): what `$(DEVELOPMENT_LANGUAGE)` says.
  private(set) var developmentRegion: String?

  /// A framework target of the project (`Shared`, which the app and its extensions import).
  struct Framework {
    /// The module name: the product's name.
    var module: String
    var files: Set<String>
    var folders: [String]

    func contains(_ path: String) -> Bool { files.contains(path) || folders.contains { path.hasPrefix($0 + "/") } }
  }

  /// Products the project takes from remote packages: (product, repository URL).
  private(set) var remoteProducts: [(product: String, url: String)] = []
  /// The project's remote packages' requirements as a manifest writes them after the URL
  /// (`from: "5.0.0"`), by repository URL.
  private(set) var requirements: [String: String] = [:]

  /// The framework targets, one per module name (the iOS one where several build one), by name.
  private(set) var frameworks: [Framework] = []

  /// The project's other apps and extensions (a watch app, a watch extension, a Mac app, a share
  /// extension), best first: each a module of its own, named for its target, of the files
  /// neither the app target nor a framework compiles (home-assistant's `WatchApp`, whose 14
  /// view-models the iOS app lacks).
  private(set) var otherApps: [Framework] = []

  /// Whether the app target compiles `path` (relative to the project's folder).
  func contains(_ path: String) -> Bool {
    files.contains(path) || synchronizedFolders.contains { path.hasPrefix($0 + "/") }
  }

  /// Reads `text`, a `project.pbxproj`; nil when it is not one adopt can read.
  init?(pbxproj text: String) {
    guard case .dictionary(let root)? = PlistValue.read(text),
          case .dictionary(let objects)? = root["objects"],
          case .string(let projectID)? = root["rootObject"],
          case .dictionary(let project)? = objects[projectID],
          case .string(let mainGroup)? = project["mainGroup"]
    else { return nil }
    walk(mainGroup, folder: "", objects: objects, depth: 0)
    if case .string(let region)? = project["developmentRegion"] { developmentRegion = region }
    for (_, value) in objects.sorted(by: { $0.key < $1.key }) {
      guard case .dictionary(let object) = value, case .string("XCSwiftPackageProductDependency")? = object["isa"],
            case .string(let product)? = object["productName"], case .string(let packageID)? = object["package"],
            case .dictionary(let package)? = objects[packageID], case .string(let url)? = package["repositoryURL"]
      else { continue }
      remoteProducts.append((product, url))
    }
    for (_, value) in objects.sorted(by: { $0.key < $1.key }) {
      guard case .dictionary(let object) = value, case .string("XCRemoteSwiftPackageReference")? = object["isa"],
            case .string(let url)? = object["repositoryURL"], case .dictionary(let requirement)? = object["requirement"],
            case .string(let kind)? = requirement["kind"]
      else { continue }
      func field(_ name: String) -> String? {
        if case .string(let text)? = requirement[name] { return text }
        return nil
      }
      switch kind {
      case "upToNextMajorVersion": if let version = field("minimumVersion") { requirements[url] = "from: \"\(version)\"" }
      case "upToNextMinorVersion": if let version = field("minimumVersion") { requirements[url] = ".upToNextMinor(from: \"\(version)\")" }
      case "exactVersion": if let version = field("version") { requirements[url] = "exact: \"\(version)\"" }
      case "versionRange":
        if let low = field("minimumVersion"), let high = field("maximumVersion") { requirements[url] = "\"\(low)\"..<\"\(high)\"" }
      case "branch": if let name = field("branch") { requirements[url] = "branch: \"\(name)\"" }
      case "revision": if let id = field("revision") { requirements[url] = "revision: \"\(id)\"" }
      default: break
      }
    }
    // The app target: an application, an iOS one first, then the one named as the project's
    // product, then the one that compiles most.
    var best: (score: Int, name: String, files: Set<String>, folders: [String])?
    var apps: [(score: Int, app: Framework)] = []
    var bestFrameworks: [String: (score: Int, framework: Framework)] = [:]
    guard case .array(let targets)? = project["targets"] else { return }
    for case .string(let id) in targets {
      guard case .dictionary(let target)? = objects[id], case .string(let type)? = target["productType"],
            case .string(let name)? = target["name"]
      else { continue }
      let isFramework = type == "com.apple.product-type.framework" || type == "com.apple.product-type.library.static"
      // A watchOS 2 to 8 app's code is its extension's (the app itself compiles nothing); an app
      // extension's (a share sheet's, a widget's) may hold a screen's model too.
      let isExtension = ["com.apple.product-type.watchkit2-extension", "com.apple.product-type.app-extension"].contains(type)
      guard type == "com.apple.product-type.application" || isFramework || isExtension else { continue }
      var compiled: Set<String> = []
      if case .array(let phases)? = target["buildPhases"] {
        for case .string(let phaseID) in phases {
          guard case .dictionary(let phase)? = objects[phaseID], case .string("PBXSourcesBuildPhase")? = phase["isa"],
                case .array(let buildFiles)? = phase["files"] else { continue }
          for case .string(let buildFileID) in buildFiles {
            if case .dictionary(let buildFile)? = objects[buildFileID], case .string(let reference)? = buildFile["fileRef"],
               let path = paths[reference] { compiled.insert(path) }
          }
        }
      }
      var folders: [String] = []
      if case .array(let groups)? = target["fileSystemSynchronizedGroups"] {
        for case .string(let groupID) in groups { if let folder = synchronized[groupID] { folders.append(folder) } }
      }
      let iOS = Self.settings(of: target, objects: objects).contains { $0 == "iphoneos" || $0.contains("iphoneos") }
      // SDKROOT often lives in an .xcconfig file; the target's name then tells.
      let lower = name.lowercased()
      let named = ["ios", "iphone"].contains { lower.contains($0) } ? 1 : ["mac", "watch", "tvos", "vision"].contains { lower.contains($0) } ? -1 : 0
      let score = (iOS ? 1_000_000 : 0) + named * 500_000 + compiled.count + folders.count * 1_000
      var module = name
      if case .string(let product)? = target["productName"], !product.contains("$") { module = product }
      if isFramework {
        if let current = bestFrameworks[module], current.score >= score { continue }
        bestFrameworks[module] = (score, Framework(module: module, files: compiled, folders: folders))
        continue
      }
      // An app's claim on a file it shares with an extension comes first.
      apps.append((score - (isExtension ? 2_000_000 : 0), Framework(module: PackageWriter.identifier(module), files: compiled, folders: folders)))
      if isExtension { continue }
      if best == nil || score > best!.score {
        best = (score, name, compiled, folders)
        defaultIsolation = Self.settings(of: target, objects: objects, keys: ["SWIFT_DEFAULT_ACTOR_ISOLATION"]).first { $0 == "MainActor" }
        bundleIdentifier = Self.settings(of: target, objects: objects, keys: ["PRODUCT_BUNDLE_IDENTIFIER"]).first { !$0.contains("$") && !$0.isEmpty }
        let targetLayers = layers(of: target, objects: objects, configuration: nil)
        appSettingLayers = layers(of: project, objects: objects, configuration: targetLayers.name).layers + targetLayers.layers
        var settings = BuildSettings(layers: appSettingLayers.map(\.settings))
        let major = settings.value(of: "SWIFT_VERSION").flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        bareSlashRegex = major >= 6 || settings.value(of: "SWIFT_ENABLE_BARE_SLASH_REGEX") == "YES"
      }
    }
    if let best {
      files = best.files
      synchronizedFolders = best.folders
      appTarget = best.name
    }
    frameworks = bestFrameworks.sorted { $0.key < $1.key }.map(\.value.framework)
    // Every other app with files of its own, once per module name, best first.
    var names = Set(frameworks.map(\.module))
    for (_, app) in apps.sorted(by: { $0.score != $1.score ? $0.score > $1.score : $0.app.module < $1.app.module })
    where app.files != files || app.folders != synchronizedFolders {
      guard !app.files.isEmpty || !app.folders.isEmpty, names.insert(app.module).inserted else { continue }
      otherApps.append(app)
    }
  }

  /// The `.xcconfig` and settings of `owner`'s (a target's or the project's) configuration named
  /// `configuration`, else its `Debug` one, else its first: its `.xcconfig` and its settings.
  private func layers(
    of owner: [String: PlistValue], objects: [String: PlistValue], configuration: String?
  ) -> (name: String?, layers: [(xcconfig: String?, settings: [String: String])]) {
    guard case .string(let listID)? = owner["buildConfigurationList"], case .dictionary(let list)? = objects[listID],
          case .array(let ids)? = list["buildConfigurations"] else { return (nil, []) }
    let configurations: [[String: PlistValue]] = ids.compactMap {
      guard case .string(let id) = $0, case .dictionary(let object)? = objects[id] else { return nil }
      return object
    }
    func named(_ name: String?) -> [String: PlistValue]? {
      configurations.first { if case .string(let own)? = $0["name"] { return own == name } else { return false } }
    }
    guard let chosen = named(configuration) ?? named("Debug") ?? configurations.first else { return (nil, []) }
    var settings: [String: String] = [:]
    if case .dictionary(let values)? = chosen["buildSettings"] {
      for (key, value) in values {
        switch value {
        case .string(let text): settings[key] = text
        case .array(let items): settings[key] = items.compactMap { if case .string(let text) = $0 { return text } else { return nil } }.joined(separator: " ")
        case .dictionary: continue
        }
      }
    }
    var xcconfig: String?
    if case .string(let reference)? = chosen["baseConfigurationReference"] {
      xcconfig = paths[reference]
    } else if case .string(let anchor)? = chosen["baseConfigurationReferenceAnchor"], let folder = synchronized[anchor],
              case .string(let relative)? = chosen["baseConfigurationReferenceRelativePath"] {
      xcconfig = Self.normalized(folder + "/" + relative)
    }
    var name: String?
    if case .string(let own)? = chosen["name"] { name = own }
    return (name, [(xcconfig, settings)])
  }

  /// The settings `keys` (by default the SDK's: `SDKROOT`, `SUPPORTED_PLATFORMS`) of a target's
  /// build configurations.
  private static func settings(
    of target: [String: PlistValue], objects: [String: PlistValue], keys: [String] = ["SDKROOT", "SUPPORTED_PLATFORMS"]
  ) -> [String] {
    guard case .string(let listID)? = target["buildConfigurationList"], case .dictionary(let list)? = objects[listID],
          case .array(let configurations)? = list["buildConfigurations"] else { return [] }
    var result: [String] = []
    for case .string(let id) in configurations {
      guard case .dictionary(let configuration)? = objects[id], case .dictionary(let settings)? = configuration["buildSettings"] else { continue }
      for key in keys {
        if case .string(let value)? = settings[key] { result.append(value) }
      }
    }
    return result
  }

  private mutating func walk(_ id: String, folder: String, objects: [String: PlistValue], depth: Int) {
    guard depth < 64, case .dictionary(let object)? = objects[id], case .string(let kind)? = object["isa"] else { return }
    var here = folder
    if case .string(let path)? = object["path"] {
      let tree: String
      if case .string(let value)? = object["sourceTree"] { tree = value } else { tree = "<group>" }
      switch tree {
      case "<group>": here = folder.isEmpty ? path : folder + "/" + path
      case "SOURCE_ROOT": here = path
      default: return  // SDKs, built products, absolute paths: not the app's files
      }
    }
    switch kind {
    case "PBXFileReference":
      paths[id] = Self.normalized(here)
    case "PBXFileSystemSynchronizedRootGroup":
      synchronized[id] = Self.normalized(here)
    default:
      if case .array(let children)? = object["children"] {
        for case .string(let child) in children { walk(child, folder: here, objects: objects, depth: depth + 1) }
      }
    }
  }

  /// `a/./b/../c` as `a/c`.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
    }
    return parts.joined(separator: "/")
  }
}

/// A value of an old-style property list.
enum PlistValue: Equatable {
  case string(String)
  case array([PlistValue])
  case dictionary([String: PlistValue])

  /// `text` read by Foundation's `PropertyListSerialization`, which reads the OpenStep format
  /// `project.pbxproj` is written in on Linux too; nil when it is not a property list.
  static func read(_ text: String) -> PlistValue? {
    guard let any = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) else { return nil }
    return PlistValue(any)
  }

  private init?(_ any: Any) {
    if let text = any as? String {
      self = .string(text)
    } else if let list = any as? [Any] {
      var items: [PlistValue] = []
      for item in list {
        guard let value = PlistValue(item) else { return nil }
        items.append(value)
      }
      self = .array(items)
    } else if let map = any as? [String: Any] {
      var entries: [String: PlistValue] = [:]
      for (key, item) in map {
        guard let value = PlistValue(item) else { return nil }
        entries[key] = value
      }
      self = .dictionary(entries)
    } else {
      return nil
    }
  }
}
