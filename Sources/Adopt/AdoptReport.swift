import Foundation
/// What `adopt` prints: the models and their actions, what was left out and why, what was
/// written, and the next command.
enum AdoptReport {
  /// What building the package gave.
  struct Build: Sendable {
    /// The shared build folder.
    var scratch: String
    var rounds = 0
    var seconds = 0.0
    var succeeded = false
    /// Files the compiler rejected, in the order found.
    var rejectedFiles: [String] = []
    /// Third-party packages left out because they did not resolve or build, by identity.
    var droppedPackages: [String] = []
    /// Third-party packages compiled from their sources as the app's own modules, by location.
    var vendoredPackages: [String] = []
    /// Whether a compiler ran out of memory, and the builds after went one job at a time.
    var oneJobAtATime = false
    /// The errors of a build adopt could not mend.
    var failure: [String] = []
    /// Whether adopt stopped at its limit of builds while each build still mended something.
    var outOfRounds = false
    /// One line per build: its time, the modules its errors were in, what adopt mended after it.
    var diary = RoundDiary()

    init(scratch: String) { self.scratch = scratch }
  }

  /// Two writes' changes as one: a file written or updated by either is so reported.
  static func merge(_ first: [(String, PackageWriter.Change)], _ second: [(String, PackageWriter.Change)]) -> [(String, PackageWriter.Change)] {
    var result = first
    for (path, change) in second {
      if let index = result.firstIndex(where: { $0.0 == path }) {
        if result[index].1 == .unchanged { result[index].1 = change }
      } else {
        result.append((path, change))
      }
    }
    return result
  }

