import Foundation

/// What the builds of one `adopt` taught it: the files, declarations, members and registrations
/// the compiler rejected and how each is mended (left out, blanked out, its body a seam), the
/// third-party packages dropped, the generated stand-ins repaired. A round's errors go in and
/// whether anything changed comes out; it builds nothing and writes nothing, so each round is
/// testable alone (`MendingTests`).
struct Mending {
  /// App files left out, by path, with why.
  var rejected: [String: String] = [:]
  /// Models whose generated registration did not compile, by type, with the compiler's words.
  var unregistered: [String: String] = [:]
  /// Gates (`ModelPlan.Gate`) whose generated line did not compile, as `Type.action`: the action
  /// is then offered always, the model kept.
  var failedGates: Set<String> = []
  /// Actions whose generated line did not compile, as `Type.action`, with the compiler's words:
  /// the action is left out, the model kept (a value adopt made for its argument that names a
  /// type the registration's file sees otherwise, as SwiftUI's `List` hides the app's).
  var failedActions: [String: String] = [:]
  /// Generated `StandInFailure`/`StandInEmpty` lines the compiler rejected (`RegistrationWriter.makerKey`).
  var failedMakers: Set<String> = []
  /// Third-party packages left out (they do not resolve or build here), by identity, with why.
  var dropped: [String: String] = [:]
  /// Left-out files whose stand-in still did not compile after its repairs, with why.
  var failedSeams: [String: String] = [:]
  /// File-scope declarations dropped from filtered copies, by path and index.
  var rejectedDeclarations: [String: [Int: String]] = [:]
  /// Members blanked out, or whose body is a seam now, by path.
  var droppedMembers: [String: [Adoption.DroppedMember]] = [:]
  /// What each stand-in lost to the compiler, by path.
  var standInRepairs: [String: StandInSource.Repair] = [:]
  /// How many builds printed each stand-in error (`PATH:LINE:MESSAGE`): one that repairs did not
  /// end in two gives the stand-in up (IceCubesApp's RevenueCat `PurchaseStrings`, an enum
  /// case's payload naming a type the package lacks on its second line, took 40 builds with
  /// "1 stand-in member repaired" each and the same error).
  private var standInErrorBuilds: [String: Int] = [:]
  /// Protocols whose generated conformance of seams did not compile, with the compiler's words.
  var failedProtocolSeams: [String: String] = [:]
  /// Names the generated conformances found ambiguous (`Adoption.ambiguousNames`).
  var ambiguousNames: Set<String> = []
  /// App files the compiler rejected, in the order found (for the report).
  /// Products asked for by their module's name that their package calls otherwise, by module
  /// (`HAKit_PromiseKit`: `HAKit+PromiseKit`).
  var productNames: [String: String] = [:]
  private(set) var rejectedFiles: [String] = []
  /// App files' text, read once.
  private var sources: [String: String] = [:]
  /// App files parsed, once.
  private var parsed: [String: MemberLocator.Parsed] = [:]

  /// The one retry of the empty values the compiler refused (`RefusedValuesRetry.swift` sets
  /// it and the refusals below; nothing else does).
  var retry = Retry.notYet
  /// The refusals as they were before the retry, restored if a build after it fails elsewhere.
  var refusalsBeforeRetry: (standIns: [String: StandInSource.Repair], members: [String: [Adoption.DroppedMember]])? = nil


  /// `JoinRule` of "'JoinRule' is ambiguous for type lookup in this context".
  static func ambiguousName(in message: String) -> String? {
    guard message.hasSuffix("' is ambiguous for type lookup in this context"), message.hasPrefix("'") else { return nil }
    let name = message.dropFirst().prefix { $0 != "'" }
    return name.isEmpty ? nil : String(name)
  }

  /// The adoption these lessons give of `app`.
  func adoption(of app: AppSources, overridden: Set<String>, excluded: [String: String]) -> Adoption {
    Adoption(
      app, overridden: overridden, rejected: rejected.merging(excluded) { first, _ in first }, unregistered: unregistered,
      droppedPackages: dropped, failedSeams: failedSeams, rejectedDeclarations: rejectedDeclarations,
      droppedMembers: droppedMembers, standInRepairs: standInRepairs, failedProtocolSeams: failedProtocolSeams,
      productNames: productNames, ambiguousNames: ambiguousNames, failedGates: failedGates, failedActions: failedActions, failedMakers: failedMakers)
  }

