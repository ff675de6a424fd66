import Foundation
import Processes

/// Builds the package `adopt` wrote, in vmrepl's shared build folder, and reads which app files
/// the compiler rejected: `adopt` proves its own output instead of handing the user a package
/// that does not build.
struct PackageBuild {
  /// One `error:` the compiler printed, placed in the app.
  struct Rejection: Sendable, Equatable {
    /// The app file, relative to the app's folder; nil for the generated registrations.
    var path: String?
    var line: Int
    var message: String
    /// Whether the error is in a generated stand-in of the file at `path`, not in the file.
    var isStandIn = false
    /// Whether the error is in the generated conformances of seams to the app's protocols.
    var isProtocolSeam = false
  }

  /// What one build gave.
  struct Outcome: Sendable {
    var succeeded: Bool
    /// Everything `swift build` printed.
    var log: String
    var seconds: Double
  }

  /// The package's folder.
  var output: String
  /// The build folder every adopted package of one vmrepl checkout shares, so that vmrepl is
  /// compiled once per machine, not once per app.
  var scratch: String

  init(output: String, scratch: String) {
    self.output = output
    self.scratch = scratch
  }

  /// The shared build folder of the vmrepl checkout at `vmrepl`: `VMREPL_BUILD_PATH` when set
  /// (a CI cache, or vmrepl's own `.build` as `scripts/test` gives it), else `.build-adopted` in
  /// the checkout.
  static func scratch(forCheckout vmrepl: String) -> String {
    if let chosen = ProcessInfo.processInfo.environment[buildPathVariable], !chosen.isEmpty { return chosen }
    return defaultScratch(forCheckout: vmrepl)
  }

  /// The shared build folder when `VMREPL_BUILD_PATH` is not set.
  static func defaultScratch(forCheckout vmrepl: String) -> String { vmrepl + "/.build-adopted" }

  /// The variable that moves the shared build folder, read by `adopt` and by each `./repl`.
  static let buildPathVariable = "VMREPL_BUILD_PATH"

  /// Builds the package (everything but its tests); `oneJobAtATime` after a compiler ran out of
  /// memory beside another.
  func run(oneJobAtATime: Bool = false) -> Outcome {
    Self.claim(scratch: scratch, for: output)
    let started = Date()
    let jobs = oneJobAtATime ? ["--jobs", "1"] : []
    let result = ChildProcess.runBlocking("/usr/bin/env", ["swift", "build", "--package-path", output, "--scratch-path", scratch] + jobs)
    // The compiler's errors are on standard output, SwiftPM's own (resolution) on standard error.
    return Outcome(
      succeeded: result.status == 0 && result.signal == nil, log: result.output + result.errors,
      seconds: Date().timeIntervalSince(started))
  }

  /// The errors of `log` in the app's files (mapped back through each target's `app` link) and
  /// in the generated registrations, first per file, in the order printed.
  static func rejections(in log: String, output: String, app: AppSources, targets: [TargetPlan], executable: String) -> [Rejection] {
    let output = URL(fileURLWithPath: output).standardizedFileURL.path
    var result: [Rejection] = []
    var seen: Set<String> = []
    let lines = log.split(separator: "\n")
    for (index, line) in lines.enumerated() {
      guard let marker = line.range(of: ": error: ") else { continue }
      let place = line[..<marker.lowerBound]
      let message = String(line[marker.upperBound...])
      let parts = place.split(separator: ":")
      guard parts.count >= 3, var number = Int(parts[parts.count - 2]) else { continue }
      var file = parts.dropLast(2).joined(separator: ":")
      if !file.hasPrefix("/"), let expanded = Self.macroSource(after: index, in: lines) {
        // An error in a macro's expansion (`@Observable`'s accessors around IceCubesApp's
        // `didSet { if itemsProvider != nil ... }`) is named `StatusKit/EditorStore.swift:29:22`,
        // its line the source's; the file is the one the note after it names. One named
        // `macro expansion @ObservationTracked:2:30` is at a line of the expansion: the place
        // is the note's (the property IceCubesApp's `EditAccountViewModel` declares with a
        // `PhotosPickerItem?`, which left the whole file out as "line 2").
        if file.hasPrefix("macro expansion ") { number = expanded.line }
        file = expanded.file
      }
      var path: String?
      if file == output + "/" + PackagePaths(executable: executable).seams {
        result.append(Rejection(path: nil, line: number, message: message, isProtocolSeam: true))
        continue
      } else if file == output + "/" + PackagePaths(executable: executable).registrations {
        path = nil
      } else if let relative = appPath(of: file, output: output, app: app, targets: targets) {
        path = relative
      } else if let relative = appPath(of: file, output: output, app: app, targets: targets, places: [StandInFiles.folder]) {
        // Every line of a stand-in too: each member it rejects is repaired in the same round.
        let key = "standin:" + relative + ":\(number)"
        guard !seen.contains(key) else { continue }
        seen.insert(key)
        result.append(Rejection(path: relative, line: number, message: message, isStandIn: true))
        continue
      } else {
        continue
      }
      // Every line of a file: each member the compiler rejects can be blanked out alone.
      let key = (path ?? "") + ":\(number)"
      guard !seen.contains(key) else { continue }
      seen.insert(key)
      result.append(Rejection(path: path, line: number, message: message))
    }
    return result
  }

