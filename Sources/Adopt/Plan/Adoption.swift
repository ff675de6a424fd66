/// What `adopt` makes of an app: the view-models, the files they need, the files left out and
/// why, and each model's registration.
struct Adoption: Sendable {
  /// A file that is not compiled, and why.
  struct LeftOut: Sendable, Equatable {
    var path: String
    var reason: String
  }

  /// A view-model that found no place in the package, and what to do.
  struct SkippedModel: Sendable, Equatable {
    var type: String
    var path: String
    var reason: String
  }

  var app: AppSources
  /// Files compiled into the app's module, by path.
  var included: [String]
  /// Files that cannot build on Linux, or that need one that cannot.
  var leftOut: [LeftOut]
  /// How many files no view-model needs (and so are not compiled either).
  var unneeded: Int
  /// The registrations, in the order of their files and lines.
  var models: [ModelPlan]
  var skippedModels: [SkippedModel]
  /// The third-party packages the package declares, at the app's pins.
  var packages: [PackagePlan] = []
  /// The app's macro targets the compiled modules need.
  var macros: [MacroPlan] = []
  /// Products the app's modules name otherwise than their package does (`import
  /// HAKit_PromiseKit` of the product `HAKit+PromiseKit`), by module: asked for by the package's name.
  var productNames: [String: String] = [:]
  /// Files compiled as a filtered copy (a view-model beside its view), by path: the indices of the
  /// file-scope declarations the copy leaves out.
  var filtered: [String: [Int]] = [:]
  /// View-models private to their files, by path: the types (qualified names) whose `private` or
  /// `fileprivate` the filtered copy leaves out, so that a registration in another file names them.
  var opened: [String: [String]] = [:]
  /// The package's targets for the app's files: the app's own, then each local module needed.
  var targets: [TargetPlan] = []
  /// Left-out files whose types kept files use, by path: the types the package declares as
  /// generated stand-ins (seams the scenario answers), with why the file is left out.
  var seams: [String: (types: [String], why: String)] = [:]
  /// The compiled files' types, and the stood-in ones, as the registrations saw them: what a
  /// starter scenario's answers are chosen from (an enum's first case).
  var typeIndex = TypeIndex([])
  var standInTypeIndex = TypeIndex([])
  /// A member of a compiled file blanked out because the compiler rejected it on Linux.
  struct DroppedMember: Sendable, Equatable {
    var range: Range<Int>
    var firstLine: Int
    var lastLine: Int
    /// `func widthOfString(usingFont:)`.
    var label: String
    var reason: String
    /// Its body replaced by a seam instead (nil: the member is blanked out whole).
    var seam: BodySeam? = nil
  }

  /// The body of a compiled file's member, replaced by a seam the scenario answers.
  struct BodySeam: Sendable, Equatable {
    /// UTF-8 offsets of the body, braces included.
    var body: Range<Int>
    /// `{ StandIn.call("L10n.tr", "tr(...)") }`: one line, so the file keeps its line numbers.
    var text: String
    var declaration: StandInSource.Declaration
    /// Whether it stands in for one statement of the member (a `#selector` call), not its body.
    var isStatement = false
    /// The empty app value it returns unanswered (`EmptyValues`), written into `text`.
    var empty: String? = nil
    /// Whether the compiler rejected an empty value of it: no other is tried.
    var emptyRefused = false

    /// The seam without its empty value: what is tried when the compiler rejects that value.
    var withoutEmpty: BodySeam? {
      guard let empty else { return nil }
      var plain = self
      let end = isStatement ? ")" : ") }"
      guard text.hasSuffix(", empty: " + empty + end) else { return nil }
      plain.text = String(text.dropLast((", empty: " + empty + end).count)) + end
      plain.empty = nil
      plain.declaration.hasDefault = false
      plain.emptyRefused = true
      return plain
    }
  }

  /// The members of compiled files whose bodies are seams, in path and line order.
  var bodySeamDeclarations: [StandInSource.Declaration] {
    droppedMembers.sorted { $0.key < $1.key }.flatMap { $0.value.sorted { $0.firstLine < $1.firstLine }.compactMap(\.seam?.declaration) }
  }