  /// Mends what one build's `rejections` name, in `adoption` as that build compiled it (its
  /// stand-ins `standIns`, its registrations `generated`); whether anything changed.
  mutating func mend(
    _ rejections: [PackageBuild.Rejection], adoption: Adoption, standIns: StandInFiles, generated: String, seams: String = ""
  ) -> Bool {
    var mended = false
    // The seams as this build compiled them: the adoption fills those made before their empty
    // value could be (`Adoption.droppedMembers`), and a rejection of that value is mended here.
    for (path, members) in adoption.droppedMembers { droppedMembers[path] = members }
    // Members whose body became a seam this round: another error of the same body, printed by
    // the same build, is not yet an error of the seam.
    var seamedNow: Set<String> = []
    // Stand-ins' types and members repaired this round (`PATH:Type.member`).
    var repairedNow: Set<String> = []
    let app = adoption.app
    let seamLines = seams.split(separator: "\n", omittingEmptySubsequences: false)
    // The names left-out files declare, kept up to date as this round leaves more out.
    var leftOut = AdoptionProof.LeftOutNames(app)
    for path in adoption.leftOut.map(\.path) + rejected.keys.sorted() { leftOut.add(path) }
    // The lines of members mended this round, by path: another error inside one is the same
    // member's (a build prints one per use of a missing name), and needs no parse to say so.
    var mendedLines: [String: [ClosedRange<Int>]] = [:]
    var standInErrorsNow: Set<String> = []
    // Names qualified this round: another conformance's error at one is mended by the same line
    // (element-x's `DeveloperOptionsProtocol` was given up for the `LogLevel` that
    // `AdvancedSettingsProtocol`'s error, one line above it, had just qualified).
    var qualifiedNow: Set<String> = []
    for rejection in rejections {
      if rejection.isProtocolSeam, let name = Self.ambiguousName(in: rejection.message), qualifiedNow.contains(name) {
        continue
      } else if rejection.isProtocolSeam, let name = Self.ambiguousName(in: rejection.message), !ambiguousNames.contains(name),
        adoption.typeIndex.moduleQualified(name) != nil
      {
        // A name of the app's that an imported module declares too: declared as the app's in
        // the conformances' file next build, not the conformance given up.
        ambiguousNames.insert(name)
        qualifiedNow.insert(name)
        mended = true
      } else if rejection.isProtocolSeam {
        // The conformance the line is in (`final class BooksAPIStandIn: BooksAPI {` above it):
        // no longer made, so a model that needs it says so instead of the package not building.
        let above = seamLines.prefix(max(0, min(rejection.line, seamLines.count)))
        guard let header = above.last(where: { $0.hasPrefix("final class ") }),
              let name = header.split(separator: ":").last?.split(separator: "{").first?.trimmingCharacters(in: .whitespaces),
              failedProtocolSeams[name] == nil
        else { continue }
        failedProtocolSeams[name] = "its generated conformance did not compile: line \(rejection.line): \(rejection.message)"
        mended = true
      } else if let path = rejection.path, rejection.isStandIn {
        let key = "\(path):\(rejection.line):\(rejection.message)"
        if standInErrorsNow.insert(key).inserted { standInErrorBuilds[key, default: 0] += 1 }
        if standInErrorBuilds[key, default: 0] > 2, failedSeams[path] == nil {
          failedSeams[path] = "its generated stand-in did not compile: line \(rejection.line): \(rejection.message) (the same error after two repairs)"
          mended = true
          continue
        }
        if repairStandIn(path, rejection, standIns: standIns, repairedNow: &repairedNow) { mended = true }
      } else if let path = rejection.path {
        guard rejected[path] == nil, !(mendedLines[path] ?? []).contains(where: { $0.contains(rejection.line) }) else { continue }
        if mendAppFile(path, rejection, adoption: adoption, app: app, leftOut: &leftOut, seamedNow: &seamedNow, mendedLines: &mendedLines) {
          mended = true
        }
      } else if rejection.path == nil, let key = Self.maker(atLine: rejection.line, of: generated) {
        if failedMakers.insert(key).inserted { mended = true }
      } else if let model = PackageBuild.model(atLine: rejection.line, of: generated, in: adoption.models),
                let action = Self.gatedAction(atLine: rejection.line, of: generated) {
        if failedGates.insert(model.type + "." + action).inserted { mended = true }
      } else if let model = PackageBuild.model(atLine: rejection.line, of: generated, in: adoption.models),
                let action = Self.registeredAction(atLine: rejection.line, of: generated) {
        if failedActions[model.type + "." + action] == nil {
          failedActions[model.type + "." + action] = "line \(rejection.line): \(rejection.message)"
          mended = true
        }
      } else if let model = PackageBuild.model(atLine: rejection.line, of: generated, in: adoption.models),
                let property = Self.registeredProperty(atLine: rejection.line, of: generated) {
        let key = model.type + "." + ModelPlan.propertyMark + property
        if failedActions[key] == nil {
          failedActions[key] = "line \(rejection.line): \(rejection.message)"
          mended = true
        }
      } else if let model = PackageBuild.model(atLine: rejection.line, of: generated, in: adoption.models), unregistered[model.type] == nil {
        unregistered[model.type] = "line \(rejection.line): \(rejection.message)"
        mended = true
      }
    }
    return mended
  }

