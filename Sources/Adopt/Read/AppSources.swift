import Foundation
import Synchronization

/// An app's Swift files as `adopt` read them: where they are and what each declares.
///
/// ```swift
/// let app = try AppSources.scan(folder: "~/Code/Weather")
/// let adoption = Adoption(app)
/// ```
struct AppSources: Sendable {
  /// The folder that was read, absolute and standardised.
  var folder: String
  /// The app's name: its Xcode project's, or else the folder's.
  var appName: String
  /// Every Swift file but tests, vmrepl's own and other packages', sorted by path.
  var files: [SourceFacts]
  /// The modules of the app's own Swift packages, each compiled as a target of its own.
  var modules: [LocalModule] = []
  /// The macro targets of those packages, compiled as the packages compile them.
  var macros: [LocalMacro] = []
  /// Local packages whose manifest could not be read, with why (their modules are not compiled).
  var unreadPackages: [(path: String, reason: String)] = []
  /// Source-control packages the app's own packages depend on, by URL, sorted.
  var remotePackages: [String] = []
  /// The third-party packages the app pins.
  var pins = PinnedPackages(root: "", resolved: [])
  /// The app target's default actor isolation, from its Xcode project (`MainActor`), if set.
  var defaultIsolation: String?
  /// Whether the app target writes regex literals as `/.../` (`SWIFT_VERSION` 6 and up, or
  /// `SWIFT_ENABLE_BARE_SLASH_REGEX = YES`).
  var bareSlashRegex = false
  /// What `Bundle.main.bundleIdentifier` says in the REPL: the app target's, where its project
  /// writes it whole; else one made of the app's name.
  var bundleIdentifier: String { projectBundleIdentifier ?? "com.example." + appName.filter { $0.isLetter || $0.isNumber } }
  var projectBundleIdentifier: String?
  /// The app target's `Info.plist`, its settings resolved: what the REPL's bundle says.
  var infoPlist: AppInfoPlist?
  /// Settings the app target's `PRODUCT_BUNDLE_IDENTIFIER` names that nothing adopt read sets
  /// (so the identifier is made of the app's name).
  var bundleIdentifierNeeds: [String] = []

  /// Third-party packages compiled from their sources as the app's own modules (they do not
  /// build on Linux as packages): each copy's folder (absolute) and the package's location.
  var vendored: [(folder: String, location: String)] = []
  /// The app's own strings in its development language, for its localized-string lookups
  /// that stand in (SwiftGen's `L10n.tr`).
  var strings = AppStrings()

