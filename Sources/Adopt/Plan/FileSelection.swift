/// Which of an app's files the package compiles: the view-models' files and what they need,
/// transitively, less what cannot build on Linux and what needs it.
struct FileSelection {
  private(set) var included: Set<String> = []
  private(set) var leftOut: [String: String] = [:]
  /// The view-models found in files that build, in path and line order.
  private(set) var models: [(DeclaredType, String)] = []
  private(set) var skippedModels: [Adoption.SkippedModel] = []
  /// An empty type the package declares in place of a left-out one that a kept extension extends.
  struct StandIn: Equatable {
    var name: String
    /// The module of the extension (nil: the app's own).
    var module: String?
    /// The file of the type left out.
    var home: String
    var kind: DeclaredType.Kind
  }

  private(set) var standIns: [String: StandIn] = [:]
  /// Types of files left out for what Linux lacks (an import, a compiler error) that kept files
  /// use, by the left-out file's path: the package declares a generated stand-in of each, whose
  /// members are seams the scenario answers.
  private(set) var seams: [String: Set<String>] = [:]
  /// Files compiled as a filtered copy, by path: the indices of the declarations dropped.
  private(set) var filtered: [String: [Int]] = [:]
  /// Every file as the package compiles it: a filtered file's facts without what was dropped.
  private(set) var files: [SourceFacts] = []