  /// The protocol whose generated conformance (`private final class NameStandIn: Name {`, as
  /// `StandInFiles` appends it) holds `line` of a stand-in's `text`, or nil.
  static func returnedConformance(atLine line: Int, of text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return nil }
    for index in stride(from: line - 1, through: 0, by: -1) {
      let text = lines[index]
      // The end of a declaration at file scope before any header: not inside one.
      if text == "}" && index != line - 1 { return nil }
      guard let range = text.range(of: "private final class "), text.hasSuffix(" {") else { continue }
      let header = text[range.upperBound...].dropLast(2)
      guard let colon = header.firstIndex(of: ":"), header[..<colon].hasSuffix("StandIn") else { return nil }
      return header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return nil
  }

  /// The action of a registration's `model.offered("NAME", ...)` line, or nil for any other line.
  static func gatedAction(atLine line: Int, of generated: String) -> String? {
    quotedName(atLine: line, of: generated, after: ["model.offered(\""])
  }

  /// The action of a registration's `model.action("NAME", ...)` or `model.asyncAction("NAME",
  /// ...)` line, or nil for any other line.
  static func registeredAction(atLine line: Int, of generated: String) -> String? {
    quotedName(atLine: line, of: generated, after: ["model.action(\"", "model.asyncAction(\""])
  }

  /// The key of a generated `StandInFailure`/`StandInEmpty` line (`RegistrationWriter.makerKey`),
  /// or nil for any other line.
  static func maker(atLine line: Int, of generated: String) -> String? {
    let lines = generated.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.indices.contains(line - 1) else { return nil }
    let key = RegistrationWriter.makerKey(of: String(lines[line - 1]))
    return key.isEmpty ? nil : key
  }

  /// The property of a registration's `model.property("NAME", ...)` line, or nil for any other line.
  static func registeredProperty(atLine line: Int, of generated: String) -> String? {
    quotedName(atLine: line, of: generated, after: ["model.property(\""])
  }

  /// The name a registration's line (1-based) quotes first, where it starts with one of
  /// `prefixes` (its indentation aside).
  private static func quotedName(atLine line: Int, of generated: String, after prefixes: [String]) -> String? {
    let lines = generated.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.indices.contains(line - 1) else { return nil }
    let text = lines[line - 1].drop { $0 == " " }
    guard let prefix = prefixes.first(where: { text.hasPrefix($0) }) else { return nil }
    let name = text.dropFirst(prefix.count).prefix { $0 != "\"" }
    return name.isEmpty ? nil : String(name)
  }