  /// The file a macro's expansion came from, as the note after an error in it names it
  /// (`` `- /path/EditorStore.swift:33:6: note: expanded code originates here``).
  static func macroSource(after index: Int, in lines: [Substring]) -> (file: String, line: Int)? {
    for line in lines.dropFirst(index + 1).prefix(6) {
      if line.contains(": error: ") { return nil }
      guard line.contains(": note: expanded code originates here"), let slash = line.firstIndex(of: "/") else { continue }
      let place = line[slash...].prefix { $0 != " " }
      let parts = place.split(separator: ":")
      guard parts.count >= 3, let number = Int(parts[parts.count - 2]) else { return nil }
      return (parts.dropLast(2).joined(separator: ":"), number)
    }
    return nil
  }

  /// The modules a build's errors are in, by name, sorted: the package's own targets
  /// (`Sources/NAME/...`), and third-party packages by their checkout's folder.
  static func erroredModules(in log: String, output: String) -> [String] {
    let sources = URL(fileURLWithPath: output).standardizedFileURL.path + "/Sources/"
    var names: Set<String> = []
    for line in log.split(separator: "\n") {
      guard let marker = line.range(of: ": error: ") else { continue }
      let file = line[..<marker.lowerBound]
      if file.hasPrefix(sources), let name = file.dropFirst(sources.count).split(separator: "/").first {
        names.insert(String(name))
      } else if let checkouts = file.range(of: "/checkouts/"),
                let name = file[checkouts.upperBound...].split(separator: "/").first {
        names.insert(String(name) + " (package)")
      }
    }
    return names.sorted()
  }

  /// `file`, as the compiler named it, relative to the app's folder.
  static func appPath(of file: String, output: String, app: AppSources, targets: [TargetPlan], places: [String] = ["app", "filtered"]) -> String? {
    for target in targets {
      // In place through the `app` link, or a filtered copy of the same path.
      for place in places {
        let prefix = output + "/Sources/\(target.name)/\(place)/"
        guard file.hasPrefix(prefix) else { continue }
        var rest = String(file.dropFirst(prefix.count))
        if rest.hasSuffix(StandInFiles.besideSuffix) { rest = String(rest.dropLast(StandInFiles.besideSuffix.count)) + ".swift" }
        return target.folder == "." ? rest : target.folder + "/" + rest
      }
    }
    // The compiler may name a file by its real path.
    guard places.contains("app") else { return nil }
    let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
    let root = URL(fileURLWithPath: app.folder).resolvingSymlinksInPath().path + "/"
    if resolved.hasPrefix(root) { return String(resolved.dropFirst(root.count)) }
    return nil
  }