  /// `failedSeams` (path to why) are left-out files whose generated stand-in did not compile:
  /// they stay left out, with what needs them.
  init(_ originals: [SourceFacts], rejected: [String: String] = [:], failedSeams: [String: String] = [:]) {
    var byPath = Dictionary(uniqueKeysWithValues: originals.map { ($0.path, $0) })
    var blocked: [String: String] = [:]
    // Types that only a dropped declaration declared (a view beside its view-model), and where.
    var droppedTypes: [String: String] = [:]
    var filtered: [String: [Int]] = [:]
    // Which files other than views and controllers name each type: a left-out view-model one of
    // them uses is a dependency, stood in (its members seams); one only views use is a screen's.
    // A file that extends the type (`FavoriteViewModel+State.swift`, `+Diffable.swift`) is the
    // type's own code, not a user of it; nor is a file that cannot build as it is (Mastodon's
    // `SceneCoordinator`, which names every screen's model and imports SafariServices): at most
    // it is stood in, and a stand-in runs no model.
    var users: [String: Set<String>] = [:]
    for file in originals where !Self.isUIFile(file) && file.blockers.isEmpty {
      let extended = Set(file.extensions.map { LinuxSupport.bareName($0.extendedType) })
      for name in file.mentions where !extended.contains(name) { users[name, default: []].insert(file.path) }
    }
    // A views' helper (IceCubesApp's `StatusRowAccessibilityLabel`, a struct that holds the row's
    // model to word the row's label) is the views' code, not a user: its types are named by views
    // and by no other file. (A service nobody names, or one other code names, still is.)
    let namedByViews = Set(originals.filter { Self.isUIFile($0) }.flatMap(\.mentions))
    let helpers = Set(originals.filter { file in
      !Self.isUIFile(file) && file.blockers.isEmpty && file.types.contains(where: \.isTopLevel)
        && file.types.filter(\.isTopLevel).allSatisfy { namedByViews.contains($0.name) && (users[$0.name] ?? []).subtracting([file.path]).isEmpty }
        && !file.types.contains(where: Self.isViewModel)
    }.map(\.path))
    for name in users.keys { users[name]?.subtract(helpers) }
    // Files that declare a `...ViewModel`: a screen's model, which may hold its tabs' models.
    let screenModelFiles = Set(originals.filter { $0.types.contains { $0.name.hasSuffix("ViewModel") && Self.isViewModel($0) } }.map(\.path))
    // A file the compiler rejected (its filtered copy, say) is left out with the compiler's reason.
    for file in originals where !file.blockers.isEmpty && rejected[file.path] == nil {
      // A file whose only trouble is declarations of its own (a view, a preview) beside code that
      // builds is compiled without them, as a filtered copy: the user moves nothing.
      let drop = file.declarations.indices.filter { !file.declarations[$0].blockers.isEmpty }
      let covered = Set(drop.flatMap { file.declarations[$0].blockers })
      let kept = file.declarations.indices.filter { !drop.contains($0) }
      if rejected[file.path] == nil, !drop.isEmpty, file.blockers.allSatisfy(covered.contains),
         kept.contains(where: { file.declarations[$0].isTypeDeclaration || file.declarations[$0].extendedType != nil }) {
        filtered[file.path] = drop
        byPath[file.path] = Self.facts(of: file, dropping: drop)
        for index in drop { for name in file.declarations[index].types { droppedTypes[name] = file.path } }
        continue
      }
      // A screen's view-model (no other model or service names it) whose file's other trouble
      // is an Apple framework Linux lacks (a `NaturalLanguage` language guess, a `CoreData`
      // import it barely uses): compiled without the import, each member the compiler then
      // rejects a seam (`Mending`), so the model runs. So is a `...ViewModel` that only other
      // `...ViewModel`s hold (mastodon's `DiscoveryPostsViewModel`, a tab of `DiscoveryViewModel`):
      // a screen inside a screen. One a service uses (a StoreKit `PurchaseManager`) is stood in.
      let frameworks = Set(file.appleImports.map(\.module))
      let isFrameworkImport = { (blocker: String) in frameworks.contains { blocker == "imports `\($0)`, an Apple framework with no Linux version" } }
      // The types the copy keeps: the views it drops beside the model (pocket-casts'
      // `SlumberViews.swift`, whose header view the What's New screen shows) go as in any
      // filtered copy, whoever uses them.
      let keptTypes = file.types.filter { type in
        !drop.contains { file.declarations[$0].firstLine <= type.line && type.line <= file.declarations[$0].lastLine }
      }
      if rejected[file.path] == nil, !frameworks.isEmpty, file.blockers.allSatisfy({ covered.contains($0) || isFrameworkImport($0) }),
         keptTypes.contains(where: Self.isViewModel),
         keptTypes.allSatisfy({ type in
           let others = (users[type.name] ?? []).subtracting([file.path])
           return others.isEmpty || (type.name.hasSuffix("ViewModel") && others.allSatisfy(screenModelFiles.contains))
         }) {
        filtered[file.path] = drop
        var facts = Self.facts(of: file, dropping: drop)
        facts.blockers.removeAll(where: isFrameworkImport)
        byPath[file.path] = facts
        for index in drop { for name in file.declarations[index].types { droppedTypes[name] = file.path } }
        continue
      }
      blocked[file.path] = file.blockers.joined(separator: "; ")
    }
    for (path, reason) in rejected where blocked[path] == nil { blocked[path] = reason }
    for file in originals where blocked[file.path] == nil {
      if let target = file.outsideTarget { blocked[file.path] = "not in the Xcode project's app target `\(target)`" }
    }
    let files = originals.map { byPath[$0.path]! }
    var globalsIn: [String: [String]] = [:]
    for file in files {
      for name in file.globals { globalsIn[name, default: []].append(file.path) }
    }
    var declaredIn: [String: [String]] = [:]
    // Top-level types only: a nested type (`enum Error` in a view) is named through its parent,
    // and indexing it would make every file that says `Error` need that view.
    // A file outside the app's target declares nothing the target can see: a name only it
    // declares (a fastlane script's `Config`, a watch app's `Source`) is another type to the app.
    for file in files where file.outsideTarget == nil {
      // A private type is its file's alone: no other file can need it, and two may share a name.
      // A nested type by its whole name (`Mastodon.Entity.Status`, declared in an extension);
      // one nested in a private type is private too (protobuf's `_GeneratedWithProtocGenSwiftVersion._2`
      // in every generated file).
      let hidden = Set(file.types.filter { $0.access <= .fileprivate }.map(\.qualifiedName))
      for type in file.types where type.access > .fileprivate && !type.parents.indices.contains(where: {
        hidden.contains(type.parents[...$0].joined(separator: "."))
      }) {
        declaredIn[type.qualifiedName, default: []].append(file.path)
      }
    }
    // Two files of one module that declare the same type cannot build together (a stray copy
    // outside the app's target, an old version kept beside the new): the one the Xcode project
    // holds is kept, else the shallower.
    for (name, homes) in declaredIn.sorted(by: { $0.key < $1.key }) where homes.count > 1 {
      let byModule = Dictionary(grouping: homes) { byPath[$0]?.module ?? "" }
      for (_, same) in byModule.sorted(by: { $0.key < $1.key }) where same.count > 1 {
        let ordered = same.sorted {
          let (inLeft, inRight) = (byPath[$0]?.inProject == true, byPath[$1]?.inProject == true)
          if inLeft != inRight { return inLeft }
          let (left, right) = ($0.split(separator: "/").count, $1.split(separator: "/").count)
          return left == right ? $0 < $1 : left < right
        }
        for other in ordered.dropFirst() where blocked[other] == nil && other != ordered[0] {
          let why = byPath[ordered[0]]?.inProject == true && byPath[other]?.inProject == false
            ? "; the Xcode project holds that one, not this" : ""
          blocked[other] = "declares `\(name)` again (also in \(ordered[0]), which adopt keeps\(why))"
        }
      }
    }

    // Members the app adds to types it does not declare (`extension Collection { var isNotEmpty }`),
    // by name: a file that calls one needs the file, though it names no type of it (mastodon's
    // `suggestedAccounts.isNotEmpty` made `updateSuggestions` a seam).
    var extensionMembersIn: [String: [String]] = [:]
    for file in files where file.outsideTarget == nil {
      for extensionFacts in file.extensions where Self.standardTypes.contains(LinuxSupport.bareName(extensionFacts.extendedType))
        && declaredIn[LinuxSupport.bareName(extensionFacts.extendedType)] == nil {
        let names = extensionFacts.members.methods.map(\.name) + extensionFacts.members.properties.map(\.name)
        for name in Set(names).sorted() where extensionMembersIn[name]?.last != file.path {
          extensionMembersIn[name, default: []].append(file.path)
        }
      }
    }
    for (name, homes) in extensionMembersIn { globalsIn[name, default: []] += homes }

    // The app's protocols and the files whose types or extensions conform to each, once: what a
    // file that names a protocol needs (its makers), asked of every file in every round.
    let protocols = Protocols(files)
    // A name means a type of a module the file can see: a package compiled from its sources
    // (home-assistant's DebugSwift, which declares an `HTTPMethod` of its own) is none of the
    // business of a file that means Alamofire's and never imports it.
    let visibility = ModuleVisibility(files)
    let sees = { (file: SourceFacts, home: String) in byPath[home].map { visibility.sees(file, $0) } ?? true }

    // The view-models, wherever they are in the app: a vendored package's are not the app's.
    var candidates: [(DeclaredType, String)] = []
    for file in originals where !file.isVendored {
      for type in file.types where Self.isViewModel(type) { candidates.append((type, file.path)) }
    }

    // The view-models' files and every file they need, until nothing more is needed; a file
    // that needs a left-out one is left out too, and that can leave out more.
    var changed = true
    var selected: Set<String> = []
    // The types a stood-in global's declaration names (`Current`'s `AppEnvironment`), by global.
    var typesOfGlobals: [String: Set<String>] = [:]
    // Files of extensions (and re-exports) found needed in an earlier round, which start the next one.
    var extensionFiles: Set<String> = []
    while changed {
      changed = false
      selected = Set(candidates.map(\.1)).union(extensionFiles).filter { blocked[$0] == nil }
      var queue = Array(selected).sorted()
      while let path = queue.popLast() {
        guard let file = byPath[path] else { continue }
        for needed in Self.needs(file, declaredIn: declaredIn, globalsIn: globalsIn, protocols: protocols)
        where !selected.contains(needed) && sees(file, needed) {
          guard blocked[needed] == nil else { continue }
          selected.insert(needed)
          queue.append(needed)
        }
      }
      // A file that re-exports modules (home-assistant's `@_exported import HANetworking` in
      // `Shared`) declares nothing a name finds, yet every file that imports its module sees
      // `Server` through it: compiled whenever its module is.
      let modulesUsed = selected.reduce(into: Set<String>()) { modules, path in
        guard let file = byPath[path] else { return }
        modules.formUnion(file.imports)
        if let module = file.module { modules.insert(module) }
      }
      for file in files where !file.exportedImports.isEmpty && !selected.contains(file.path) && blocked[file.path] == nil {
        guard let module = file.module, modulesUsed.contains(module) || modulesUsed.contains(PackageBuild.moduleName(of: module)) else { continue }
        selected.insert(file.path)
        extensionFiles.insert(file.path)
        changed = true
      }
      // Files of extensions on types the selected files use (`extension Double { var currency }`).
      let mentioned = selected.reduce(into: Set<String>()) { result, path in
        result.formUnion(byPath[path]?.mentions ?? [])
        for type in byPath[path]?.types ?? [] { result.insert(type.name) }
      }
      for file in files where file.types.isEmpty && !file.extensions.isEmpty && !selected.contains(file.path) && blocked[file.path] == nil {
        if file.extensions.contains(where: { mentioned.contains(LinuxSupport.bareName($0.extendedType)) }) {
          selected.insert(file.path)
          extensionFiles.insert(file.path)
          changed = true
        }
      }
      // A selected file that uses a type only a left-out file declares cannot build either,
      // unless what uses it is an extension or a function that a filtered copy can drop.
      for path in selected.sorted() {
        guard let file = byPath[path] else { continue }
        // A global of a left-out file (home-assistant's `public var Current: AppEnvironment`, in
        // a file that imports CoreBluetooth): stood in, with the file's types its declaration
        // names, where one left-out file alone declares it and no type has its name.
        for name in file.mentions.union(file.references).subtracting(file.globals).sorted() where declaredIn[name] == nil {
          let homes = (globalsIn[name] ?? []).filter { $0 != path && sees(file, $0) }
          guard homes.count == 1, seams[homes[0]]?.contains(name) != true, failedSeams[homes[0]] == nil,
                let home = byPath[homes[0]], let reason = blocked[homes[0]], Self.standsIn(reason: reason, of: home),
                let original = originals.first(where: { $0.path == homes[0] }),
                let declaration = original.declarations.first(where: { $0.globals.contains(name) }),
                declaration.blockers.allSatisfy(LinuxSupport.canStandIn)
          else { continue }
          seams[homes[0], default: []].insert(name)
          for type in original.types where type.isTopLevel && type.access > .fileprivate && declaration.mentions.contains(type.name) {
            seams[homes[0], default: []].insert(type.name)
            typesOfGlobals[name, default: []].insert(type.name)
          }
          changed = true
        }
        for name in file.mentions.sorted() where !Self.declaresNested(name, file) {
          let homes = (declaredIn[name] ?? droppedTypes[name].map { [$0] } ?? []).filter { sees(file, $0) }
          guard !homes.isEmpty, !homes.contains(path), homes.allSatisfy({ blocked[$0] != nil || droppedTypes[name] == $0 }) else { continue }
          if let standIn = standIns[name], standIn.module == file.module { continue }
          // A nested type (`Asset.Scene` of SwiftGen's `Assets.swift`) is stood in with its
          // top-level type, which the stand-in writes whole.
          let topLevel = String(name.prefix { $0 != "." })
          if let home = homes.first, seams[home]?.contains(topLevel) == true || seams[home]?.contains(name) == true { continue }
          // A type of a file that only Linux's lacks leave out (an import, a compiler error, a
          // view or a controller, not the app): a generated stand-in keeps its name (a view-model
          // there, such as a StoreKit manager, is not registered, but the models that hold one are).
          if homes.count == 1, failedSeams[homes[0]] == nil, let home = byPath[homes[0]],
             let reason = blocked[homes[0]], Self.standsIn(reason: reason, of: home),
             let type = home.types.first(where: { $0.name == topLevel && $0.isTopLevel && $0.access > .fileprivate })
               ?? Self.inExtension(name, of: home, extendedIn: { (declaredIn[$0] ?? []).contains { blocked[$0] == nil } }),
             LinuxSupport.blockers(of: type).allSatisfy(LinuxSupport.canStandIn) {
            seams[homes[0], default: []].insert(type.isTopLevel ? type.name : type.qualifiedName)
            changed = true
            continue
          }
          let original = originals.first { $0.path == path }!
          let already = filtered[path] ?? []
          let users = original.declarations.indices.filter { !already.contains($0) && original.declarations[$0].mentions.contains(name) }
          // A view-model nested in a view that cannot build (`extension HomeView { final class
          // ViewModel }`) keeps its name: the package declares an empty `HomeView` in its place.
          if !users.isEmpty, users.allSatisfy({ original.declarations[$0].extendedType == name }),
             original.types.contains(where: { $0.parents.first == name && Self.isViewModel($0) }),
             let home = originals.first(where: { $0.path == homes[0] })?.types.first(where: { $0.name == name && $0.isTopLevel }),
             [.struct, .class, .enum].contains(home.kind) {
            standIns[name] = StandIn(name: name, module: file.module, home: homes[0], kind: home.kind)
            changed = true
            break
          }
          let kept = original.declarations.indices.filter { !already.contains($0) && !users.contains($0) }
          if !users.isEmpty, users.allSatisfy({ !original.declarations[$0].isTypeDeclaration }),
             kept.contains(where: { original.declarations[$0].isTypeDeclaration }) {
            filtered[path] = (already + users).sorted()
            byPath[path] = Self.facts(of: original, dropping: filtered[path]!)
            changed = true
            break
          }
          if blocked[homes[0]] == nil, droppedTypes[name] == homes[0],
             let home = originals.first(where: { $0.path == homes[0] }),
             let declaration = home.declarations.first(where: { $0.types.contains(name) }) {
            // A view the filtered copy drops, whose name kept code uses (`SearchResultsListView
            // .DisplayMode`): a generated stand-in beside the copy, as for a left-out file.
            if failedSeams[homes[0]] == nil, declaration.blockers.allSatisfy(LinuxSupport.canStandIn),
               home.types.contains(where: { $0.name == name && $0.isTopLevel && $0.access > .fileprivate }) {
              seams[homes[0], default: []].insert(name)
              changed = true
              continue
            }
            // The file is compiled as a filtered copy; its declaration of the name is not.
            blocked[path] = "uses `\(name)` from \(homes[0]), where it cannot build on Linux (\(declaration.blockers.joined(separator: "; ")))"
          } else {
            blocked[path] = "uses `\(name)` from \(homes[0]), which is left out"
          }
          changed = true
          break
        }
      }
    }
    included = selected.filter { blocked[$0] == nil }
    // A protocol a compiled file names whose every conformer is left out (element-x's
    // `JoinedRoomProxyProtocol`: its live proxy imports the Rust SDK, its Sourcery mock
    // AVFoundation): the app's own mock of it (`...Mock`, `...Fake`, `...Stub`) is stood in,
    // keeping its conformance, so that a model that takes the protocol can be made with it.
    var mocks: Set<String> = []
    let namedProtocols = Set(included.flatMap { byPath[$0]?.mentions ?? [] }).intersection(protocols.names)
    for name in namedProtocols.sorted() {
      let homes = protocols.conformers[name] ?? []
      guard !homes.isEmpty, homes.allSatisfy({ blocked[$0] != nil }) else { continue }
      for home in homes where failedSeams[home] == nil {
        guard let facts = byPath[home], let reason = blocked[home], Self.standsIn(reason: reason, of: facts) else { continue }
        for type in facts.types
        where type.isTopLevel && type.access > .fileprivate && [.class, .struct, .actor].contains(type.kind) && FactoryInference.isStandIn(type.name)
          && type.inherited.map(LinuxSupport.bareName).contains(name) && LinuxSupport.blockers(of: type).allSatisfy(LinuxSupport.canStandIn)
        {
          seams[home, default: []].insert(type.name)
          mocks.insert(type.name)
        }
      }
    }
    // Stand-ins only for what compiled files use: a file that chose one may have been left out
    // since, for another type.
    var used = included.reduce(into: Set<String>()) { used, path in
      for name in byPath[path]?.mentions ?? [] { used.insert(name); used.insert(String(name.prefix { $0 != "." })) }
      // A stood-in global function or constant (`resetEnvironment()`).
      used.formUnion(byPath[path]?.references ?? [])
    }
    used.formUnion(mocks)
    for (global, types) in typesOfGlobals where used.contains(global) { used.formUnion(types) }
    seams = seams.compactMapValues { types in
      let kept = types.intersection(used)
      return kept.isEmpty ? nil : kept
    }
    // With the types a stood-in type's declaration names (a model's `Priority`, its `Tag`), so
    // that its members keep their types: the same file's, or another left-out file's that can be
    // stood in (mastodon's `AppContext.apiService: APIService`, whose file imports CoreData too).
    let includedTypes = included.reduce(into: Set<String>()) { names, path in
      for type in byPath[path]?.types ?? [] { names.insert(type.name) }
    }
    let originalsByPath = Dictionary(originals.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    // Asked once per stood-in type and file while closing over (thousands in a large app), of
    // files and drops that no longer change: read once per file.
    var declaredByPath: [String: Set<String>] = [:]
    let droppedByPath = Dictionary(grouping: droppedTypes, by: \.value).mapValues { Set($0.map(\.key)) }
    func declared(in file: SourceFacts) -> Set<String> {
      if let known = declaredByPath[file.path] { return known }
      // In a compiled (filtered) file, only what its copy drops: the rest it declares itself.
      let dropped = droppedByPath[file.path] ?? []
      let names = Set(file.types.filter {
        $0.isTopLevel && $0.access > .fileprivate && LinuxSupport.blockers(of: $0).allSatisfy(LinuxSupport.canStandIn)
          && (!included.contains(file.path) || dropped.contains($0.name))
      }.map(\.name))
      declaredByPath[file.path] = names
      return names
    }
    var standInHome: [String: String] = [:]
    var ambiguous: Set<String> = []
    for file in originals where !included.contains(file.path) && failedSeams[file.path] == nil {
      guard let reason = blocked[file.path], Self.standsIn(reason: reason, of: file) else { continue }
      for name in declared(in: file) where !includedTypes.contains(name) {
        if standInHome[name] == nil { standInHome[name] = file.path } else { ambiguous.insert(name) }
      }
    }
    func closeOver() {
      var queue = seams.flatMap { path, types in types.map { (path, $0) } }.sorted { ($0.0, $0.1) > ($1.0, $1.1) }
      while let (path, name) = queue.popLast() {
        guard let file = originalsByPath[path] else { continue }
        let own = declared(in: file)
        for declaration in file.declarations where declaration.types.contains(name) || declaration.extendedType == name {
          for mentioned in declaration.mentions.sorted() {
            let home: String
            if own.contains(mentioned) {
              home = path
            } else if let other = standInHome[mentioned], !ambiguous.contains(mentioned) {
              home = other
            } else {
              continue
            }
            guard seams[home]?.contains(mentioned) != true else { continue }
            seams[home, default: []].insert(mentioned)
            queue.append((home, mentioned))
          }
        }
      }
    }
    closeOver()
    // A left-out file of extensions only (mastodon's `APIService+Recommend.swift`, which imports
    // CoreData) on a type the package has, compiled or stood in: its members are seams, so kept
    // code that calls them (`context.apiService.suggestionAccountV2(...)`) builds and its call
    // is the scenario's to answer. Extensions of other types (a constrained `Array`) are not.
    let packageTypes = includedTypes.union(seams.values.joined())
    for file in originals where file.types.isEmpty && !file.extensions.isEmpty && seams[file.path] == nil && failedSeams[file.path] == nil {
      guard let reason = blocked[file.path], Self.standsIn(reason: reason, of: file) else { continue }
      let extended = Set(file.extensions.map(\.extendedType).filter { packageTypes.contains($0) })
      guard !extended.isEmpty else { continue }
      seams[file.path] = extended
    }
    closeOver()
    // A protocol a stood-in type names, whose live conformer compiles but needs what no seam can
    // make (element-x's `ClientProxyMock.secureBackupController: SecureBackupControllerProtocol`,
    // whose `SecureBackupController(encryption:)` takes the Rust SDK's object): the app's own mock
    // of it is stood in too, from its left-out file, so that a seam returning the protocol returns
    // the mock unanswered (`EmptyValues.mock`) instead of trapping in every model that reads it.
    // One level: the mocks added here bring the types they name (`closeOver`), not their own mocks.
    let compiledMocks = Set(included.flatMap { path in
      (byPath[path]?.types ?? []).filter { FactoryInference.isStandIn($0.name) }.flatMap { $0.inherited.map(LinuxSupport.bareName) }
    })
    var namedByStandIns: Set<String> = []
    for (path, names) in seams {
      guard let file = originalsByPath[path] else { continue }
      for declaration in file.declarations where declaration.types.contains(where: names.contains) || declaration.extendedType.map(names.contains) == true {
        namedByStandIns.formUnion(declaration.mentions.filter(protocols.names.contains))
      }
    }
    var mockAdded = false
    for name in namedByStandIns.subtracting(compiledMocks).sorted() {
      for home in protocols.conformers[name] ?? [] where blocked[home] != nil && failedSeams[home] == nil {
        guard let facts = originalsByPath[home], let reason = blocked[home], Self.standsIn(reason: reason, of: facts) else { continue }
        for type in facts.types
        where type.isTopLevel && type.access > .fileprivate && [.class, .struct, .actor].contains(type.kind) && type.name.hasSuffix("Mock")
          && type.inherited.map(LinuxSupport.bareName).contains(name) && LinuxSupport.blockers(of: type).allSatisfy(LinuxSupport.canStandIn)
          && seams[home]?.contains(type.name) != true
        {
          seams[home, default: []].insert(type.name)
          mockAdded = true
        }
      }
    }
    if mockAdded { closeOver() }
    // A file that writes `@objc`, or imports a submodule (`os.log`), is compiled as a copy without it.
    for path in included where filtered[path] == nil
      && !((byPath[path]?.objcAttributes.isEmpty ?? true) && (byPath[path]?.submoduleImports.isEmpty ?? true)) {
      filtered[path] = []
    }
    self.filtered = filtered.filter { included.contains($0.key) }
    self.files = files.map { byPath[$0.path]! }
    // Every file that cannot build is reported with its reason, so that a chain (a view-model
    // that needs a service that needs a mock that imports Firebase) can be followed to its root.
    leftOut = blocked
    for (type, path) in candidates {
      if let drop = filtered[path], let file = originals.first(where: { $0.path == path }),
         let home = drop.map({ file.declarations[$0] }).first(where: { $0.firstLine <= type.line && type.line <= $0.lastLine }) {
        let reason = home.types.contains(type.name) && type.isTopLevel
          ? "\(path): `\(type.qualifiedName)` itself cannot build on Linux: \(home.blockers.joined(separator: "; "))"
          : "\(path): declared in \(home.label), which cannot build on Linux (\(home.blockers.joined(separator: "; ")))"
        skippedModels.append(.init(type: type.qualifiedName, path: path, reason: reason))
        continue
      }
      if included.contains(path) {
        models.append((type, path))
      } else if let reason = blocked[path] {
        // Moving the model helps only where the file's own views and imports are what is wrong.
        let advice = Self.isUIFile(byPath[path]) && reason == byPath[path]?.blockers.joined(separator: "; ")
          ? "\(path) \(reason): move `\(type.qualifiedName)` to a file of its own"
          : "\(path) \(reason)"
        skippedModels.append(.init(type: type.qualifiedName, path: path, reason: advice))
      }
    }
  }

  /// Whether a file left out for `reason` can be stood in: its trouble is what Linux lacks (an
  /// import, a package that does not resolve, a compiler error on Linux, a view) or a file it
  /// needs that could not be stood in; not the app or a scene, a copy of another file, a file
  /// outside the app's target or the user's exclusion.
  static func standsIn(reason: String, of file: SourceFacts) -> Bool {
    // A stand-in is written from the file's declarations, not its code: a view, a controller, a
    // selector in a method or an import is no obstacle to it.
    guard file.blockers.allSatisfy(LinuxSupport.canStandIn) else { return false }
    // A file left out in a chain (it uses a type whose own file could not be stood in: a stand-in
    // the compiler rejected) is stood in itself: its declarations are what kept code needs.
    return reason.hasPrefix("does not compile on Linux") || reason.hasPrefix("imports `") || reason.hasPrefix("uses `")
      || reason == file.blockers.joined(separator: "; ")
  }

  /// `file`'s facts as a filtered copy without the declarations at `drop`.
  static func facts(of file: SourceFacts, dropping drop: [Int]) -> SourceFacts {
    var result = file
    let kept = file.declarations.indices.filter { !drop.contains($0) }.map { file.declarations[$0] }
    let dropped = drop.map { file.declarations[$0] }
    result.mentions = kept.reduce(into: Set<String>()) { $0.formUnion($1.mentions) }
    result.references = kept.reduce(into: Set<String>()) { $0.formUnion($1.references) }
    result.types = file.types.filter { type in !dropped.contains { $0.firstLine <= type.line && type.line <= $0.lastLine } }
    let droppedExtensions = Set(dropped.compactMap(\.extendedType))
    result.extensions = file.extensions.filter { !droppedExtensions.contains(LinuxSupport.bareName($0.extendedType)) }
    result.blockers = file.blockers.filter { $0.hasPrefix("imports ") }
    return result
  }

  /// A class a view observes: `ObservableObject`, `@Observable`, `@Published` state, or named so.
  /// The type `name` (`StatusEditor.Compressor`) where `file` declares it inside an extension of
  /// a type declared elsewhere, in a file that builds (`extendedIn` says where): IceCubesApp's
  /// `extension StatusEditor { actor Compressor }` in a file that imports AVFoundation. Its
  /// stand-in is written inside the same extension.
  static func inExtension(_ name: String, of file: SourceFacts, extendedIn: (String) -> Bool) -> DeclaredType? {
    guard let type = file.types.first(where: { $0.qualifiedName == name && $0.parents.count == 1 && $0.access > .fileprivate }),
          let parent = type.parents.first, !file.types.contains(where: { $0.isTopLevel && $0.name == parent }),
          file.extensions.contains(where: { $0.extendedType == parent }), extendedIn(parent)
    else { return nil }
    return type
  }

  static func isViewModel(_ type: DeclaredType) -> Bool {
    // A view-model nested in its view (`extension HomeView { final class ViewModel }`) counts
    // too: it is registered by its whole name.
    guard type.kind == .class else { return false }
    let inherited = Set(type.inherited.map(LinuxSupport.bareName))
    return inherited.contains("ObservableObject") || type.attributes.contains("Observable")
      || type.members.properties.contains { $0.attributes.contains("Published") }
      || type.name.hasSuffix("ViewModel")
  }

  /// Whether a file holds a view, a controller or the app (left out however little it is needed).
  static func isUIFile(_ file: SourceFacts?) -> Bool {
    file?.blockers.contains { $0.hasPrefix("declares the") || $0.hasPrefix("has a") } ?? false
  }

  /// Whether `file` declares a nested type called `name` (`PlusLandingViewModel.Config`): its
  /// own code means that one, as Swift's lookup from inside the parent finds it first.
  private static func declaresNested(_ name: String, _ file: SourceFacts) -> Bool {
    file.types.contains { $0.name == name && !$0.isTopLevel }
  }

  /// The app's protocol names, and the files that conform to each (a type's or an extension's
  /// inheritance), in path order.
  struct Protocols {
    let names: Set<String>
    let conformers: [String: [String]]

    init(_ files: [SourceFacts]) {
      var names: Set<String> = []
      for file in files { for type in file.types where type.kind == .protocol { names.insert(type.name) } }
      var conformers: [String: [String]] = [:]
      for file in files {
        let inherited = Set((file.types.flatMap(\.inherited) + file.extensions.flatMap(\.inherited)).map(LinuxSupport.bareName))
        for name in inherited.intersection(names).sorted() { conformers[name, default: []].append(file.path) }
      }
      self.names = names
      self.conformers = conformers
    }
  }

  /// Types of the standard library and Foundation that builds on Linux, whose members the app
  /// extends: a call names the member, never the type (`items.isNotEmpty`, `date.iso8601`).
  static let standardTypes: Set<String> = [
    "Collection", "Sequence", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
    "RangeReplaceableCollection", "Array", "ArraySlice", "Dictionary", "Set", "String", "Substring", "StringProtocol",
    "Character", "Optional", "Result", "Int", "Int64", "Int32", "UInt", "Double", "Float", "CGFloat", "Bool", "Decimal",
    "BinaryInteger", "FloatingPoint", "Numeric", "Comparable", "Equatable", "Hashable", "Encodable", "Decodable",
    "Date", "Data", "URL", "UUID", "TimeInterval", "Calendar", "Locale", "TimeZone", "DateFormatter",
    "NumberFormatter", "JSONDecoder", "JSONEncoder", "URLRequest", "URLComponents", "URLSession", "HTTPURLResponse",
    "Error", "Task", "Bundle", "UserDefaults", "NotificationCenter", "FileManager",
  ]

  /// The files `file` needs: those declaring the types it names, and the makers of the
  /// protocols it names (a view-model's service protocol and its live client).
  private static func needs(
    _ file: SourceFacts, declaredIn: [String: [String]], globalsIn: [String: [String]], protocols: Protocols
  ) -> [String] {
    var result: [String] = []
    for name in file.mentions.sorted() where !declaresNested(name, file) {
      for home in declaredIn[name] ?? [] where home != file.path { result.append(home) }
    }
    // A global constant or function of another file (`let colorsTabIconInactive = ...`).
    for name in file.references.sorted() where !file.globals.contains(name) {
      for home in globalsIn[name] ?? [] where home != file.path { result.append(home) }
    }
    let named = Set(file.types.filter { $0.kind == .protocol }.map(\.name)).union(file.mentions.filter(protocols.names.contains))
    // Each conforming file once, in path order, as one pass over the files gave them.
    let makers = Set(named.flatMap { protocols.conformers[$0] ?? [] }).subtracting([file.path])
    return result + makers.sorted()
  }
}
