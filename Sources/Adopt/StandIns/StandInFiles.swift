import Foundation

/// The generated stand-ins of an adoption: one file per left-out file whose types kept files
/// use, in that file's module, under `Sources/MODULE/standins/`.
struct StandInFiles {
  /// One generated file.
  struct File {
    /// The left-out app file it stands in for.
    var appPath: String
    /// The target it is compiled in.
    var target: String
    /// Its path in the target's folder (`standins/Services/Keychain.swift`).
    var source: String
    var generated: StandInSource
  }

  /// The folder of a target's stand-ins.
  static let folder = "standins"

  /// The end of a stand-in's name when the app's file is compiled too (`ResultsView.standin.swift`).
  static let besideSuffix = ".standin.swift"

  var files: [File] = []

  /// Every member the scenario answers, in file order.
  var declarations: [StandInSource.Declaration] { files.flatMap(\.generated.declarations) }

  /// The stored properties copied as written with their initial values, by member.
  var copiedValues: [String: String] {
    files.reduce(into: [:]) { values, file in values.merge(file.generated.copiedValues) { first, _ in first } }
  }

  init(_ adoption: Adoption) {
    let app = adoption.app
    let included = Set(adoption.included)
    let compiled = app.files.filter { included.contains($0.path) }
    let seamFiles = app.files.filter { adoption.seams[$0.path] != nil }
    // What the package has: the compiled files' types, nested ones too, and the stood-in types
    // (with the types nested in them).
    var known = Set(compiled.flatMap { $0.types.map(\.name) })
    var protocols = Set(compiled.flatMap { $0.types.filter { $0.kind == .protocol }.map(\.name) })
    for file in seamFiles {
      let names = Set(adoption.seams[file.path]?.types ?? [])
      for type in file.types where names.contains(type.name) || type.parents.first.map(names.contains) == true {
        known.insert(type.name)
        if type.kind == .protocol { protocols.insert(type.name) }
      }
    }
    // As `import` names them: a target `HAKit+Mocks` is the module `HAKit_Mocks`.
    let localModules = Set(adoption.targets.map { PackageBuild.moduleName(of: $0.name) })
    // Third-party modules of packages the package declares (the stand-in's file imports them).
    let declared = Set(adoption.packages.map(\.identity))
    let packageModules = Set(app.files.flatMap(\.packageImports).filter { module in
      app.pins.pin(forModule: module).map { declared.contains($0.identity) } ?? false
    })
    let empty = EmptyValues(index: adoption.typeIndex, standIns: adoption.standInTypeIndex, makesObjects: true)
    // Types a compiled file's extension gives `Equatable` or `Hashable`, with those files: a
    // stand-in declaring its own too would be a redundant conformance there.
    var equalityGivers: [String: Set<String>] = [:]
    for file in compiled {
      for ext in file.extensions where !Set(ext.inherited).isDisjoint(with: StandInSource.equalityProtocols) {
        equalityGivers[ext.extendedType, default: []].insert(file.path)
      }
    }
    // Each target's own types (compiled and stood in), for what its stand-ins' copied closures
    // may name: its own and its dependencies'.
    var ownTypes: [String: Set<String>] = [:]
    for target in adoption.targets {
      let prefix = target.folder == "." ? "" : target.folder + "/"
      let paths = Set(target.sources.map { prefix + $0 }).intersection(included)
      // Top-level ones: a bare name in another module's closure is not a nested type
      // (home-assistant's HAModels has a `DatabaseTables.CarPlayConfig` beside the app's own).
      var types = Set(compiled.filter { paths.contains($0.path) }.flatMap { $0.types.filter(\.isTopLevel).map(\.name) })
      for path in target.seamFiles { types.formUnion(adoption.seams[path]?.types ?? []) }
      ownTypes[PackageBuild.moduleName(of: target.name)] = types
    }
    for target in adoption.targets {
      let prefix = target.folder == "." ? "" : target.folder + "/"
      for path in target.seamFiles.sorted() {
        guard let facts = app.files.first(where: { $0.path == path }), let seam = adoption.seams[path],
              let source = try? String(contentsOfFile: app.folder + "/" + path, encoding: .utf8)
        else { continue }
        // A local module only where the target depends on it (not where that would be a cycle).
        let dependencies = Set(target.dependencies.map(PackageBuild.moduleName(of:)))
        let imports = facts.imports.filter { module in
          module != PackageBuild.moduleName(of: target.name) && !["Foundation", "StandInSupport"].contains(module)
            && (LinuxSupport.importable.contains(module) || (localModules.contains(module) && dependencies.contains(module))
              || packageModules.contains(module))
        }
        // Beside a filtered copy, the extensions the copy keeps are its own.
        let dropped = Set(adoption.filtered[path] ?? [])
        let kept = included.contains(path)
          ? Set(facts.declarations.indices.filter { !dropped.contains($0) && facts.declarations[$0].extendedType != nil }.map { facts.declarations[$0].start })
          : []
        var generated = StandInSource(
          source: source, path: path, names: Set(seam.types), known: known, protocols: protocols, imports: imports,
          why: app.shownPaths(in: Self.why(path: path, reason: seam.why)), repair: adoption.standInRepairs[path] ?? StandInSource.Repair(),
          keptExtensions: kept,
          equalityElsewhere: Set(equalityGivers.filter { !$0.value.subtracting([path]).isEmpty }.keys),
          emptyValue: { type, owner in
            empty.expression(for: type, from: owner) ?? empty.mock(of: type, standIns: adoption.standInTypeIndex)
              ?? EmptyValues.protocolName(type).flatMap { adoption.returnedConformances[$0] == nil ? nil : StandInSource.seamClassName($0) + "()" }
              ?? empty.sample(for: type, from: owner)
              ?? EmptyValues.closure(for: type) { empty.expression(for: $0, from: owner) ?? empty.mock(of: $0, standIns: adoption.standInTypeIndex) }
          },
          visible: ([PackageBuild.moduleName(of: target.name)] + dependencies).reduce(into: Set<String>()) { $0.formUnion(ownTypes[$1] ?? []) })
        // The generated conformances its seams return, beside them: private, so that two
        // stand-ins of a module may each declare one of a protocol.
        for name in adoption.returnedConformances.keys.sorted() where generated.text.contains(StandInSource.seamClassName(name) + "()") {
          guard let made = adoption.returnedConformances[name], let range = made.text.range(of: "final class ") else { continue }
          generated.text += "\n" + made.text.replacingCharacters(in: range, with: "private final class ")
          generated.declarations += made.declarations
        }
        var relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        // Beside a compiled copy of the same file (a view dropped from it), another name: SwiftPM
        // names a module's objects by file name.
        if included.contains(path) { relative = String(relative.dropLast(".swift".count)) + Self.besideSuffix }
        files.append(File(appPath: path, target: target.name, source: Self.folder + "/" + relative, generated: generated))
      }
    }
    // A seam that returns a stood-in type with no state (`AppContext.apiService: APIService`)
    // has a default, whichever stand-in declares that type.
    statelessTypes = Set(files.flatMap { $0.generated.defaultTypes.flatMap { [$0, String($0.split(separator: ".").last ?? "")] } })
    for index in files.indices {
      files[index].generated.declarations = withDefaults(files[index].generated.declarations)
    }
  }

  /// The stood-in types with no state, whose one instance a seam returning one returns unanswered.
  private(set) var statelessTypes: Set<String> = []

  /// `declarations` with a default where they return a stood-in type with no state: a stand-in's
  /// own members, and a seam mending made in a kept file (element-x's `super.init(initialViewState:
  /// AppLockSetupBiometricsScreenViewState(...))` argument, the state stood in without storage).
  func withDefaults(_ declarations: [StandInSource.Declaration]) -> [StandInSource.Declaration] {
    declarations.map { declaration in
      guard let returns = declaration.returns?.filter({ !$0.isWhitespace }), statelessTypes.contains(returns) else { return declaration }
      var defaulted = declaration
      defaulted.hasDefault = true
      return defaulted
    }
  }

  /// What a call's transcript line says of why it stands in: the file and its first reason.
  static func why(path: String, reason: String) -> String {
    let first = reason.split(separator: ";").first.map(String.init) ?? reason
    return "\(path) \(first)"
  }
}