  /// The model whose registration holds `line` of the generated file `text`.
  ///
  /// A model's helpers (`@MainActor private func adoptedEditorStoreChoice1`, the words of its
  /// choices) come before its `let adopted...`: a line in them is that model's, not the one's
  /// above. (IceCubesApp's `EditorStore` choice named a type its scope does not see, and each
  /// build left out the model above it instead, one a build, for twenty builds.)
  static func model(atLine line: Int, of text: String, in models: [ModelPlan]) -> ModelPlan? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func model(declaredAt index: Int) -> ModelPlan? {
      let name = lines[index].dropFirst("let ".count).prefix { $0 != " " }
      return models.first { RegistrationWriter.variable($0) == name }
    }
    var index = min(line, lines.count) - 1
    while index >= 0 {
      let current = lines[index]
      if current.hasPrefix("let adopted") { return model(declaredAt: index) }
      if ["@MainActor private func adopted", "private func adopted", "private let adopted"].contains(where: current.hasPrefix) {
        guard let next = lines.indices.first(where: { $0 > index && lines[$0].hasPrefix("let adopted") }) else { return nil }
        return model(declaredAt: next)
      }
      index -= 1
    }
    return nil
  }

  /// The file that names the package that last built in the shared folder.
  static let rootMarker = ".adopted-root"

  /// Makes the shared build folder ready for `package`: SwiftPM 6.3 keeps a build folder's plan
  /// when another root package builds there, and then builds the other package's plan, so the
  /// plan is dropped (made anew in a second or two) when another package built there last. The
  /// `repl` script adopt writes does the same.
  static func claim(scratch: String, for package: String) {
    let marker = scratch + "/" + rootMarker
    if (try? String(contentsOfFile: marker, encoding: .utf8)) != package + "\n" {
      try? FileManager.default.removeItem(atPath: scratch + "/debug.yaml")
    }
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    try? (package + "\n").write(toFile: marker, atomically: true, encoding: .utf8)
  }

  /// The packages git cannot reach, each with why: a build would stop at the first of them, one
  /// round each, where `git ls-remote` tells in milliseconds. A mirror the package's SwiftPM
  /// configuration names (`.swiftpm/configuration/mirrors.json`) is asked in place of the URL.
  func unreachable(_ packages: [PackagePlan]) -> [(String, String)] {
    /// SwiftPM's `mirrors.json`: `{"object": [{"mirror": "...", "original": "..."}], "version": 1}`.
    struct Mirrors: Decodable {
      struct Entry: Decodable { var mirror: String; var original: String }
      var object: [Entry]
    }
    var mirrors: [String: String] = [:]
    if let data = FileManager.default.contents(atPath: output + "/.swiftpm/configuration/mirrors.json"),
       let file = try? JSONDecoder().decode(Mirrors.self, from: data) {
      for entry in file.object { mirrors[entry.original] = entry.mirror }
    }
    return packages.compactMap { package in
      let place = mirrors[package.url] ?? package.url
      let result = ChildProcess.runBlocking("/usr/bin/env", ["git", "ls-remote", "--exit-code", place, "HEAD"], environment: ["GIT_TERMINAL_PROMPT": "0"])
      // 2: no HEAD (a repository with tags only) is still reachable.
      return result.signal == nil && (result.status == 0 || result.status == 2)
        ? nil : (package.identity, "does not resolve here: git cannot reach \(place)")
    }
  }

  /// The third-party packages a failed build's errors name, each with why (it does not resolve
  /// here, or does not build on Linux), when the errors are none of the app's files'.
  static func blamedPackages(in log: String, packages: [PackagePlan]) -> [(String, String)] {
    var result: [(String, String)] = []
    var rest = packages
    while let blamed = blamedPackage(in: log, packages: rest) {
      result.append(blamed)
      rest.removeAll { $0.identity == blamed.0 }
    }
    return result
  }

  /// The declared packages that need a package SwiftPM could not fetch (`Failed to clone
  /// repository https://github.com/stephencelis/CSQLite`), found through the manifests of the
  /// packages already checked out in `checkouts`: IceCubesApp's Bodega needs SQLite.swift, which
  /// needs CSQLite. Each with why.
  static func packagesNeedingUnfetched(in log: String, packages: [PackagePlan], checkouts: String) -> [(String, String)] {
    var result: [(String, String)] = []
    let fetched = manifests(in: checkouts)
    for line in log.split(separator: "\n") where line.contains("error:") {
      var url: String
      var missing: String
      var cause = "which SwiftPM could not fetch"
      if let range = line.range(of: "Failed to clone repository ") ?? line.range(of: "could not find the commit") {
        url = line[range.upperBound...].split(separator: " ").first.map(String.init) ?? ""
        while url.hasSuffix(":") || url.hasSuffix("'") { url.removeLast() }
        missing = PinnedPackages.identity(of: url.isEmpty ? String(line) : url)
      } else if let range = line.range(of: "could not find a branch named ") ?? line.range(of: "could not find a tag named "),
                let place = line[range.upperBound...].range(of: " in ") {
        // `error: could not find a branch named ‘gfm’ in .../apple/swift-cmark`: swift-markdown
        // asks swift-cmark for a branch the snapshot served in its place does not have.
        let what = line[range.lowerBound..<place.lowerBound].dropFirst("could not find a ".count).replacingOccurrences(of: " named", with: "")
        url = String(line[place.upperBound...]).trimmingCharacters(in: .whitespaces)
        missing = PinnedPackages.identity(of: url)
        cause = "whose \(what) SwiftPM could not find"
      } else if line.contains("check out revision"), let start = line.range(of: "error: '")?.upperBound,
                let end = line[start...].firstIndex(of: "'") {
        // `error: 'sdwebimage': Couldn't check out revision ...`: a snapshot that lacks its files.
        missing = String(line[start..<end]).lowercased()
        url = missing
        cause = "whose pinned revision SwiftPM could not check out"
      } else {
        continue
      }
      if missing.isEmpty { continue }
      guard let declared = declaredPackage(needing: missing, packages: packages, manifests: fetched),
            !result.contains(where: { $0.0 == declared.identity })
      else { continue }
      result.append((declared.identity, declared.identity == missing && url == missing
        ? "does not resolve here: SwiftPM could not check out its pinned revision"
        : "does not resolve here: it needs \(url), \(cause)"))
    }
    return result
  }

  /// The declared packages that need a package whose sources do not build on Linux (mastodon's
  /// Tabman needs Pageboy, which imports UIKit), found as `packagesNeedingUnfetched` finds them:
  /// each with why.
  static func packagesNeedingUnbuildable(in log: String, packages: [PackagePlan], checkouts: String) -> [(String, String)] {
    var result: [(String, String)] = []
    let fetched = manifests(in: checkouts)
    for line in log.split(separator: "\n") where line.contains("error:") {
      // `/checkouts/Pageboy/...`, or a target's derived sources (`/debug/GTMSessionFetcherCore.build/`,
      // an Objective-C target that needs Foundation/Foundation.h), found by its name in a manifest.
      let name: String
      if let range = line.range(of: "/checkouts/") {
        name = line[range.upperBound...].prefix { $0 != "/" }.lowercased()
      } else if let range = line.range(of: "/debug/"), let end = line[range.upperBound...].range(of: ".build/") {
        name = line[range.upperBound..<end.lowerBound].lowercased()
      } else if let range = line.range(of: " in module '"), let end = line[range.upperBound...].firstIndex(of: "'") {
        // A C module of a package that clashes with the toolchain's (Kanna's `libxml2`, whose
        // headers meet Foundation's ICU: "... is not present in definition of 'enum UErrorCode'
        // in module 'libxml2'"), named by no path of the package.
        name = line[range.upperBound..<end].lowercased()
        guard !Self.toolchainModules.contains(name) else { continue }
      } else {
        continue
      }
      guard !name.isEmpty, !name.contains("/") else { continue }
      let message = line.range(of: "error: ").map { String(line[$0.upperBound...]) } ?? String(line)
      guard let declared = declaredPackage(needing: name, packages: packages, manifests: fetched),
            !result.contains(where: { $0.0 == declared.identity })
      else { continue }
      result.append((declared.identity, "does not build on Linux: it needs \(name), which does not: \(message)"))
    }
    return result
  }

  /// Modules of the toolchain, which no package declares (lower-cased).
  static let toolchainModules: Set<String> = [
    "swift", "foundation", "foundationessentials", "foundationinternationalization", "_foundationicu", "_foundationcshims",
    "foundationnetworking", "foundationxml", "glibc", "musl", "dispatch", "cdispatch", "xctest", "_concurrency", "swiftglibc",
  ]

  /// Whether a package was left out for a binary target of its own (an `.xcframework` no Linux
  /// build links), as its failed download or an artifact SwiftPM could not map says: its sources
  /// are compiled without it. (One needed through another package, `packagesNeedingBinaries`,
  /// stays out.)
  static func needsBinaryTarget(_ why: String) -> Bool {
    why.contains("required by binary target") || why.hasSuffix("which SwiftPM could not map to an artifact")
  }

  /// The declared packages that need a binary target whose download failed, from a host that
  /// names no package (`dl.google.com/.../FirebaseAnalytics.zip`, required by binary target
  /// 'FirebaseAnalytics'): the fetched manifest that declares the target, then up as
  /// `packagesNeedingUnfetched` walks. Each with why.
  static func packagesNeedingBinaries(in log: String, packages: [PackagePlan], checkouts: String) -> [(String, String)] {
    var result: [(String, String)] = []
    let fetched = manifests(in: checkouts)
    for line in log.split(separator: "\n") where line.contains("error:") {
      guard let start = line.range(of: "required by binary target '")?.upperBound,
            let end = line[start...].firstIndex(of: "'")
      else { continue }
      let target = line[start..<end].lowercased()
      guard let home = fetched.first(where: { $0.manifest.contains("name: \"\(target)\"") }),
            let declared = declaredPackage(needing: home.name, packages: packages, manifests: fetched),
            !result.contains(where: { $0.0 == declared.identity })
      else { continue }
      result.append((declared.identity, "does not resolve here: it needs the binary target '\(line[start..<end])' (an Apple framework), whose download failed"))
    }
    return result
  }

  /// The declared package that needs `name` (a package's or target's lower-case name), walking up
  /// the fetched `manifests` that name it, by URL (`/csqlite"`, `/csqlite.git"`) or by name
  /// (`package: "CSQLite"`); each step another package's manifest, as its own names itself.
  static func declaredPackage(needing name: String, packages: [PackagePlan], manifests: [(name: String, manifest: String)]) -> PackagePlan? {
    var missing = name
    var seen: Set<String> = []
    while !seen.contains(missing) {
      seen.insert(missing)
      if let declared = packages.first(where: { $0.identity == missing || $0.location.split(separator: "/").last?.lowercased() == missing }) {
        return declared
      }
      let current = missing
      guard let parent = manifests.first(where: { folder, manifest in
        folder != current && !seen.contains(folder)
          && (manifest.contains("/" + current + "\"") || manifest.contains("/" + current + ".git\"") || manifest.contains("\"" + current + "\""))
      }) else { return nil }
      missing = parent.name
    }
    return nil
  }

  /// Each package's manifest (lower-cased) that SwiftPM has fetched beside `checkouts`, by the
  /// package's lower-case name: checked-out ones read in place, the bare clones of
  /// `repositories/` (where a resolution that failed leaves them) through `git show`.
  static func manifests(in checkouts: String, keepingCase: Bool = false) -> [(name: String, manifest: String)] {
    var result: [(String, String)] = []
    for folder in ((try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []).sorted() {
      if let text = try? String(contentsOfFile: checkouts + "/" + folder + "/Package.swift", encoding: .utf8) {
        result.append((folder.lowercased(), keepingCase ? text : text.lowercased()))
      }
    }
    let repositories = (checkouts as NSString).deletingLastPathComponent + "/repositories"
    for folder in ((try? FileManager.default.contentsOfDirectory(atPath: repositories)) ?? []).sorted() {
      // `SQLite.swift-3ab9fbeb`: the name, then a hash of the URL.
      guard let dash = folder.lastIndex(of: "-") else { continue }
      let name = String(folder[..<dash]).lowercased()
      guard !result.contains(where: { $0.0 == name }) else { continue }
      let shown = ChildProcess.runBlocking("/usr/bin/env", ["git", "--git-dir", repositories + "/" + folder, "show", "HEAD:Package.swift"])
      if shown.status == 0 { result.append((name, keepingCase ? shown.output : shown.output.lowercased())) }
    }
    return result
  }

  /// Products the package asked for by their module's name that the package calls otherwise:
  /// `import HAKit_PromiseKit` is the module of home-assistant's HAKit product `HAKit+PromiseKit`
  /// (SwiftPM makes a module's name of a target's by turning what is not a letter or a digit into
  /// `_`). Read from SwiftPM's "product 'X' required by package ... not found in package 'P'"
  /// and P's manifest, as fetched beside `checkouts`: the module's name and the product's.
  static func renamedProducts(in log: String, checkouts: String) -> [(module: String, product: String)] {
    var result: [(String, String)] = []
    let fetched = manifests(in: checkouts, keepingCase: true)
    for line in log.split(separator: "\n") where line.contains("required by package") && line.contains("not found in package") {
      // ...: product 'X' required by package 'A' target 'T' not found in package 'P'.
      guard let start = line.range(of: "product '") else { continue }
      let quoted = line[start.upperBound...].split(separator: "'", omittingEmptySubsequences: false)
      guard quoted.count >= 7 else { continue }
      let module = String(quoted[0])
      let package = quoted[6].lowercased()
      guard !result.contains(where: { $0.0 == module }),
            let manifest = fetched.first(where: { $0.name == package })?.manifest else { continue }
      for product in libraryNames(in: manifest) where product != module && moduleName(of: product) == module {
        result.append((module, product))
        break
      }
    }
    return result
  }

  /// The names of a manifest's `.library(name: "...")` products.
  static func libraryNames(in manifest: String) -> [String] {
    var names: [String] = []
    var rest = Substring(manifest)
    while let library = rest.range(of: ".library(") {
      rest = rest[library.upperBound...]
      guard let name = rest.range(of: "name:"), let open = rest[name.upperBound...].firstIndex(of: "\""),
            let close = rest[rest.index(after: open)...].firstIndex(of: "\"") else { break }
      names.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[close...]
    }
    return names
  }

  /// The module SwiftPM makes of a target named `name`: what is not a letter, a digit or `_`
  /// becomes `_`.
  static func moduleName(of name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }

  /// The first third-party package a failed build's errors name, with why.
  static func blamedPackage(in log: String, packages: [PackagePlan]) -> (String, String)? {
    for line in log.split(separator: "\n") where line.contains("error:") {
      let lower = line.lowercased()
      for package in packages {
        let name = (package.location.split(separator: "/").last.map(String.init) ?? package.identity).lowercased()
        let inCheckout = lower.contains("/checkouts/\(name)/") || lower.contains("/checkouts/\(package.identity)/")
        guard inCheckout || lower.contains("'\(package.identity)'") || lower.contains(package.location.lowercased())
                || lower.contains("'\(name)'") else { continue }
        let message = line.range(of: "error: ").map { String(line[$0.upperBound...]) } ?? String(line)
        // A binary target with no artifact (`'matrix-rust-components-swift': binary target
        // 'MatrixSDKFFI' could not be mapped to an artifact`: its download never ran because
        // another package did not resolve, or failed) is an `.xcframework`, which no Linux
        // build links: the package's sources are compiled without it, as for a failed download.
        if let start = line.range(of: "binary target '")?.upperBound, line.contains("could not be mapped to an artifact"),
           let end = line[start...].firstIndex(of: "'") {
          return (package.identity, "does not resolve here: it needs the binary target '\(line[start..<end])' (an Apple framework), which SwiftPM could not map to an artifact")
        }
        return (package.identity, (inCheckout ? "does not build on Linux: " : "does not resolve here: ") + message)
      }
    }
    return nil
  }

  /// Whether a compiler process of the build was killed (`signal 9`: the machine's memory ran
  /// out, two big files compiling side by side), with nothing else wrong that the log names.
  static func compilerWasKilled(_ log: String) -> Bool {
    log.contains("failed due to signal 9") || log.contains("terminated by signal 9")
  }

  /// Whether the build system ran a plan its build folder no longer holds ("error: command
  /// .../MyApp.build/sources not registered"): seen when the folder adopted apps share last built
  /// another app's package, and gone at the next build of the same package. The machine's, not the app's.
  static func planWasStale(_ log: String) -> Bool {
    log.split(separator: "\n").contains { $0.hasPrefix("error: command ") && $0.hasSuffix(" not registered") }
  }

  /// The first lines of the log that say what went wrong, for a build adopt cannot mend.
  static func summary(of log: String, lines limit: Int = 12) -> [String] {
    let errors = log.split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
    return Array((errors.isEmpty ? log.split(separator: "\n").suffix(limit).map(String.init) : errors).prefix(limit))
  }
}