  /// Reads the app target's build settings (its configurations' and their `.xcconfig` files',
  /// under `folder`, the project's) for its bundle identifier, where they make it whole, and
  /// its `Info.plist`.
  mutating func readInfoPlist(of project: XcodeProject, target: String, folder: String) {
    // Files outside the app's folders are no part of it (an absolute path is another machine's).
    let read = { (path: String) -> String? in
      guard !path.hasPrefix("/") else { return nil }
      return try? String(contentsOfFile: folder + "/" + path, encoding: .utf8)
    }
    // What Xcode sets of itself; the project's folder is `.`, so paths stay relative.
    var settings = BuildSettings(layers: [[
      "TARGET_NAME": target, "PRODUCT_NAME": "$(TARGET_NAME)", "EXECUTABLE_NAME": "$(PRODUCT_NAME)",
      "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)", "DEVELOPMENT_LANGUAGE": project.developmentRegion ?? "en",
      "CONFIGURATION": "Debug", "PLATFORM_NAME": "iphoneos", "EFFECTIVE_PLATFORM_NAME": "-iphoneos", "SDKROOT": "iphoneos",
      "SRCROOT": ".", "PROJECT_DIR": ".", "SOURCE_ROOT": ".",
    ]])
    // An .xcconfig a developer makes from the repository's template on first clone
    // (IceCubesApp's `IceCubesApp.xcconfig.template`) is read from the template.
    let readConfig = { (path: String) -> String? in
      read(path) ?? [".template", ".sample", ".example"].lazy.compactMap { read(path + $0) }.first
    }
    for layer in project.appSettingLayers {
      let xcconfig = layer.xcconfig.flatMap { path in
        readConfig(path).map { BuildSettings.xcconfig($0, folder: (path as NSString).deletingLastPathComponent, read: readConfig) }
      }
      settings.layers += [xcconfig ?? [:], layer.settings]
    }
    // A setting nothing sets is empty, as Xcode makes it (home-assistant's `$(PROVISIONING_SUFFIX)`,
    // which only its extensions set); an identifier it leaves malformed is not the app's.
    var probe = settings
    if let identifier = probe.value(of: "PRODUCT_BUNDLE_IDENTIFIER"), !identifier.isEmpty,
       identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }),
       !identifier.hasPrefix("."), !identifier.hasSuffix("."), !identifier.contains("..") {
      projectBundleIdentifier = identifier
      settings = probe  // what it needed is empty in the property list too, and said so
    } else {
      bundleIdentifierNeeds = probe.undefined
    }
    infoPlist = AppInfoPlist.make(settings: &settings, bundleIdentifier: bundleIdentifier, read: read)
  }

  /// The names of the targets a manifest declares (`.target(name: "X"`, `.binaryTarget(name:`).
  static func targetNames(inManifest manifest: String) -> [String] {
    let pattern = /\.(?:binaryTarget|target|systemLibrary|executableTarget)\(\s*name:\s*"([^"]+)"/
    return manifest.matches(of: pattern).map { String($0.output.1) }
  }

  /// How `path` (relative to the app's folder) is shown: a vendored package's file by the
  /// package's location (`github.com/example/Gadget/Sources/Gadget/Haptics.swift`), the same
  /// wherever the package adopt writes lies.
  func shown(_ path: String) -> String {
    for (prefix, location) in vendoredPrefixes where path.hasPrefix(prefix) {
      return location + "/" + path.dropFirst(prefix.count)
    }
    return path
  }

  /// Each vendored package's folder as the app's paths write it (`../App-vmrepl/vendored/Gadget/`),
  /// with its location.
  private var vendoredPrefixes: [(prefix: String, location: String)] {
    vendored.map { (PackageWriter.relativePath(from: folder, to: $0.folder) + "/", $0.location) }
  }

  /// Every vendored package's file path in `text` shown as `shown(_:)` shows it.
  ///
  /// One pass over the text's bytes for all packages: every generated file of a large app goes
  /// through here at each round, and Foundation's search once per package was a tenth of a round.
  func shownPaths(in text: String) -> String {
    let replacements = vendoredPrefixes.map { (old: Array($0.prefix.utf8), new: Array(($0.location + "/").utf8)) }
    let firsts = Set(replacements.compactMap(\.old.first))
    var text = text
    text.makeContiguousUTF8()
    var bytes: [UInt8] = []
    var changed = false
    text.utf8.withContiguousStorageIfAvailable { source in
      var index = 0
      var copied = 0
      while index < source.count {
        if firsts.contains(source[index]),
           let match = replacements.first(where: { replacement in
             index + replacement.old.count <= source.count && source[index..<index + replacement.old.count].elementsEqual(replacement.old)
           }) {
          if !changed { bytes.reserveCapacity(source.count) }
          changed = true
          bytes += source[copied..<index]
          bytes += match.new
          index += match.old.count
          copied = index
          continue
        }
        index += 1
      }
      if changed { bytes += source[copied..<source.count] }
    }
    return changed ? String(decoding: bytes, as: UTF8.self) : text
  }

  /// Reads every Swift file under `folder`, except in `skipping` (absolute paths); `vendored`
  /// packages' modules (copies of their sources, absolute folders) are read as local packages'.
  static func scan(
    folder: String, skipping: [String] = [], vendored: [(folder: String, location: String)] = []
  ) throws(AdoptError) -> AppSources {
    let root = URL(fileURLWithPath: folder).standardizedFileURL.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
      throw AdoptError("no folder at \(folder): give the app's folder, its Xcode project's folder or a package")
    }
    var walker = Walker(root: root, skipping: Set(skipping))
    try walker.walk(root, relative: "", module: nil)
    // Local packages the Xcode project names outside the folder (`../Packages/Core`), and those
    // the app's packages depend on by path.
    for project in walker.projects.sorted() {
      for package in LocalPackages.referenced(byProject: root + "/" + project) { try walker.package(package) }
    }
    walker.pendingPackages += vendored.map(\.folder).reversed()
    while let package = walker.pendingPackages.popLast() { try walker.package(package) }
    var files = NestedNames.resolve(try Self.read(walker.found))
    files.sort { $0.path < $1.path }
    guard !files.isEmpty else {
      throw AdoptError("no Swift files under \(folder)")
    }
    let shallowest = walker.projects.sorted {
      let (left, right) = ($0.split(separator: "/").count, $1.split(separator: "/").count)
      return left == right ? $0 < $1 : left < right
    }
    let name = shallowest.first.map { String(($0 as NSString).lastPathComponent.dropLast(".xcodeproj".count)) }
      ?? URL(fileURLWithPath: root).lastPathComponent
    // The Xcode project, read once: which files its app target holds (a stray copy outside it loses
    // to the one the app builds), its framework targets, the packages' products it links.
    let xcodeProject = shallowest.first.flatMap { project in
      (try? String(contentsOfFile: root + "/" + project + "/project.pbxproj", encoding: .utf8)).flatMap(XcodeProject.init(pbxproj:))
    }
    if let project = shallowest.first, let parsed = xcodeProject, parsed.appTarget != nil {
      let base = (project as NSString).deletingLastPathComponent
      for index in files.indices where files[index].module == nil {
        let path = base.isEmpty ? files[index].path : PackageWriter.relativePath(from: "/" + base, to: "/" + files[index].path)
        files[index].inProject = parsed.contains(path)
        // A framework target of the project (`Shared`) is a module of its own, as a local package's;
        // so is another app's (the watch app's) file that neither the app nor a framework compiles.
        guard !files[index].inProject!,
              let framework = parsed.frameworks.first(where: { $0.contains(path) }) ?? parsed.otherApps.first(where: { $0.contains(path) }),
              framework.module != PackageWriter.identifier(name),
              !walker.modules.contains(where: { $0.name == framework.module && $0.folder != "." })
        else { continue }
        files[index].module = framework.module
        files[index].inProject = nil
        if !walker.modules.contains(where: { $0.name == framework.module }) {
          walker.modules.append(LocalModule(name: framework.module, folder: ".", languageMode: "5", isFramework: true))
        }
      }
      // A file the app target does not compile (a widget's, the watch app's, a script's) is not
      // the app's, once the project is known to name the app's files at all.
      if let target = parsed.appTarget, files.contains(where: { $0.inProject == true }) {
        for index in files.indices where files[index].inProject == false && files[index].module == nil { files[index].outsideTarget = target }
      }
    }
    // What the app pins: its Xcode project's and workspace's Package.resolved, its packages', its pods.
    let resolved = (walker.projects.map { $0 + "/project.xcworkspace/xcshareddata/swiftpm/Package.resolved" }
      + walker.workspaces.map { $0 + "/xcshareddata/swiftpm/Package.resolved" }
      + walker.packageFolders.map { ($0 == "." ? "" : $0 + "/") + "Package.resolved" } + ["Package.resolved"])
      .filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
    var pins = PinnedPackages(root: root, resolved: resolved)
    for (product, url) in walker.remoteProducts { pins.add(product: product, from: url) }
    for (product, url) in xcodeProject?.remoteProducts ?? [] { pins.add(product: product, from: url) }
    // What is declared but pinned nowhere resolves at its declared requirement, as SwiftPM and
    // Xcode resolve it on the user's machine.
    for (url, requirement) in walker.remoteRequirements.sorted(by: { $0.key < $1.key }) { pins.declare(url: url, requirement: requirement) }
    for (url, requirement) in (xcodeProject?.requirements ?? [:]).sorted(by: { $0.key < $1.key }) { pins.declare(url: url, requirement: requirement) }
    let pods = (try? String(contentsOfFile: root + "/Podfile.lock", encoding: .utf8)).map(LinuxSupport.pods(inLock:)) ?? [:]
    // As `import` writes them too: a vendored package's target `HAKit+PromiseKit` is the module
    // `HAKit_PromiseKit`, which the app imports (no product of the package is asked for then).
    let localNames = Set(walker.modules.flatMap { [$0.name, PackageBuild.moduleName(of: $0.name)] })
    // A vendored package's own targets that are no Swift module compiled here (a binary
    // `.xcframework`, a C target): its files that import one cannot build on Linux.
    var ownTargets: [String: String] = [:]
    for package in vendored {
      let manifest = (try? String(contentsOfFile: package.folder + "/Package.swift", encoding: .utf8)) ?? ""
      for name in Self.targetNames(inManifest: manifest) where !localNames.contains(name) { ownTargets[name] = package.location }
    }
    let vendoredPrefixes = vendored.map { PackageWriter.relativePath(from: root, to: $0.folder) + "/" }
    for index in files.indices {
      files[index].isVendored = vendoredPrefixes.contains { files[index].path.hasPrefix($0) }
      // A module of a package the app pins is that package's product: the package declares it.
      files[index].packageImports = files[index].imports.filter { module in
        !LinuxSupport.importable.contains(module) && !localNames.contains(module) && ownTargets[module] == nil
          && (pins.pin(forModule: module).map { $0.version != "?" } ?? false)
      }
      files[index].blockers += LinuxSupport.importBlockers(
        files[index].imports.filter { !files[index].importsLinuxSkips.contains($0) }, localModules: localNames.union(files[index].packageImports), pins: pins, pods: pods, ownTargets: ownTargets)
    }
    var app = AppSources(folder: root, appName: name, files: files)
    app.pins = pins
    app.vendored = vendored
    app.defaultIsolation = xcodeProject?.appTarget == nil ? nil : xcodeProject?.defaultIsolation
    app.bareSlashRegex = xcodeProject?.appTarget != nil && xcodeProject?.bareSlashRegex == true
    app.projectBundleIdentifier = xcodeProject?.appTarget == nil ? nil : xcodeProject?.bundleIdentifier
    if let project = shallowest.first, let parsed = xcodeProject, let target = parsed.appTarget {
      let base = (project as NSString).deletingLastPathComponent
      app.readInfoPlist(of: parsed, target: target, folder: base.isEmpty ? root : root + "/" + base)
    }
    app.modules = walker.modules.sorted { $0.name < $1.name }
    app.macros = walker.macros.sorted { $0.name < $1.name }
    app.unreadPackages = walker.unread.sorted { $0.path < $1.path }
    app.remotePackages = walker.remote.sorted()
    app.strings = AppStrings(files: walker.stringTables, root: root)
    return app
  }

}

