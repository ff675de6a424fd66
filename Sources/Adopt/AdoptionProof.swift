import Foundation

/// `adopt` proving its own output: builds the package it wrote and, while the compiler rejects
/// app files, registrations or third-party packages, leaves those out with the compiler's reason
/// and builds again, so that what the user is handed builds.
struct AdoptionProof {
  let app: AppSources
  let overridden: Set<String>
  /// The user's exclusions (adopt-exclude), path to reason.
  let excluded: [String: String]
  let output: String
  let checkout: String

  /// How many times `adopt` builds before it gives up on mending the package: a module that does
  /// not compile hides its dependents' errors until the next build, so a deep chain takes several.
  static let buildRounds = 20

  /// The adoption, writer and changes after the last build, and what the builds gave.
  struct Proven {
    var adoption: Adoption
    var writer: PackageWriter
    var changes: [(String, PackageWriter.Change)]
    var build: AdoptReport.Build
  }

  func run(_ first: Adoption, changes firstChanges: [(String, PackageWriter.Change)]) throws(AdoptError) -> Proven {
    var adoption = first
    var writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
    var changes = firstChanges
    let outputFolder = writer.output
    let executable = writer.executable
    let build = PackageBuild(output: outputFolder, scratch: PackageBuild.scratch(forCheckout: writer.vmrepl))
    var rejected: [String: String] = [:]
    var unregistered: [String: String] = [:]
    var dropped: [String: String] = [:]
    var failedSeams: [String: String] = [:]
    var rejectedDeclarations: [String: [Int: String]] = [:]
    var droppedMembers: [String: [Adoption.DroppedMember]] = [:]
    var standInRepairs: [String: StandInSource.Repair] = [:]
    var sources: [String: String] = [:]
    var record = AdoptReport.Build(scratch: build.scratch)
    func rewrite() throws(AdoptError) {
      adoption = Adoption(
        app, overridden: overridden, rejected: rejected.merging(excluded) { first, _ in first }, unregistered: unregistered,
        droppedPackages: dropped, failedSeams: failedSeams, rejectedDeclarations: rejectedDeclarations,
        droppedMembers: droppedMembers, standInRepairs: standInRepairs)
      writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
      // A starter this run wrote is not the user's yet: written again from the model as it is now
      // (an action blanked out since, a stand-in answer it needs).
      let starters = changes.filter { $0.1 == .wrote && $0.0.hasPrefix("scenarios/") && $0.0.hasSuffix("/start.scenario") }.map(\.0)
      for path in starters { try? FileManager.default.removeItem(atPath: outputFolder + "/" + path) }
      let now = try writer.write()
      // One whose model is gone since: its folder goes too, and the report does not name it.
      let gone = starters.filter { !FileManager.default.fileExists(atPath: outputFolder + "/" + $0) }
      for path in gone {
        let folder = outputFolder + "/" + (path as NSString).deletingLastPathComponent
        if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true { try? FileManager.default.removeItem(atPath: folder) }
      }
      changes.removeAll { gone.contains($0.0) }
      // A starter scenario this run wrote for a model it has since left out is no one's yet:
      // it goes (IceCubesApp kept five that named models the REPL did not have).
      let written = Set(changes.filter { $0.1 == .wrote }.map(\.0))
      let unwritten = now.filter { $0.1 == .stale && written.contains($0.0) }.map(\.0)
      for path in unwritten {
        try? FileManager.default.removeItem(atPath: outputFolder + "/" + path)
        let folder = outputFolder + "/" + (path as NSString).deletingLastPathComponent
        if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
          try? FileManager.default.removeItem(atPath: folder)
        }
      }
      changes = AdoptReport.merge(changes, now).filter { !unwritten.contains($0.0) }
    }
    for (identity, why) in build.unreachable(adoption.packages) {
      dropped[identity] = why
      record.droppedPackages.append(identity)
    }
    if !dropped.isEmpty { try rewrite() }
    for round in 1...Self.buildRounds {
      FileHandle.standardError.write(Data((round == 1
        ? "adopt: building the package (the first build on this machine compiles vmrepl too: minutes)\n"
        : "adopt: building again without what the compiler rejected (round \(round))\n").utf8))
      let outcome = build.run()
      record.rounds = round
      record.seconds += outcome.seconds
      if outcome.succeeded {
        record.succeeded = true
        break
      }
      let generated = (try? String(contentsOfFile: outputFolder + "/Sources/\(executable)/Models.generated.swift", encoding: .utf8)) ?? ""
      var mended = false
      // Members whose body became a seam this round: another error of the same body, printed by
      // the same build, is not yet an error of the seam.
      var seamedNow: Set<String> = []
      // Stand-ins' types and members repaired this round (`PATH:Type.member`).
      var repairedNow: Set<String> = []
      for rejection in PackageBuild.rejections(in: outcome.log, output: outputFolder, app: app, targets: adoption.targets, executable: executable) {
        if let path = rejection.path, rejection.isStandIn {
          guard failedSeams[path] == nil else { continue }
          // A type whose synthesized conformance fails (a member's type is not Hashable) keeps the
          // stand-in without it; a member that fails is left out; each made again next build.
          if let generated = writer.standIns.files.first(where: { $0.appPath == path })?.generated {
            var repair = standInRepairs[path] ?? StandInSource.Repair()
            // Another error of a type or member this round already repaired: the next build judges it.
            if let named = generated.typeLines[rejection.line] ?? generated.memberLines[rejection.line],
               repairedNow.contains(path + ":" + named) {
              continue
            }
            if let type = generated.typeLines[rejection.line], !repair.plainTypes.contains(type) {
              repair.plainTypes.insert(type)
            } else if let member = generated.memberLines[rejection.line], !repair.droppedMembers.contains(member) {
              repair.droppedMembers.insert(member)
            }
            if repair != (standInRepairs[path] ?? StandInSource.Repair()) {
              if let named = generated.typeLines[rejection.line] ?? generated.memberLines[rejection.line] { repairedNow.insert(path + ":" + named) }
              standInRepairs[path] = repair
              mended = true
              continue
            }
          }
          // A stand-in that still does not compile is dropped: its file stays left out, with what needs it.
          failedSeams[path] = "its generated stand-in did not compile: line \(rejection.line): \(rejection.message)"
          mended = true
        } else if let path = rejection.path {
          guard rejected[path] == nil else { continue }
          let blocked = Set(adoption.leftOut.map(\.path)).union(rejected.keys)
          let home = Self.leftOutHome(of: rejection.message, in: app, leftOut: blocked, except: path)
          if sources[path] == nil { sources[path] = try? String(contentsOfFile: app.folder + "/" + path, encoding: .utf8) }
          if let source = sources[path], let member = MemberLocator.member(atLine: rejection.line, in: source) {
            // Only the member the error is in (a helper that takes a UIFont): the rest builds.
            let key = path + ":\(member.range)"
            if let index = droppedMembers[path]?.firstIndex(where: { $0.range == member.range }) {
              // Its seam did not build either (its signature names what Linux lacks): blanked out whole.
              guard droppedMembers[path]?[index].seam != nil, !seamedNow.contains(key) else { continue }
              droppedMembers[path]?[index].seam = nil
              mended = true
              continue
            }
            let reason = home.map { "uses `\($0.0)` from \($0.1), which is left out (the compiler, line \(rejection.line): \(rejection.message))" }
              ?? "does not compile on Linux: line \(rejection.line): \(rejection.message)"
            if adoption.droppedMembers[path]?.contains(where: { $0.range == member.range && $0.seam != nil }) == true, !seamedNow.contains(key) {
              // The seam adopt made for a `#selector` did not build (its signature): blanked out whole.
              droppedMembers[path, default: []].append(.init(
                range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason))
              mended = true
              continue
            }
            // Where the error is in the body, the body becomes a seam and the member stays, so
            // that its callers build; an error in the signature blanks it out whole.
            var seam = member.seam
            if Self.inSignature(rejection, of: member) { seam = nil }
            seam?.declaration.why = "\(path) \(reason)"
            if seam != nil { seamedNow.insert(key) }
            droppedMembers[path, default: []].append(.init(
              range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason, seam: seam))
            mended = true
            continue
          }
          if let (name, home) = home {
            // The compiler's "no member `system`" is a file left out earlier, which declares it.
            rejected[path] = "uses `\(name)` from \(home), which is left out (the compiler, line \(rejection.line): \(rejection.message))"
          } else if let declaration = Self.droppable(rejection, in: app, already: rejectedDeclarations[path] ?? [:]) {
            // Only the declaration the error is in: the file's other types still build.
            rejectedDeclarations[path, default: [:]][declaration] = "does not compile on Linux: line \(rejection.line): \(rejection.message)"
            mended = true
            continue
          } else {
            rejected[path] = "does not compile on Linux: line \(rejection.line): \(rejection.message)"
          }
          record.rejectedFiles.append(path)
          mended = true
        } else if let model = PackageBuild.model(atLine: rejection.line, of: generated, in: adoption.models), unregistered[model.type] == nil {
          unregistered[model.type] = "line \(rejection.line): \(rejection.message)"
          mended = true
        }
      }
      // A third-party package that does not resolve or build here is left out, with what imports it.
      if !mended {
        let remaining = adoption.packages.filter { dropped[$0.identity] == nil }
        var blamed = PackageBuild.blamedPackages(in: outcome.log, packages: remaining)
        if blamed.isEmpty {
          blamed = PackageBuild.packagesNeedingUnfetched(in: outcome.log, packages: remaining, checkouts: build.scratch + "/checkouts")
        }
        for (identity, why) in blamed {
          dropped[identity] = why
          record.droppedPackages.append(identity)
          mended = true
        }
      }
      guard mended, round < Self.buildRounds else {
        record.outOfRounds = mended
        record.failure = PackageBuild.summary(of: outcome.log)
        break
      }
      try rewrite()
    }
    return Proven(adoption: adoption, writer: writer, changes: changes, build: record)
  }

  /// The file-scope declaration of `rejection`'s line, when the file keeps another type or
  /// extension without it (so that a filtered copy can drop it alone).
  static func droppable(_ rejection: PackageBuild.Rejection, in app: AppSources, already: [Int: String]) -> Int? {
    guard let path = rejection.path, let file = app.files.first(where: { $0.path == path }),
          let index = file.declarations.firstIndex(where: { $0.firstLine <= rejection.line && rejection.line <= $0.lastLine }),
          already[index] == nil
    else { return nil }
    let kept = file.declarations.indices.filter { $0 != index && already[$0] == nil && file.declarations[$0].blockers.isEmpty }
    return kept.contains { file.declarations[$0].isTypeDeclaration || file.declarations[$0].extendedType != nil } ? index : nil
  }

  /// Whether `rejection` is in `member`'s signature, not its body: on the first of its lines (a
  /// body on the same line aside), or naming a type the signature writes (`cannot find type
  /// 'UIFont' in scope` of `func width(font: UIFont)`).
  static func inSignature(_ rejection: PackageBuild.Rejection, of member: MemberLocator.Member) -> Bool {
    if rejection.line == member.firstLine && member.firstLine != member.lastLine { return true }
    let words = Set(member.signature.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
    for pattern in ["cannot find type '", "no type named '", "cannot find '"] {
      guard let start = rejection.message.range(of: pattern)?.upperBound,
            let end = rejection.message[start...].firstIndex(of: "'")
      else { continue }
      return words.contains(String(rejection.message[start..<end]))
    }
    return false
  }

  /// The name a compiler error says is missing (`has no member 'system'`, `cannot find 'x' in
  /// scope`) and the left-out file that declares it, as a global or in an extension.
  static func leftOutHome(of message: String, in app: AppSources, leftOut: Set<String>, except path: String) -> (String, String)? {
    let patterns = ["has no member '", "cannot find '", "cannot find type '"]
    guard let pattern = patterns.first(where: { message.contains($0) }),
          let start = message.range(of: pattern)?.upperBound,
          let end = message[start...].firstIndex(of: "'")
    else { return nil }
    let name = String(message[start..<end])
    for file in app.files where file.path != path && leftOut.contains(file.path) {
      let declares = file.globals.contains(name) || file.types.contains { $0.name == name }
        || file.extensions.contains { $0.members.methods.contains { $0.name == name } || $0.members.properties.contains { $0.name == name } }
      if declares { return (name, file.path) }
    }
    return nil
  }

}