  /// Protocols whose generated conformance of seams an earlier build rejected, with why.
  var failedProtocolSeams: [String: String] = [:]
  /// Names the generated conformances use that an earlier build found ambiguous (element-x's
  /// `JoinRule`, declared by the app and by the MatrixRustSDK stand-in module, both imported
  /// there): the conformances' file declares each as the app's (`typealias JoinRule =
  /// ElementX.JoinRule`), which shadows the imported ones.
  var ambiguousNames: Set<String> = []
  /// The generated `StandInFailure`/`StandInEmpty` lines an earlier build rejected, by
  /// `RegistrationWriter.makerKey`: left out, their answers made as without them.
  var failedMakers: Set<String> = []
  /// Those names as the app's module qualifies them, in name order.
  var qualifiedAmbiguousNames: [(name: String, qualified: String)] {
    ambiguousNames.sorted().compactMap { name in typeIndex.moduleQualified(name).map { (name, $0) } }
  }

  /// What earlier builds rejected of generated stand-ins, made again without it, by path.
  var standInRepairs: [String: StandInSource.Repair] = [:]
  /// Members blanked out of compiled files, by path (each file then a filtered copy).
  var droppedMembers: [String: [DroppedMember]] = [:]
  /// Left-out files whose generated stand-in the compiler rejected, with its message.
  var failedSeams: [String: String] = [:]
  /// Generated conformances of seams to the app's protocols that registrations pass for an
  /// `init` parameter nothing else can fill, by protocol name.
  var protocolSeams: [String: (text: String, declarations: [StandInSource.Declaration])] = [:]
  /// Generated conformances to the app's protocols that a stood-in member returns and no mock
  /// of the app's makes, by protocol name: each stand-in file that returns one declares it
  /// beside itself (`StandInFiles`), the value its seam returns unanswered.
  var returnedConformances: [String: (text: String, declarations: [StandInSource.Declaration])] = [:]