extension AppSources {
  /// Parses the files found, on every core: swift-syntax in a debug build takes tens of
  /// milliseconds a file, and an app has hundreds to thousands.
  static func read(_ found: [Walker.Found]) throws(AdoptError) -> [SourceFacts] {
    let results = Mutex<[Int: Result<SourceFacts?, AdoptError>]>([:])
    DispatchQueue.concurrentPerform(iterations: found.count) { index in
      let file = found[index]
      let result: Result<SourceFacts?, AdoptError>
      if let text = try? String(contentsOfFile: file.path, encoding: .utf8) {
        var facts = ParsedFiles.facts(of: text, path: file.relativePath)
        facts.module = file.module
        result = .success(facts.isToolingFile ? nil : facts)
      } else {
        result = .failure(AdoptError("cannot read \(file.path) as UTF-8 text"))
      }
      results.withLock { $0[index] = result }
    }
    let all = results.withLock { $0 }
    var files: [SourceFacts] = []
    for index in found.indices {
      switch all[index] {
      case .success(let facts?)?: files.append(facts)
      case .failure(let error)?: throw error
      default: continue
      }
    }
    return files
  }
}

/// The facts of every file read in this process, by path with its text: an adopt reads the app
/// again each time it compiles a package from its sources (home-assistant: 75 of them), and
/// swift-syntax takes tens of milliseconds a file; a file whose text is unchanged is not parsed again.
enum ParsedFiles {
  private static let cache = Mutex<[String: (text: String, facts: SourceFacts)]>([:])

