/// The types and extensions of the compiled files, by name.
struct TypeIndex: Sendable {
  /// Each declared type with the file that declares it, in path order.
  private(set) var types: [String: [(type: DeclaredType, path: String)]] = [:]
  /// Extensions by extended type.
  private(set) var extensions: [String: [ExtensionFacts]] = [:]
  /// The indexed files by path: which module declares a type, and which modules a file sees.
  private var files: [String: SourceFacts] = [:]
  private let visibility: ModuleVisibility
  /// The package's name for the app's own module (files with no `module`); nil when unknown.
  private let appModule: String?
  /// The types that conform to each protocol (by its bare name), directly or in an extension,
  /// each with its file, in the order `conformers(of:)` gives them: asked for each value a
  /// factory makes, and walking every type each time was a tenth of a large app's plan.
  private var conforming: [String: [(type: DeclaredType, path: String)]] = [:]

  /// `appModule` names the module of the app's own files, so that a type two modules declare
  /// can be written after its module's name (`HANetworking.Server`).
  init(_ files: [SourceFacts], appModule: String? = nil) {
    visibility = ModuleVisibility(files)
    self.appModule = appModule
    for file in files {
      self.files[file.path] = file
      for type in file.types { types[type.name, default: []].append((type, file.path)) }
      for facts in file.extensions {
        extensions[LinuxSupport.bareName(facts.extendedType), default: []].append(facts)
      }
    }
    for (_, declarations) in types.sorted(by: { $0.key < $1.key }) {
      for (type, path) in declarations where type.kind != .protocol {
        let inherited = type.inherited + extensions(of: type).flatMap(\.inherited)
        var seen: Set<String> = []
        for name in inherited.map(LinuxSupport.bareName) where seen.insert(name).inserted {
          conforming[name, default: []].append((type, path))
        }
      }
    }
  }

  /// The type `name` (bare, or qualified as `BookmarkListViewModel.SortSetting`) stands for,
  /// written inside `owner`, where it is a type alias and no type: the alias nearest `owner`'s
  /// scope (`SortSetting` inside `BookmarkListViewModel`), else a top-level one.
  func aliased(_ name: String, from owner: String) -> String? {
    guard types[LinuxSupport.bareName(name)] == nil else { return nil }
    var scope = owner.split(separator: ".").map(String.init)
    while true {
      let key = (scope + [name]).joined(separator: ".")
      if let text = files.values.lazy.compactMap({ $0.typeAliases[key] }).sorted().first { return text }
      guard !scope.isEmpty else { return nil }
      scope.removeLast()
    }
  }

  /// The one declaration of `name` (the first, when several files declare one).
  func type(_ name: String) -> DeclaredType? { types[name]?.first?.type }

  /// `name` as code outside its type writes it: `BookmarkEditViewModel.EditState` for an
  /// `EditState` the app declares only inside `BookmarkEditViewModel` (its `init(state:)` writes
  /// it bare); anything else as it is.
  func qualified(_ name: String) -> String {
    guard let declarations = types[name], declarations.count == 1, let only = declarations.first?.type, !only.parents.isEmpty
    else { return name }
    return only.qualifiedName
  }

  /// `name` as written inside `owner` (`Preset` in `PrivacySafetyViewModel`), as code outside
  /// writes it: the nested type Swift's lookup finds from there, by its whole name, however many
  /// other types share the name (Mastodon's strings declare another `Preset`); else `qualified(name)`.
  func qualified(_ name: String, from owner: String) -> String {
    nested(name, from: owner)?.qualifiedName ?? qualified(name)
  }

  /// The type `name` means inside `owner`: the nested one Swift's lookup finds, else the one
  /// `owner`'s file sees.
  func type(_ name: String, from owner: String) -> DeclaredType? {
    nested(name, from: owner) ?? visible(name, from: owner)
  }