  /// The third-party packages a build that no app file's error explains blames (one that does
  /// not resolve or build here, or needs one SwiftPM could not fetch), left out from now on:
  /// their identities.
  /// Products a build asked for by their module's name, named as their package names them
  /// from now on; whether there was one not already renamed.
  mutating func renameProducts(namedIn log: String, checkouts: String) -> Bool {
    var renamed = false
    for (module, product) in PackageBuild.renamedProducts(in: log, checkouts: checkouts) where productNames[module] == nil {
      productNames[module] = product
      renamed = true
    }
    return renamed
  }

  mutating func dropPackages(blamedIn log: String, packages: [PackagePlan], checkouts: String) -> [String] {
    let remaining = packages.filter { dropped[$0.identity] == nil }
    var blamed = PackageBuild.blamedPackages(in: log, packages: remaining)
    if blamed.isEmpty { blamed = PackageBuild.packagesNeedingUnfetched(in: log, packages: remaining, checkouts: checkouts) }
    if blamed.isEmpty { blamed = PackageBuild.packagesNeedingUnbuildable(in: log, packages: remaining, checkouts: checkouts) }
    if blamed.isEmpty { blamed = PackageBuild.packagesNeedingBinaries(in: log, packages: remaining, checkouts: checkouts) }
    // A package a build names as not building on Linux is rarely the only one: the others are
    // read from their sources now, instead of one build each.
    if blamed.contains(where: { $0.1.hasPrefix("does not build on Linux") }) {
      let named = Set(blamed.map(\.0))
      blamed += PackageBuild.packagesPredictedUnbuildable(packages: remaining, checkouts: checkouts).filter { !named.contains($0.0) }
    }
    for (identity, why) in blamed { dropped[identity] = why }
    return blamed.map(\.0)
  }

  /// A generated stand-in the compiler rejected: a type whose synthesized conformance fails (a
  /// member's type is not Hashable) keeps the stand-in without it, a member that fails is left
  /// out, each made again next build; one that still fails is given up, and its file stays left
  /// out with what needs it.
  private mutating func repairStandIn(
    _ path: String, _ rejection: PackageBuild.Rejection, standIns: StandInFiles, repairedNow: inout Set<String>
  ) -> Bool {
    guard failedSeams[path] == nil else { return false }
    if let generated = standIns.files.first(where: { $0.appPath == path })?.generated {
      // An error inside a generated conformance written beside the stand-in
      // (`Adoption.returnedConformances`): that conformance is made no more, here or beside any
      // other stand-in, so its seams go plain at once instead of one a build (element-x's
      // `ClientProtocolStandIn`, of the Rust SDK's `ClientProtocol`, took a build per mock).
      if let name = Self.returnedConformance(atLine: rejection.line, of: generated.text), failedProtocolSeams[name] == nil {
        failedProtocolSeams[name] = "its generated conformance beside \(path)'s stand-in did not compile: line \(rejection.line): \(rejection.message)"
        return true
      }
      // An extension of a type the package lacks or cannot tell apart (WishKit's `extension
      // ProgressView`, IceCubesApp's `extension Notification` beside its own `Notification`):
      // no member left out makes its header build, so it is given up now, not a build later.
      if let type = generated.typeLines[rejection.line], Self.unknownType(in: rejection.message) == LinuxSupport.bareName(type) {
        failedSeams[path] = "its generated stand-in did not compile: line \(rejection.line): \(rejection.message)"
        return true
      }
      let named = generated.typeLines[rejection.line] ?? generated.member(atLine: rejection.line)
      // Another error of a type or member this round already repaired: the next build judges it.
      if let named, repairedNow.contains(path + ":" + named) { return false }
      var repair = standInRepairs[path] ?? StandInSource.Repair()
      if let type = generated.typeLines[rejection.line], generated.ownEquality.contains(type),
         !repair.droppedMembers.contains(StandInSource.equalityMember(type)) {
        // Its own Equatable or Hashable (a storageless struct's copied value that is not):
        // those go, the type keeps its other conformances and its default.
        repair.droppedMembers.insert(StandInSource.equalityMember(type))
      } else if let type = generated.typeLines[rejection.line], !repair.plainTypes.contains(type) {
        repair.plainTypes.insert(type)
      } else if let member = generated.member(atLine: rejection.line), generated.filledMembers.contains(member),
                !repair.unfilledMembers.contains(member) {
        // Its empty value (`EmptyValues`) is what the compiler rejected: a plain seam is tried
        // before the member is left out.
        repair.unfilledMembers.insert(member)
      } else if let member = generated.member(atLine: rejection.line), generated.copiedMembers.contains(member),
                !repair.seamedMembers.contains(member) {
        // Its value as the app wrote it (`IAPHelper(settings: SettingsProxy(), ...)`) needs what
        // the package lacks: a seam of its type is tried before the member is left out.
        repair.seamedMembers.insert(member)
      } else if let member = generated.member(atLine: rejection.line), !repair.droppedMembers.contains(member) {
        repair.droppedMembers.insert(member)
      }
      // A type the package lacks is named by every member that names it, and the compiler says
      // so of one a build (home-assistant's `HAWatchConnectivity.InteractiveImmediateMessage`
      // took four): each member whose lines name it is left out at once.
      if let missing = Self.missingType(in: rejection.message) {
        let lines = generated.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.names(missing) {
          guard let member = generated.member(atLine: index + 1), !repair.droppedMembers.contains(member) else { continue }
          repair.droppedMembers.insert(member)
          repairedNow.insert(path + ":" + member)
        }
      }
      if repair != (standInRepairs[path] ?? StandInSource.Repair()) {
        if let named { repairedNow.insert(path + ":" + named) }
        standInRepairs[path] = repair
        return true
      }
    }
    failedSeams[path] = "its generated stand-in did not compile: line \(rejection.line): \(rejection.message)"
    return true
  }