  /// `FactsVisitor.facts(of: text, path: path)`, parsed once per text.
  static func facts(of text: String, path: String) -> SourceFacts {
    if let hit = cache.withLock({ $0[path] }), hit.text == text { return hit.facts }
    let facts = FactsVisitor.facts(of: text, path: path)
    cache.withLock { $0[path] = (text, facts) }
    return facts
  }
}

/// One module of one of the app's own Swift packages.
struct LocalModule: Sendable, Equatable {
  /// The module's name, as `import` names it.
  var name: String
  /// Its sources' folder, relative to the app's folder (`Packages/Models/Sources/Models`).
  var folder: String
  /// `5` or `6`, as its package declares.
  var languageMode: String
  /// Whether it is a framework target of the Xcode project rather than a package's module (its
  /// files then lie anywhere in the app's folder, which `folder` is).
  var isFramework = false
  /// Macro targets of its package it depends on: a file declaring `macro ... = #externalMacro(
  /// module: "MacrosImplementation", ...)` expands with one.
  var macros: [String] = []
}

/// A macro target of one of the app's packages (element-x's `MacrosImplementation`, which
/// `@UserPreference` expands with): compiled from its files as its package declares it.
struct LocalMacro: Sendable, Equatable {
  /// One product it takes from a source-control package (`SwiftSyntaxMacros` of swift-syntax).
  struct Product: Sendable, Equatable {
    var name: String
    var url: String
  }

  var name: String
  /// Its sources' folder, relative to the app's folder.
  var folder: String
  /// Paths its package excludes, relative to `folder`.
  var exclude: [String]
  var languageMode: String
  var products: [Product]
}

/// Reads an app's folder: its own files, and its local packages' modules.
struct Walker {
  let root: String
  let skipping: Set<String>
  /// A Swift file found, to be read.
  struct Found: Sendable {
    var path: String
    var relativePath: String
    var module: String?
  }