  static func text(_ adoption: Adoption, shownFolder: String, output: String? = nil,
                          changes: [(String, PackageWriter.Change)] = [], executable: String? = nil,
                          build: Build? = nil) -> String {
    var lines: [String] = []
    let app = adoption.app
    let vendoredFiles = app.files.filter { app.shown($0.path) != $0.path }.count
    lines.append("\(app.appName): \(app.files.count - vendoredFiles) Swift files in \(shownFolder)"
      + (vendoredFiles == 0 ? "" : ", and \(vendoredFiles) of the packages compiled from their sources"))
    let registered = adoption.models.filter { $0.factory != nil || $0.isOverridden }
    lines.append("")
    lines.append("view-models (\(registered.count) registered of \(adoption.models.count + adoption.skippedModels.count) found):")
    for model in adoption.models {
      if model.isOverridden {
        lines.append("  \(model.name): \(model.type), \(model.path):\(model.line), registered in Overrides.swift")
        continue
      }
      guard let factory = model.factory else {
        if let error = model.registrationError {
          lines.append("  \(model.type), \(model.path):\(model.line): not registered: its generated registration did not compile: \(error)")
          lines.append("    write in Overrides.swift, in `overrides`: \(RegistrationWriter.overrideLine(model))")
          continue
        }
        if let problem = model.problem {
          lines.append("  \(model.type), \(model.path):\(model.line): not registered: \(problem)")
          lines.append("    write in Overrides.swift, in `overrides`: \(RegistrationWriter.overrideLine(model))")
          continue
        }
        let needs = model.missing.map { "`\($0.parameter): \($0.type)`" }.joined(separator: ", ")
        lines.append("  \(model.type), \(model.path):\(model.line): not registered: adopt cannot make its init's \(needs)")
        lines.append("    write in Overrides.swift, in `overrides`: \(RegistrationWriter.overrideLine(model))")
        continue
      }
      lines.append("  \(model.name): \(model.type), \(model.path):\(model.line), made as \(factory)")
      for note in model.notes { lines.append("    note: \(note)") }
      if !model.options.isEmpty {
        lines.append("    options (use \(model.name) NAME=VALUE): " + model.options.map(optionName).joined(separator: ", "))
      }
      let actions = model.actions.map { action in
        action.name + (action.parameters.isEmpty ? "" : " " + action.parameters.map(optionName).joined(separator: " "))
          + (action.kind == .async ? " (async)" : action.kind == .tracking ? " (task)" : "")
      }
      lines.append("    actions: " + (actions.isEmpty ? "none" : actions.joined(separator: ", ")))
      if !model.properties.isEmpty { lines.append("    set: " + model.properties.joined(separator: ", ")) }
      if !model.connect.isEmpty {
        let view = model.connectSource.map { ", as \($0) does" } ?? ""
        lines.append("    connect: " + model.connect.joined(separator: ", ") + view + "; `leave` cancels it, as SwiftUI cancels a `.task`")
      }
      if !model.calledOnlyByModel.isEmpty {
        let them = model.calledOnlyByModel.count == 1 ? "it" : "them"
        lines.append("    only the model's own code calls: " + model.calledOnlyByModel.joined(separator: ", ")
          + " (no view or other file of the app does): `audit` does not send \(them)")
      }
      for name in model.actions.map(\.name) + model.properties {
        guard let controls = model.controls[name], !controls.isEmpty else { continue }
        lines.append("    reached by: \(name): " + controls.joined(separator: ", "))
      }
      if !model.notSetByViews.isEmpty {
        let them = model.notSetByViews.count == 1 ? "it" : "them"
        lines.append("    no view sets: " + model.notSetByViews.joined(separator: ", ")
          + " (no view of the app binds or assigns \(them)): `audit` does not set \(them)")
      }
      for action in model.actions {
        guard let gate = model.gates[action.name] else { continue }
        lines.append("    offered only when: \(action.name): \(gate.shown) (`audit` sends it only then)")
      }
      for skipped in model.skipped {
        lines.append("    not an action: \(skipped.selector): \(skipped.reason)")
      }
    }
    for skipped in adoption.skippedModels {
      lines.append("  \(skipped.type): left out: \(skipped.reason)")
    }
    lines.append("")
    lines.append("compiled (\(adoption.included.count) files): " + adoption.included.joined(separator: ", "))
    if let isolation = adoption.app.defaultIsolation {
      lines.append("compiled as the app target sets it: every type not annotated otherwise is @\(isolation) (SWIFT_DEFAULT_ACTOR_ISOLATION = \(isolation))")
    }
    if !adoption.filtered.isEmpty {
      lines.append("compiled as filtered copies (\(adoption.filtered.count) file\(adoption.filtered.count == 1 ? "" : "s"), what cannot build on Linux blanked out, lines kept):")
      for (path, drop) in adoption.filtered.sorted(by: { $0.key < $1.key }) {
        guard let facts = app.files.first(where: { $0.path == path }) else { continue }
        lines.append("  \(path) without " + Adoption.filterLabels(facts, dropping: drop, members: adoption.droppedMembers[path] ?? [], opened: adoption.opened[path] ?? []))
      }
    }
    for target in adoption.targets {
      for standIn in target.standIns {
        lines.append("stand-in: an empty `\(standIn.name)` in place of \(standIn.home)'s, so that the view-models nested in it keep their names")
      }
    }
    let standIns = StandInFiles(adoption).files
    if !standIns.isEmpty {
      // A file compiled as a filtered copy can have a stand-in too, of the declarations it drops.
      let compiled = Set(adoption.included)
      let beside = standIns.filter { compiled.contains($0.appPath) }.count
      let left = standIns.count - beside
      let files = (left == 0 ? [] : ["\(left) file\(left == 1 ? "" : "s") left out"])
        + (beside == 0 ? [] : ["\(beside) compiled without \(beside == 1 ? "its" : "their") declarations of them"])
      lines.append("stand-ins (\(files.joined(separator: " and ")), whose types kept files use: generated seams that `respond`/`stub` answer, listed by `describe`):")
      for file in standIns {
        let types = adoption.seams[file.appPath]?.types ?? []
        let answered = file.generated.declarations.count
        // A file of extensions only stands in for what it adds, not for the types.
        let onlyExtends = adoption.app.files.first { $0.path == file.appPath }?.types.isEmpty == true
        lines.append("  \(file.appPath)\(compiled.contains(file.appPath) ? " (its filtered copy declares the rest)" : ""): "
          + types.map { onlyExtends ? "`extension \($0)`" : "`\($0)`" }.joined(separator: ", ")
          + (answered == 0 ? (Self.allProtocols(types, in: adoption.app.files.first { $0.path == file.appPath })
              ? ": requirements as written, no member a seam (a generated conformance answers them)"
              : ": values whose storage and inits are the app's own, no member a seam")
            : ", \(answered) member\(answered == 1 ? "" : "s") answered by the scenario"))
        for omitted in file.generated.omitted { lines.append("    omitted: \(omitted)") }
      }
    }
    for (path, why) in adoption.failedSeams.sorted(by: { $0.key < $1.key }) {
      lines.append("  no stand-in for \(path): \(why)")
    }
    for (name, why) in adoption.failedProtocolSeams.sorted(by: { $0.key < $1.key }) {
      lines.append("no generated conformance to `\(name)`: \(why); a model whose init takes one needs a line in Overrides.swift")
    }
    let modules = adoption.targets.filter(\.isLocalModule)
    if !modules.isEmpty {
      lines.append("modules compiled as targets of their own: " + modules.map { module in
        let count = "\(module.sources.count) file\(module.sources.count == 1 ? "" : "s")"
        guard let package = Self.vendoredPackage(of: module, in: app) else { return "\(module.name) (\(count))" }
        return "\(module.name) (\(count), from the sources of \(package), which does not build on Linux as a package)"
      }.joined(separator: ", "))
      for module in modules where module.needsBundleModule {
        lines.append("  \(module.name) reads `Bundle.module`: the package carries none of its resources, so it is the main bundle there")
      }
    }
    if !adoption.packages.isEmpty {
      let counterparts = Dictionary(LinuxSupport.counterparts.compactMap { apple, counterpart in counterpart.package.map { ($0.identity, apple) } }, uniquingKeysWith: { first, _ in first })
      lines.append("third-party packages, at the app's pins (from the pin where vmrepl depends on the same package): " + adoption.packages.map { package in
        "\(package.location) \(package.version)" + (counterparts[package.identity].map { apple in
          adoption.app.pins.pins.contains { $0.identity == package.identity } ? "" : " (for `import \(apple)`, which Linux lacks; not the app's)"
        } ?? "")
      }.joined(separator: ", "))
    }
    for (module, product) in adoption.productNames.sorted(by: { $0.key < $1.key }) {
      lines.append("product `\(product)` asked for by its own name: the app imports its module, `\(module)`")
    }
    for package in adoption.app.unreadPackages {
      lines.append("local package not read: \(package.path): \(package.reason)")
    }
    // What cannot build on Linux, what is not the app's build (a stray copy, the user's
    // exclusions), and what is left out only because it needs one of those.
    let needing = adoption.leftOut.filter { $0.reason.hasPrefix("uses `") }
    let notBuilt = adoption.leftOut.filter {
      $0.reason.hasPrefix("declares `") || $0.reason.hasPrefix("excluded by you") || $0.reason.hasPrefix("not in the Xcode project")
    }
    let cannot = adoption.leftOut.filter { !needing.contains($0) && !notBuilt.contains($0) }
    if !notBuilt.isEmpty {
      lines.append("left out, not part of the app's build (\(notBuilt.count) file\(notBuilt.count == 1 ? "" : "s")):")
      for file in notBuilt { lines.append("  \(file.path): \(file.reason)") }
    }
    if !cannot.isEmpty {
      lines.append("left out, cannot build on Linux (\(cannot.count) file\(cannot.count == 1 ? "" : "s")):")
      for file in cannot { lines.append("  \(file.path): \(file.reason)") }
    }
    if !needing.isEmpty {
      lines.append("left out, needs what is left out (\(needing.count) file\(needing.count == 1 ? "" : "s")):")
      for file in needing { lines.append("  \(file.path): \(file.reason)") }
    }
    if adoption.unneeded > 0 {
      lines.append("not needed by any view-model: \(adoption.unneeded) file\(adoption.unneeded == 1 ? "" : "s")")
    }
    if let output {
      lines.append("")
      lines.append("package in \(output):")
      for (path, change) in changes where change != .unchanged {
        switch change {
        case .kept: lines.append("  kept \(path) (yours: adopt does not rewrite it)")
        case .stale:
          let name = path.split(separator: "/").dropFirst().first.map(String.init) ?? path
          lines.append("  stale \(path): `use \(name)` names no model adopt registers now (yours: delete it, or register `\(name)` in Overrides.swift)")
        default: lines.append("  \(change.rawValue) \(path)")
        }
      }
      if changes.allSatisfy({ $0.1 == .unchanged || $0.1 == .kept }) { lines.append("  nothing changed") }
      if let build {
        lines.append("")
        let time = String(format: "%.0f", build.seconds.rounded())
        let rounds = build.rounds == 1 ? "1 build" : "\(build.rounds) builds"
        if build.succeeded {
          lines.append("built: \(rounds), \(time) s, in \(build.scratch)"
            + (build.rejectedFiles.isEmpty ? "" : "; the compiler rejected \(build.rejectedFiles.count) file\(build.rejectedFiles.count == 1 ? "" : "s"), left out above"))
        } else {
          lines.append(build.outOfRounds
            ? "not built: adopt stopped at its limit of \(rounds) (\(time) s), each of which still left out or mended something; the last one's errors:"
            : "not built: after \(rounds) (\(time) s) the package still does not compile, and adopt cannot tell which app file is at fault:")
          lines += build.failure.map { "  " + $0 }
        }
        if build.oneJobAtATime {
          lines.append("  a compiler ran out of memory beside another (signal 9): the builds after it compiled one file at a time")
        }
        if build.rounds > 1 {
          lines.append("builds, one by one (each one's errors in \(AdoptionProof.buildLogsFolder)/build-N.log):")
          lines += build.diary.lines.map { "  " + $0 }
        }
      }
      if let executable, let first = registered.first {
        let run = build == nil ? "swift run \(executable)" : "./repl"
        lines.append("")
        lines.append("next: cd \(output) && \(run)   (then `use \(first.name)`)")
        lines.append("      \(run) replay scenarios   (records each starter scenario's golden file)")
      }
    }
    return app.shownPaths(in: lines.joined(separator: "\n") + "\n")
  }

  /// `query` of `Parameter("query", .string)`.
  private static func optionName(_ parameter: String) -> String {
    guard let open = parameter.firstIndex(of: "\""), let close = parameter[parameter.index(after: open)...].firstIndex(of: "\"") else {
      return parameter
    }
    return String(parameter[parameter.index(after: open)..<close])
  }

  /// The location of the third-party package whose sources `module` is compiled from, if any.
  static func vendoredPackage(of module: TargetPlan, in app: AppSources) -> String? {
    let folder = URL(fileURLWithPath: app.folder + "/" + module.folder).standardizedFileURL.path
    return app.vendored.first { folder == $0.folder || folder.hasPrefix($0.folder + "/") }?.location
  }

  /// Whether every stood-in type named is a protocol of the file: its stand-in declares
  /// requirements, which only a conformance answers.
  static func allProtocols(_ types: [String], in file: SourceFacts?) -> Bool {
    guard let file, !types.isEmpty else { return false }
    return types.allSatisfy { name in file.types.contains { $0.name == name && $0.kind == .protocol } }
  }
}