  /// The type a compiler error says the package lacks (`cannot find type 'X' in scope`, `'X' is
  /// not a member type of enum 'Y'`), or nil.
  static func missingType(in message: String) -> String? {
    for (prefix, suffix) in [("cannot find type '", "' in scope"), ("'", "' is not a member type of ")] {
      guard message.hasPrefix(prefix), let end = message.range(of: suffix) else { continue }
      let name = message[message.index(message.startIndex, offsetBy: prefix.count)..<end.lowerBound]
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return String(name) }
    }
    return nil
  }

  /// The type a compiler error says it cannot find or cannot tell apart (`cannot find type 'X' in
  /// scope`, `'X' is ambiguous for type lookup in this context`), or nil.
  static func unknownType(in message: String) -> String? {
    if let missing = missingType(in: message) { return missing }
    guard message.hasPrefix("'"), let end = message.range(of: "' is ambiguous for type lookup") else { return nil }
    let name = message[message.index(after: message.startIndex)..<end.lowerBound]
    return name.isEmpty ? nil : String(name)
  }


  /// Whether a seam of `range` may be made: nothing mended overlaps it, or only parts of it.
  static func widens(_ range: Range<Int>, _ mended: [Range<Int>]) -> Bool {
    mended.allSatisfy { !$0.overlaps(range) || ($0 != range && range.contains($0.lowerBound) && $0.upperBound <= range.upperBound) }
  }

  /// An app file the compiler rejected: the member the error is in (its body a seam where the
  /// signature builds, else blanked out), else the file-scope declaration, else the whole file.
  private mutating func mendAppFile(
    _ path: String, _ rejection: PackageBuild.Rejection, adoption: Adoption, app: AppSources, leftOut: inout AdoptionProof.LeftOutNames,
    seamedNow: inout Set<String>, mendedLines: inout [String: [ClosedRange<Int>]]
  ) -> Bool {
    let home = leftOut.home(of: rejection.message, except: path)
    if sources[path] == nil { sources[path] = try? String(contentsOfFile: app.folder + "/" + path, encoding: .utf8) }
    if parsed[path] == nil, let source = sources[path] { parsed[path] = MemberLocator.Parsed(source) }
    let reason = home.map { "uses `\($0.0)` from \($0.1), which is left out (the compiler, line \(rejection.line): \(rejection.message))" }
      ?? "does not compile on Linux: line \(rejection.line): \(rejection.message)"
    // A seam whose empty value (`EmptyValues`) the compiler rejected, a build after it was
    // made: the seam without it.
    if let index = droppedMembers[path]?.firstIndex(where: { $0.seam?.empty != nil && ($0.firstLine...$0.lastLine).contains(rejection.line) }),
       let dropped = droppedMembers[path]?[index], let plain = dropped.seam?.withoutEmpty, !seamedNow.contains(path + ":\(dropped.range)") {
      droppedMembers[path]?[index].seam = plain
      seamedNow.insert(path + ":\(dropped.range)")
      mendedLines[path, default: []].append(dropped.firstLine...dropped.lastLine)
      return true
    }
    let fill = EmptyValues(index: adoption.typeIndex, standIns: adoption.standInTypeIndex, makesObjects: true)
    // In an init's body, the call statement alone becomes a seam, the first time: blanking the
    // init out would leave its class with none.
    if let source = parsed[path],
       let statement = MemberLocator.initStatement(atLine: rejection.line, in: source, why: "\(path) \(reason)", message: rejection.message),
       Self.widens(statement.range, (droppedMembers[path] ?? []).map(\.range)) {
      // A seam of a part of the statement (its assigned value) that still did not build gives
      // way to the statement: its property went in the same build.
      droppedMembers[path]?.removeAll { $0.range.overlaps(statement.range) }
      droppedMembers[path, default: []].append(.init(
        range: statement.range, firstLine: statement.firstLine, lastLine: statement.lastLine, label: statement.label, reason: reason,
        seam: statement.seam.map(fill.filling)))
      seamedNow.insert(path + ":\(statement.range)")
      mendedLines[path, default: []].append(statement.firstLine...statement.lastLine)
      return true
    }
    if let source = parsed[path], let member = MemberLocator.member(atLine: rejection.line, in: source) {
      let key = path + ":\(member.range)"
      if let index = droppedMembers[path]?.firstIndex(where: { $0.range == member.range }) {
        // Its seam did not build either (its signature names what Linux lacks): blanked out whole.
        guard droppedMembers[path]?[index].seam != nil, !seamedNow.contains(key) else { return false }
        droppedMembers[path]?[index].seam = nil
        mendedLines[path, default: []].append(member.firstLine...member.lastLine)
        return true
      }
      if adoption.droppedMembers[path]?.contains(where: { $0.range == member.range && $0.seam != nil }) == true, !seamedNow.contains(key) {
        // The seam adopt made for a `#selector` did not build (its signature): blanked out whole.
        droppedMembers[path, default: []].append(.init(
          range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason))
        return true
      }
      // Where the error is in the body, the body becomes a seam and the member stays, so that
      // its callers build; an error in the signature blanks it out whole.
      var seam = member.seam.map(fill.filling)
      if AdoptionProof.inSignature(rejection, of: member) { seam = nil }
      seam?.declaration.why = "\(path) \(reason)"
      if seam != nil { seamedNow.insert(key) }
      // Statement seams inside it go with it: its body, or all of it, is what the copy replaces.
      droppedMembers[path]?.removeAll { member.range.contains($0.range.lowerBound) && $0.range != member.range }
      droppedMembers[path, default: []].append(.init(
        range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason, seam: seam))
      mendedLines[path, default: []].append(member.firstLine...member.lastLine)
      return true
    }
    if let (name, home) = home {
      // The compiler's "no member `system`" is a file left out earlier, which declares it.
      rejected[path] = "uses `\(name)` from \(home), which is left out (the compiler, line \(rejection.line): \(rejection.message))"
    } else if let declaration = AdoptionProof.droppable(rejection, in: app, already: rejectedDeclarations[path] ?? [:]) {
      // Only the declaration the error is in: the file's other types still build.
      rejectedDeclarations[path, default: [:]][declaration] = "does not compile on Linux: line \(rejection.line): \(rejection.message)"
      return true
    } else {
      rejected[path] = "does not compile on Linux: line \(rejection.line): \(rejection.message)"
    }
    rejectedFiles.append(path)
    leftOut.add(path)
    return true
  }
}