  /// The type a bare `name` means outside any type: a top-level one where the app declares one
  /// (home-assistant's `struct CustomWidget`, not `DatabaseTables.CustomWidget`, an enum of its
  /// columns, which comes first by path), else the one declaration. Seen from `owner`'s file,
  /// only what that file's module and imports declare counts where any does: home-assistant's
  /// models take `HANetworking`'s `class Server`, not Starscream's `protocol Server`, which
  /// comes first by path.
  private func visible(_ name: String, from owner: String? = nil) -> DeclaredType? {
    guard var declarations = types[name] else { return nil }
    if let owner, let viewer = file(declaring: owner) {
      let seen = declarations.filter { declaration in files[declaration.path].map { visibility.sees(viewer, $0) } ?? true }
      if !seen.isEmpty { declarations = seen }
    }
    return (declarations.first(where: { $0.type.isTopLevel }) ?? declarations.first)?.type
  }

  /// The file that declares the type whose qualified name is `owner`.
  private func file(declaring owner: String) -> SourceFacts? {
    types[LinuxSupport.bareName(owner)]?.first(where: { $0.type.qualifiedName == owner }).flatMap { files[$0.path] }
  }

  /// The module whose file declares `path`, by the package's name for it.
  private func module(of path: String) -> String? {
    guard let file = files[path] else { return nil }
    return file.module.map(PackageBuild.moduleName(of:)) ?? appModule
  }

  /// `Module.Name` for a top-level, non-generic type `name` of a compiled file: what a
  /// generated file writes where another imported module declares a type of that name too.
  func moduleQualified(_ name: String) -> String? {
    guard let own = types[name]?.first(where: { $0.type.isTopLevel && $0.type.genericParameters.isEmpty && $0.type.kind != .protocol }),
          let home = module(of: own.path), types[home] == nil
    else { return nil }
    return home + "." + name
  }

  /// `Module.Name` of `type`, a top-level type this index holds, where its file's module is
  /// known and no type is named as that module: what a generated file that imports both writes
  /// where another index declares a type of the same name (element-x's own `SearchUsersResults`
  /// beside the stood-in Rust SDK's).
  func moduleQualified(_ type: DeclaredType) -> String? {
    guard type.isTopLevel, let own = types[type.name]?.first(where: { $0.type == type }),
          let home = module(of: own.path), types[home] == nil
    else { return nil }
    return home + "." + type.name
  }

  /// How the app's code writes generic `type` with arguments of its own (pocket-casts'
  /// `class BookmarkListViewModel: SearchableListViewModel<Bookmark>`, element-x's `typealias
  /// SettingsScreenViewModelType = StateStoreViewModelV2<SettingsScreenViewState, ...>`): the
  /// first such use, in path order, whose every argument is a type the index or Swift has, each
  /// through the generic subclasses between (`MultiSelectListViewModel<Model>` inherited by
  /// `SearchableListViewModel<Bookmark>`'s class is `MultiSelectListViewModel<Bookmark>`). Nil
  /// where the app writes none.
  func instantiation(of type: DeclaredType, depth: Int = 0) -> (written: String, arguments: [String: String], by: String)? {
    guard depth < 4, !type.genericParameters.isEmpty else { return nil }
    let own = type.qualifiedName
    func concrete(_ argument: String, besides generic: Set<String>) -> Bool {
      let bare = LinuxSupport.bareName(argument)
      guard !generic.contains(bare), !argument.contains("<") || concreteAll(FactoryInference.genericArguments(of: argument), besides: generic) else { return false }
      return types[bare] != nil || StandInSource.standardTypes.contains(bare)
    }
    func concreteAll(_ arguments: [String], besides generic: Set<String>) -> Bool { arguments.allSatisfy { concrete($0, besides: generic) } }
    func arguments(of text: String) -> [String]? {
      guard text.hasPrefix(own + "<") || text.hasPrefix(type.name + "<") else { return nil }
      let arguments = FactoryInference.genericArguments(of: text)
      return arguments.count == type.genericParameters.count ? arguments : nil
    }
    for path in files.keys.sorted() {
      guard let file = files[path] else { continue }
      for (alias, text) in file.typeAliases.sorted(by: { $0.key < $1.key }) {
        guard let written = arguments(of: text), concreteAll(written, besides: []) else { continue }
        return (text, Dictionary(zip(type.genericParameters, written), uniquingKeysWith: { first, _ in first }), "`typealias \(alias)` (\(path))")
      }
      for subclass in file.types where subclass.kind == .class {
        for inherited in subclass.inherited {
          guard let written = arguments(of: inherited) else { continue }
          let generic = Set(subclass.genericParameters)
          if concreteAll(written, besides: generic) {
            return (inherited, Dictionary(zip(type.genericParameters, written), uniquingKeysWith: { first, _ in first }), "`\(subclass.qualifiedName)` (\(path))")
          }
          // A generic subclass passing its own parameters on: as the app makes that subclass.
          guard !generic.isEmpty, let made = instantiation(of: subclass, depth: depth + 1) else { continue }
          let substituted = written.map { FactoryInference.substitute(made.arguments, in: $0) }
          guard concreteAll(substituted, besides: []) else { continue }
          let text = (inherited.prefix { $0 != "<" }) + "<" + substituted.joined(separator: ", ") + ">"
          return (text, Dictionary(zip(type.genericParameters, substituted), uniquingKeysWith: { first, _ in first }), made.by + " through `\(subclass.qualifiedName)`")
        }
      }
    }
    return nil
  }