  /// Analyses `app`; `overridden` names models the user registers by hand (by `use` name).
  /// `rejected` (path to reason) are files the compiler rejected, and `unregistered` (type to
  /// reason) models whose generated registration it rejected, in an earlier build.
  /// `droppedPackages` (a pinned package's identity to why) are third-party packages an earlier
  /// build could not resolve or build: the files that import them are left out.
  init(
    _ app: AppSources, overridden: Set<String> = [], rejected: [String: String] = [:], unregistered: [String: String] = [:],
    droppedPackages: [String: String] = [:], failedSeams: [String: String] = [:],
    rejectedDeclarations: [String: [Int: String]] = [:], droppedMembers: [String: [DroppedMember]] = [:],
    standInRepairs: [String: StandInSource.Repair] = [:], failedProtocolSeams: [String: String] = [:],
    productNames: [String: String] = [:], ambiguousNames: Set<String> = [], failedGates: Set<String> = [], failedActions: [String: String] = [:],
    failedMakers: Set<String> = []
  ) {
    self.failedMakers = failedMakers
    self.standInRepairs = standInRepairs
    self.failedProtocolSeams = failedProtocolSeams
    self.ambiguousNames = ambiguousNames
    self.productNames = productNames
    // A declaration the compiler rejected (an extension, a function) is dropped from a filtered
    // copy of its file, as a view is: the rest of the file still builds.
    var app = app
    for (path, declarations) in rejectedDeclarations {
      guard let index = app.files.firstIndex(where: { $0.path == path }) else { continue }
      for (declaration, reason) in declarations.sorted(by: { $0.key < $1.key }) where app.files[index].declarations.indices.contains(declaration) {
        app.files[index].declarations[declaration].blockers.append(reason)
        app.files[index].blockers.append(reason)
      }
    }
    self.app = app
    var rejected = rejected
    for file in app.files where rejected[file.path] == nil {
      for module in file.packageImports {
        guard let pin = app.pins.pin(forModule: module), let why = droppedPackages[pin.identity] else { continue }
        rejected[file.path] = "imports `\(module)`, of the app's package \(pin.location) \(pin.version), which \(why)"
        break
      }
    }
    let selection = FileSelection(app.files, rejected: rejected, failedSeams: failedSeams)
    self.failedSeams = failedSeams
    included = selection.included.sorted()
    leftOut = selection.leftOut.sorted { $0.key < $1.key }.map { LeftOut(path: $0.key, reason: $0.value) }
    unneeded = app.files.count - included.count - leftOut.count
    skippedModels = selection.skippedModels
    filtered = selection.filtered.mapValues { drop in drop }
    self.droppedMembers = droppedMembers.filter { selection.included.contains($0.key) }
    // A `#selector` in a method's body makes that body a seam, unless a build already judged the
    // member, or the filtered copy leaves out its declaration (a view beside it).
    for file in app.files where !file.selectorSeams.isEmpty && selection.included.contains(file.path) {
      let left = (filtered[file.path] ?? []).map { file.declarations[$0].start..<file.declarations[$0].end }
      for member in file.selectorSeams where !left.contains(where: { $0.overlaps(member.range) })
        && !(self.droppedMembers[file.path] ?? []).contains(where: { $0.range.overlaps(member.range) }) {
        self.droppedMembers[file.path, default: []].append(member)
      }
    }
    for path in self.droppedMembers.keys where filtered[path] == nil { filtered[path] = [] }
    // A method blanked out is no action of its model; an init blanked out makes none of it (a
    // registration that still called `ConnectionSecurityLevelBlockViewModel(server:)` did not
    // compile once that init named what the package lacks).
    func blankedOut(line: Int, in path: String) -> Bool {
      droppedMembers[path]?.contains { $0.seam == nil && $0.firstLine <= line && line <= $0.lastLine } ?? false
    }
    // What a type (or extension) of `path` still declares once its blanked members are gone.
    func unblanked(_ members: Members, in path: String) -> Members {
      var members = members
      members.methods.removeAll { blankedOut(line: $0.line, in: path) }
      members.initializers.removeAll { $0.line > 0 && blankedOut(line: $0.line, in: path) }
      members.properties.removeAll { $0.line > 0 && blankedOut(line: $0.line, in: path) }
      return members
    }
    let appModule = PackageWriter.identifier(app.appName)
    let index = TypeIndex(selection.files.filter { selection.included.contains($0.path) }.map { file in
      guard droppedMembers[file.path] != nil else { return file }
      // The path read before the file is changed in place (the closure may not read it then).
      let path = file.path
      var file = file
      for index in file.types.indices { file.types[index].members = unblanked(file.types[index].members, in: path) }
      for index in file.extensions.indices { file.extensions[index].members = unblanked(file.extensions[index].members, in: path) }
      return file
    }, appModule: appModule)
    var plans: [ModelPlan] = []
    var names: Set<String> = []
    // A protocol's conformance of seams, made once per protocol from the file that declares it.
    let compiled = selection.files.filter { selection.included.contains($0.path) }
    let known = Set(compiled.flatMap { $0.types.map(\.name) }).union(selection.seams.values.joined())
    var conformances: [String: (text: String, declarations: [StandInSource.Declaration])?] = [:]
    // Where a protocol is declared: a compiled file, or a stand-in (which omits the requirements
    // that name what the package lacks, so a conformance may omit them too).
    let protocolHome: (String) -> StandInSource.ProtocolHome? = { name in
      let declares: (SourceFacts) -> Bool = { $0.types.contains { $0.name == name && $0.kind == .protocol && $0.isTopLevel } }
      let standsIn = selection.seams.contains { $0.value.contains(name) }
      guard let file = compiled.first(where: declares) ?? app.files.first(where: { selection.seams[$0.path]?.contains(name) == true && declares($0) }),
            let source = try? String(contentsOfFile: app.folder + "/" + file.path, encoding: .utf8)
      else { return nil }
      return StandInSource.ProtocolHome(source: source, standsIn: standsIn)
    }
    let canSeam: (String) -> Bool = { name in
      // One whose generated conformance an earlier build rejected is no longer made.
      if failedProtocolSeams[name] != nil { return false }
      if let made = conformances[name] { return made != nil }
      let made = protocolHome(name).flatMap { home in
        StandInSource.conformance(to: name, source: home.source, known: known, standsIn: home.standsIn, inherited: protocolHome)
      }
      conformances[name] = .some(made)
      return made != nil
    }
    // The stood-in types, with the members their files declare: a model's init may take one.
    // The file as written: a filtered copy's facts no longer hold the types it drops.
    let standInFiles = app.files.compactMap { (file: SourceFacts) -> SourceFacts? in
      guard let names = selection.seams[file.path] else { return nil }
      var file = file
      // A type nested in a stood-in one is written inside its stand-in (IceCubesApp's
      // `AccountStatusesListView.Mode`, an enum of cases a fetcher's init takes).
      // So is one a stand-in declares in an extension (`StatusEditor.Compressor`), and those in it.
      file.types.removeAll { type in
        let parts = type.parents + [type.name]
        return !parts.indices.contains { names.contains(parts[...$0].joined(separator: ".")) }
      }
      file.extensions.removeAll { !names.contains(LinuxSupport.bareName($0.extendedType)) }
      // A stand-in an earlier build rejected for a conformance is written without it (element-x's
      // stood-in `AnalyticsServiceMock` lacks a requirement whose type the package does not
      // have): it is no maker of that protocol's values.
      if let plain = standInRepairs[file.path]?.plainTypes, !plain.isEmpty {
        for index in file.types.indices where plain.contains(file.types[index].qualifiedName) {
          file.types[index].inherited = []
        }
        for index in file.extensions.indices where plain.contains(file.extensions[index].extendedType) {
          file.extensions[index].inherited = []
        }
      }
      return file
    }
    // Only the inits its stand-in writes: one whose signature names a type the package lacks
    // is not (mastodon's `APIService(backgroundManagedObjectContext: NSManagedObjectContext)`),
    // and a model made through it did not compile; the stand-in's implicit `init()` makes it.
    // The package has the types nested in stand-ins too (element-x's `MediaSource.NoHandle`).
    let standInKnown = known.union(standInFiles.flatMap { $0.types.map(\.name) })
    let standInIndex = TypeIndex(standInFiles.map { file in
      var file = file
      for index in file.types.indices {
        let generic = Set(file.types[index].genericParameters)
        file.types[index].members.initializers.removeAll { !StandInSource.writes($0, known: standInKnown, generic: generic) }
      }
      for index in file.extensions.indices {
        file.extensions[index].members.initializers.removeAll { !StandInSource.writes($0, known: standInKnown, generic: []) }
      }
      return file
    })
    // Every file's views, compiled or not: how the screens start the models' work.
    let triggers = app.files.filter { $0.outsideTarget == nil }.flatMap(\.viewTriggers)
    // Every file's code, compiled or not: who calls each model's methods.
    let selfCalls = SelfCalls(app.files)
    // The files the gates read, once each.
    var texts: [String: String?] = [:]
    // Buttons titled by a key of the app's strings are named by its text.
    var titles = app.strings.tables["Localizable"] ?? [:]
    // ...and by the text of SwiftGen's name for one (`L10n.actionSave`).
    for file in app.files where file.types.contains(where: { $0.name == "L10n" }) {
      guard let text = try? String(contentsOfFile: app.folder + "/" + file.path, encoding: .utf8) else { continue }
      titles.merge(GeneratedStrings.titles(in: text, tables: app.strings.tables)) { own, _ in own }
    }
    for (type, path) in selection.models where selection.included.contains(path) {
      var type = type
      let written = Set(type.members.properties.map(\.name) + type.members.methods.map(\.name))
      type.members = unblanked(type.members, in: path)
      let lostMembers = written.subtracting(type.members.properties.map(\.name) + type.members.methods.map(\.name))
      let opening = ModelPlan.isFilePrivate(type, index: index) ? Self.opening(type, in: path, app: app, index: index) : nil
      if let opening {
        for name in opening.names where !(opened[path] ?? []).contains(name) { opened[path, default: []].append(name) }
        if filtered[path] == nil { filtered[path] = [] }
      }
      var plan = ModelPlan(
        type: type, path: path, index: index, standIns: standInIndex,
        opened: opening?.word, triggers: triggers,
        canSeam: canSeam)
      // An action whose generated line did not compile is left out, the model kept.
      plan.leaveOut(failedActions.filter { $0.key.hasPrefix(plan.type + ".") })
      plan.read(triggers)
      plan.read(selfCalls)
      // When the views offer each action; a gate whose Swift did not compile is left out.
      // ...and which of its properties they set.
      let views = ActionGates.read(plan, type: type, files: app.files, index: index, titles: titles) { path in
        if let text = texts[path] { return text }
        let text = try? String(contentsOfFile: app.folder + "/" + path, encoding: .utf8)
        texts[path] = text
        return text
      }
      // ...and one that reads a member the model's compiled copy lost (food-truck's
      // `controller.product`, a StoreKit `Product`): its closure would not compile, and the
      // compiler's errors then land on the whole registration, not the gate's line.
      plan.gates = views.gates.filter { !failedGates.contains(plan.type + "." + $0.key) && !Self.reads(any: lostMembers, $0.value.expression) }
      plan.notSetByViews = views.notSetByViews
      plan.controls = views.controls
      // Two models that shorten to one name keep their whole names.
      if names.contains(plan.name) { plan.name = ModelPlan.lowerFirst(type.qualifiedName.replacingOccurrences(of: ".", with: "")) }
      names.insert(plan.name)
      plan.isOverridden = overridden.contains(plan.name)
      if let reason = unregistered[plan.type], !plan.isOverridden {
        plan.factory = nil
        plan.registrationError = reason
      }
      plans.append(plan)
    }
    models = plans
    typeIndex = index
    standInTypeIndex = standInIndex
    // A seam made in an earlier round got the empty value that round's types could make: one
    // made before the mock it returns was stood in (element-x's `DefaultPostHogFactory.
    // createPostHog`, before `PHGPostHogMock`) gets it now.
    let fill = EmptyValues(index: index, standIns: standInIndex, makesObjects: true)
    for path in self.droppedMembers.keys {
      for position in self.droppedMembers[path]!.indices {
        guard let seam = self.droppedMembers[path]![position].seam, seam.empty == nil, !seam.emptyRefused else { continue }
        self.droppedMembers[path]![position].seam = fill.filling(seam)
      }
    }
    for name in Set(plans.filter { $0.factory != nil }.flatMap(\.seams)) {
      if case .some(.some(let made)) = conformances[name] { protocolSeams[name] = made }
    }
    // A stood-in member returning a protocol the app has no mock of (element-x's
    // `DefaultPostHogFactory.createPostHog(with:)`, a `PHGPostHogProtocol`) trapped unanswered:
    // a generated conformance of seams is its value now.
    let empty = EmptyValues(index: index, standIns: standInIndex)
    for name in standInIndex.types.keys.sorted() {
      for (type, _) in standInIndex.types[name] ?? [] {
        let members = standInIndex.allMembers(of: type)
        for returned in members.properties.compactMap(\.type) + members.methods.compactMap(\.returnType) {
          guard let bare = EmptyValues.protocolName(returned), returnedConformances[bare] == nil,
                // The app's own compiled protocols: a stood-in module's (the Rust SDK's
                // `ClientProtocol`, of a hundred methods) is the scenario's to answer.
                index.type(bare)?.kind == .protocol,
                empty.mock(of: bare, standIns: standInIndex) == nil, canSeam(bare),
                case .some(.some(let made)) = conformances[bare]
          else { continue }
          returnedConformances[bare] = made
        }
      }
    }
    targets = TargetPlan.plans(app, included: Set(included))
    // The third-party packages the compiled files import, at the app's pins.
    var used: [String: PinnedPackages.Pin] = [:]
    // The products `file` imports of the packages that resolve here, each package noted as used.
    func packageProducts(of file: SourceFacts) -> [String] {
      file.packageImports.compactMap { module in
        guard let pin = app.pins.pin(forModule: module), droppedPackages[pin.identity] == nil else { return nil }
        used[pin.identity] = pin
        return ".product(name: \"\(productNames[module] ?? module)\", package: \"\(PinnedPackages.packageName(pin))\")"
      }
    }
    for standIn in selection.standIns.values.sorted(by: { $0.name < $1.name }) {
      let module = standIn.module ?? PackageWriter.identifier(app.appName)
      guard let index = targets.firstIndex(where: { $0.name == module }) else { continue }
      targets[index].standIns.append(.init(name: standIn.name, kind: standIn.kind.rawValue, home: standIn.home))
    }
    let leftOutReasons = Dictionary(leftOut.map { ($0.path, $0.reason) }, uniquingKeysWith: { first, _ in first })
    for (path, types) in selection.seams.sorted(by: { $0.key < $1.key }) {
      // A compiled file's dropped declarations (a view beside a model) say their own reasons.
      let dropped = app.files.first { $0.path == path }.map { file in
        (filtered[path] ?? []).map { file.declarations[$0] }.filter { !Set($0.types).isDisjoint(with: types) }.flatMap(\.blockers)
      } ?? []
      seams[path] = (types.sorted(), leftOutReasons[path] ?? (dropped.isEmpty ? "it cannot build on Linux" : dropped.joined(separator: "; ")))
      let module = app.files.first { $0.path == path }?.module ?? PackageWriter.identifier(app.appName)
      guard let index = targets.firstIndex(where: { $0.name == module }) else { continue }
      targets[index].seamFiles.append(path)
    }
    // Each target's products: the third-party modules its compiled files and its stand-ins import
    // (AlamofireImage's `ImageDownloader` names Alamofire's `Request`), where the package resolves
    // here; and Apple modules with a counterpart on Linux (home-assistant's stood-in
    // `ClientCertificate` imports CryptoKit), with the counterpart's package where it needs one.
    for index in targets.indices {
      var products: Set<String> = []
      let prefix = targets[index].folder == "." ? "" : targets[index].folder + "/"
      for path in targets[index].sources.map({ prefix + $0 }) + targets[index].seamFiles {
        guard let file = app.files.first(where: { $0.path == path }) else { continue }
        products.formUnion(packageProducts(of: file))
        for module in file.imports {
          guard let counterpart = LinuxSupport.counterparts[module] else { continue }
          targets[index].counterparts.insert(module)
          guard let package = counterpart.package else { continue }
          products.insert(".product(name: \"\(counterpart.module)\", package: \"\(package.identity)\")")
          if !used.values.contains(where: { $0.identity == package.identity }) {
            used[package.identity] = PinnedPackages.Pin(
              location: PinnedPackages.shortLocation(package.url), url: package.url, revision: nil, version: package.version,
              identity: package.identity)
          }
        }
      }
      targets[index].products = products.sorted()
    }
    TargetPlan.addStandInDependencies(&targets, app: app)
    // The macro targets the compiled modules expand with, and the packages they take products of
    // (swift-syntax), at the app's pins: a plugin builds where the package builds.
    let macroNames = Set(targets.flatMap(\.macros))
    macros = app.macros.filter { macroNames.contains($0.name) }.compactMap { macro in
      var products: [String] = []
      for product in macro.products {
        guard let pin = app.pins.pin(at: product.url),
              droppedPackages[pin.identity] == nil
        else { return nil }
        used[pin.identity] = pin
        products.append(".product(name: \"\(product.name)\", package: \"\(PinnedPackages.packageName(pin))\")")
      }
      return MacroPlan(macro: macro, products: products)
    }
    let planned = Set(macros.map(\.name))
    for index in targets.indices { targets[index].macros.removeAll { !planned.contains($0) } }
    packages = used.values.sorted { $0.location < $1.location }.map(PackagePlan.init)
    for index in targets.indices {
      let prefix = targets[index].folder == "." ? "" : targets[index].folder + "/"
      targets[index].filteredSources = Set(targets[index].sources.filter { filtered[prefix + $0] != nil })
    }
  }
}