  var found: [Found] = []
  /// The development language's `.strings` files (`en.lproj/Localizable.strings`), relative.
  var stringTables: [String] = []
  var projects: [String] = []
  var workspaces: [String] = []
  /// The local packages read, relative to the root.
  var packageFolders: [String] = []
  /// Products the local packages take from remote packages.
  var remoteProducts: [(product: String, url: String)] = []
  /// Requirements of the packages local manifests declare, by URL.
  var remoteRequirements: [String: String] = [:]
  var modules: [LocalModule] = []
  var macros: [LocalMacro] = []
  var unread: [(path: String, reason: String)] = []
  var remote: Set<String> = []
  var pendingPackages: [String] = []
  private var seenPackages: Set<String> = []

  init(root: String, skipping: Set<String>) {
    self.root = root
    self.skipping = skipping
  }

  /// Folders never read: build products, dependencies, tests, projects, documentation.
  static let skippedFolders: Set<String> = [
    ".build", "Pods", "Carthage", "DerivedData", "build", "node_modules", "SourcePackages", "checkouts",
  ]

  mutating func walk(_ folder: String, relative: String, module: String?, excluded: Set<String> = []) throws(AdoptError) {
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw AdoptError("cannot read \(folder): \(error.localizedDescription)")
    }
    // A package inside the app is the app's own: its modules are read as targets of their own.
    if module == nil, !relative.isEmpty, entries.contains("Package.swift") {
      try package(folder)
      return
    }
    for entry in entries {
      let path = folder + "/" + entry
      let relativePath = relative.isEmpty ? entry : relative + "/" + entry
      if excluded.contains(path) { continue }
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
      if isFolder.boolValue {
        if entry.hasSuffix(".xcodeproj"), module == nil { projects.append(relativePath) }
        if entry.hasSuffix(".xcworkspace"), module == nil { workspaces.append(relativePath) }
        guard !entry.hasPrefix("."), !Self.skippedFolders.contains(entry), !skipping.contains(path),
              !entry.hasSuffix(".xcodeproj"), !entry.hasSuffix(".xcworkspace"),
              !entry.hasSuffix("Tests"), !entry.hasSuffix(".playground"), !entry.hasSuffix(".docc")
        else { continue }
        try walk(path, relative: relativePath, module: module, excluded: excluded)
      } else if entry.hasSuffix(".swift"), entry != "Package.swift" {
        found.append(Found(path: path, relativePath: relativePath, module: module))
      } else if AppStrings.isTable(relativePath) {
        stringTables.append(relativePath)
      }
    }
  }

  /// Reads the local package in `folder` (absolute) once: each regular target is a module.
  mutating func package(_ folder: String) throws(AdoptError) {
    let folder = URL(fileURLWithPath: folder).standardizedFileURL.path
    guard !seenPackages.contains(folder), !skipping.contains(folder) else { return }
    seenPackages.insert(folder)
    let relative = PackageWriter.relativePath(from: root, to: folder)
    switch LocalPackages.read(folder) {
    case .failure(let error):
      unread.append((relative, error.description))
    case .success(let manifest):
      remote.formUnion(manifest.remoteDependencies)
      packageFolders.append(relative)
      remoteProducts += manifest.remoteProducts
      remoteRequirements.merge(manifest.requirements) { first, _ in first }
      pendingPackages += manifest.localDependencies
      for target in manifest.macroTargets where !macros.contains(where: { $0.name == target.name }) {
        // Read by no one: its files run in the compiler, not the app.
        macros.append(LocalMacro(
          name: target.name, folder: relative == "." ? target.path : relative + "/" + target.path, exclude: target.exclude,
          languageMode: target.languageMode, products: target.products.map { LocalMacro.Product(name: $0.product, url: $0.url) }))
      }
      for target in manifest.targets where !modules.contains(where: { $0.name == target.name }) {
        let sources = folder + "/" + target.path
        let sourcesRelative = relative == "." ? target.path : relative + "/" + target.path
        modules.append(LocalModule(name: target.name, folder: sourcesRelative, languageMode: target.languageMode, macros: target.macros))
        let excluded = Set(target.exclude.map { URL(fileURLWithPath: sources + "/" + $0).standardizedFileURL.path })
        try walk(sources, relative: sourcesRelative, module: target.name, excluded: excluded)
      }
    }
  }
}

/// A problem `adopt` reports instead of writing a package.
struct AdoptError: Error, CustomStringConvertible, Equatable {
  var description: String
  init(_ description: String) { self.description = description }
}