  /// Whether this index holds `type` itself, not only a type of its name.
  func holds(_ type: DeclaredType) -> Bool {
    types[type.name]?.contains { $0.type == type } ?? false
  }

  /// `type` as a registration writes it: its qualified name, after its module's where another
  /// module declares a type of the same qualified name (a file importing both could not tell
  /// them apart: `HANetworking.Server`, not Starscream's `Server`).
  func written(_ type: DeclaredType) -> String {
    guard let declarations = types[type.name], let own = declarations.first(where: { $0.type == type }),
          let home = module(of: own.path)
    else { return type.qualifiedName }
    let modules = Set(declarations.filter { $0.type.qualifiedName == type.qualifiedName }.compactMap { module(of: $0.path) })
    // A type named as its module would shadow the module's name (`Shared.Shared`): left bare.
    guard modules.count > 1, types[home] == nil else { return type.qualifiedName }
    return home + "." + type.qualifiedName
  }

  /// The type a registration's text names (`NotificationTableViewCell.ViewModel.Value`, or a
  /// bare `Value`): by its whole name where it is dotted, else the one declaration.
  func type(written name: String) -> DeclaredType? {
    let bare = LinuxSupport.bareName(name)
    guard name.contains("."), let exact = types[bare]?.first(where: { $0.type.qualifiedName == name }) else { return visible(bare) }
    return exact.type
  }

  private func nested(_ name: String, from owner: String) -> DeclaredType? {
    guard let declarations = types[name],
          let whole = NestedNames.innermost(name, from: owner, where: { candidate in declarations.contains { $0.type.qualifiedName == candidate } })
    else { return nil }
    return declarations.first { $0.type.qualifiedName == whole }?.type
  }


  /// Types that conform to `protocolName`, directly or in an extension, in path order; of the
  /// protocol `declared` where given, only types whose files see its module (Starscream's
  /// `WebSocketServer` conforms to its own `Server`, no other).
  func conformers(of protocolName: String, declared: DeclaredType? = nil) -> [DeclaredType] {
    let home = declared.flatMap { declared in types[declared.name]?.first(where: { $0.type == declared }) }.flatMap { files[$0.path] }
    var result: [DeclaredType] = []
    for (type, path) in conforming[protocolName] ?? [] {
      if let home, let file = files[path], !visibility.sees(file, home) { continue }
      result.append(type)
    }
    return result
  }

  /// The extensions of `type`: those whose written name is its whole name, or ends in it after a
  /// module's (`MastodonUI.StatusView.ViewModel`). Mastodon's `extension
  /// ComposeContentToolbarView.ViewModel { func image(for: Action) }` is none of the other nine
  /// `ViewModel`s nested in its views.
  func extensions(of type: DeclaredType) -> [ExtensionFacts] {
    extensions[type.name, default: []].filter { facts in
      var written = Substring(facts.extendedType.trimmingCharacters(in: .whitespaces))
      if let angle = written.firstIndex(of: "<") { written = written[..<angle] }
      return written == type.qualifiedName || written.hasSuffix("." + type.qualifiedName)
    }
  }

  /// A type's members with those its extensions add.
  func allMembers(of type: DeclaredType) -> Members {
    var members = type.members
    for facts in extensions(of: type) {
      members.methods += facts.members.methods
      members.properties += facts.members.properties
      members.initializers += facts.members.initializers
    }
    return members
  }
}