extension Adoption {
  /// Whether `expression` reads one of `names` of `viewModel` (`viewModel.product`).
  static func reads(any names: Set<String>, _ expression: String) -> Bool {
    guard !names.isEmpty else { return false }
    var rest = Substring(expression)
    while let found = rest.range(of: "viewModel.") {
      let name = rest[found.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if names.contains(String(name)) { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }
}

/// A macro target of the app's packages, declared in the generated package as its own declares it.
struct MacroPlan: Sendable, Equatable {
  var macro: LocalMacro
  /// `.product(name:package:)` of what it takes from swift-syntax, at the app's pin.
  var products: [String]
  var name: String { macro.name }
}

/// A third-party package the app pins, declared in the generated package.
struct PackagePlan: Sendable, Equatable {
  /// The URL as the app wrote it (a SwiftPM mirror maps it).
  var url: String
  /// `github.com/scinfu/SwiftSoup`.
  var location: String
  /// `2.11.3`, a branch or a short revision.
  var version: String
  /// What `.package(url:...)` takes after the URL: `exact: "2.11.3"`.
  var requirement: String
  /// The pin's identity (`swiftsoup`).
  var identity: String

  init(_ pin: PinnedPackages.Pin) {
    url = pin.url
    location = pin.location
    version = pin.version
    identity = pin.identity
    if let declared = pin.declared {
      requirement = declared
    } else if pin.version.first?.isNumber == true, pin.version.contains(".") {
      requirement = "exact: \"\(pin.version)\""
    } else if let revision = pin.revision {
      requirement = "revision: \"\(revision)\""
    } else {
      requirement = "branch: \"\(pin.version)\""
    }
  }
}

extension Adoption {
  /// The types whose `private` a copy of `path` leaves out so that `type` can be named from
  /// another file: itself, and the type it is declared in, where private. Nil where a word is
  /// not the file's own (an extension's), or another compiled type has one of their names, which
  /// two private types of two files may share.
  /// The word the first of them is written with (`private`, `fileprivate`) comes with them.
  static func opening(_ type: DeclaredType, in path: String, app: AppSources, index: TypeIndex) -> (names: [String], word: String)? {
    guard let file = app.files.first(where: { $0.path == path }) else { return nil }
    var names: [String] = []
    if type.access <= .fileprivate { names.append(type.qualifiedName) }
    if let outer = type.parents.first, index.type(outer)?.access ?? .internal <= .fileprivate { names.append(outer) }
    let unique = names.allSatisfy { name in
      file.privateModifiers[name] != nil && (index.types[String(name.split(separator: ".").last!)]?.count ?? 0) == 1
    }
    guard unique, let first = names.first, let word = file.privateModifiers[first]?.text else { return nil }
    return (names, word)
  }

  /// What a filtered copy of `file` leaves out, as the report and the copy say it.
  static func filterLabels(_ file: SourceFacts, dropping drop: [Int], members: [DroppedMember] = [], opened: [String] = []) -> String {
    (drop.map { index in
      let declaration = file.declarations[index]
      // A declaration the compiler rejected says why: views and previews need no telling.
      let compiler = declaration.blockers.first { $0.hasPrefix("does not compile on Linux") }
      return declaration.label + (compiler.map { " (\($0))" } ?? "")
    } + members.map { member in
      guard let seam = member.seam else { return "`\(member.label)` (\(member.reason))" }
      return (seam.isStatement ? "the statement at line \(member.firstLine) of `\(member.label)`" : "the body of `\(member.label)`")
        + " (a seam in its place; \(member.reason))"
    }
      + opened.map { "`\(file.privateModifiers[$0]?.text ?? "private")` of `\($0)` (a registration names it)" }
      + (file.objcAttributes.isEmpty ? [] : ["`@objc`"])
      + (file.submoduleImports.isEmpty ? [] : ["imports' submodules (`import os.log` is `import os`)"])
      + file.appleImports.map { "`import \($0.module)` (an Apple framework with no Linux version: what needs it is a seam)" }).joined(separator: ", ")
  }
}

/// One target of the generated package: the app's own files, or one module of a local package,
/// compiled where they are through a link.
struct TargetPlan: Sendable, Equatable {
  /// The module's name.
  var name: String
  /// The module's folder relative to the app's folder (`.` for the app's own files).
  var folder: String
  /// The files compiled, relative to `folder`.
  var sources: [String]
  /// The local modules its files import, which it depends on.
  var dependencies: [String]
  /// `5` or `6`.
  var languageMode: String
  /// The default actor isolation its code is written for (`MainActor`), nil for none.
  var defaultIsolation: String? = nil
  /// Whether its code writes regex literals as `/.../`, as the app's Swift 6 target does.
  var bareSlashRegex = false
  /// Whether this is a local package's module rather than the app's own files.
  var isLocalModule: Bool
  /// `.product(name:package:)` of the third-party packages its files import.
  var products: [String] = []
  /// The macro targets it depends on (a compiled file declares a macro one implements).
  var macros: [String] = []
  /// Those of `sources` compiled as filtered copies.
  var filteredSources: Set<String> = []
  /// Empty types declared in place of left-out ones that kept extensions extend.
  var standIns: [StandIn] = []
  /// Apple modules its files import that compile as their Linux counterpart (`CryptoKit`).
  var counterparts: Set<String> = []
  /// Left-out files of this module stood in by generated stand-ins (app paths), compiled as
  /// `standins/PATH`.
  var seamFiles: [String] = []
  /// Whether a compiled file reads `Bundle.module`, which the package then declares (a local
  /// package's resources are not part of it: asset catalogs do not build on Linux).
  var needsBundleModule = false

  /// An empty type in place of a left-out one (`HomeView`, a view whose nested view-model is kept).
  struct StandIn: Sendable, Equatable {
    var name: String
    /// `struct`, `class` or `enum`, as the left-out type is.
    var kind: String
    /// The left-out type's file.
    var home: String
  }

  static func plans(_ app: AppSources, included: Set<String>) -> [TargetPlan] {
    let appModule = PackageWriter.identifier(app.appName)
    // Each local module's target by the name `import` writes (`HAKit_PromiseKit` for the target
    // `HAKit+PromiseKit`) and by its own.
    var targetOf: [String: String] = [:]
    for module in app.modules {
      targetOf[module.name] = module.name
      if targetOf[PackageBuild.moduleName(of: module.name)] == nil { targetOf[PackageBuild.moduleName(of: module.name)] = module.name }
    }
    var byModule: [String: [SourceFacts]] = [:]
    for file in app.files where included.contains(file.path) {
      byModule[file.module ?? appModule, default: []].append(file)
    }
    // A module an included file imports is a target even when none of its files is needed, so
    // that `import Models` finds it.
    var needed = Set(byModule.keys)
    var queue = Array(byModule.values.joined())
    while let file = queue.popLast() {
      for imported in file.imports.compactMap({ targetOf[$0] }) where !needed.contains(imported) {
        needed.insert(imported)
      }
    }
    var plans: [TargetPlan] = []
    // The app's own target is always there: Overrides.swift imports it.
    let appFiles = byModule[appModule] ?? []
    do {
      plans.append(TargetPlan(
        name: appModule, folder: ".", sources: appFiles.map(\.path).sorted(),
        dependencies: imports(appFiles, targetOf, except: appModule), languageMode: "5", defaultIsolation: app.defaultIsolation,
        bareSlashRegex: app.bareSlashRegex, isLocalModule: false))
    }
    for module in app.modules where needed.contains(module.name) {
      let files = byModule[module.name] ?? []
      let prefix = module.folder == "." ? "" : module.folder + "/"
      var plan = TargetPlan(
        name: module.name, folder: module.folder,
        sources: files.map { String($0.path.dropFirst(prefix.count)) }.sorted(),
        dependencies: imports(files, targetOf, except: module.name), languageMode: module.languageMode,
        isLocalModule: true)
      plan.needsBundleModule = files.contains(where: \.usesBundleModule)
      // Its package's macros, where a file of it is compiled (a macro's declaration among them).
      if !files.isEmpty { plan.macros = module.macros }
      plans.append(plan)
    }
    return plans
  }

  /// Each target depends on the local modules its stand-ins import (home-assistant's
  /// `HADesignSystem` stood in `ExternalLinkButton`, which imports `HAIconic`, though no file it
  /// compiles does: "no such module", one stand-in given up a build), where that makes no cycle.
  static func addStandInDependencies(_ targets: inout [TargetPlan], app: AppSources) {
    let byModule = Dictionary(targets.map { (PackageBuild.moduleName(of: $0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
    func reaches(_ from: String, _ to: String) -> Bool {
      var seen: Set<String> = []
      var queue = [from]
      while let name = queue.popLast() {
        if name == to { return true }
        guard seen.insert(name).inserted, let target = targets.first(where: { $0.name == name }) else { continue }
        queue += target.dependencies
      }
      return false
    }
    for index in targets.indices {
      for path in targets[index].seamFiles {
        guard let file = app.files.first(where: { $0.path == path }) else { continue }
        for module in file.imports {
          guard let name = byModule[module], name != targets[index].name, !targets[index].dependencies.contains(name),
                !reaches(name, targets[index].name)
          else { continue }
          targets[index].dependencies = (targets[index].dependencies + [name]).sorted()
        }
      }
    }
  }

  /// The local targets `files` import, but `name`'s own.
  private static func imports(_ files: [SourceFacts], _ targetOf: [String: String], except name: String) -> [String] {
    Array(Set(files.flatMap(\.imports).compactMap { targetOf[$0] }).filter { $0 != name }).sorted()
  }
}
