import Foundation
import Processes

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
  /// not compile hides its dependents' errors until the next build, so a deep chain takes several,
  /// and each package compiled from its sources adds its own (Element X took 31 with three;
  /// home-assistant stopped at 60 with every build still mending). Each build must mend
  /// something, so the limit is only the stop for a run that would not end.
  static let buildRounds = 100

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
    let build = PackageBuild(output: writer.output, scratch: PackageBuild.scratch(forCheckout: writer.vmrepl))
    let checkouts = build.scratch + "/checkouts"
    var rounds = ProofRounds(app: app, scratch: build.scratch, limit: Self.buildRounds)
    func rewrite() throws(AdoptError) {
      adoption = rounds.mending.adoption(of: rounds.app, overridden: overridden, excluded: excluded)
      writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
      changes = try Self.write(writer, after: changes)
    }
    for (identity, why) in build.unreachable(adoption.packages) {
      rounds.mending.dropped[identity] = why
      rounds.record.droppedPackages.append(identity)
    }
    if !rounds.mending.dropped.isEmpty { try rewrite() }
    building: for round in 1...Self.buildRounds {
      FileHandle.standardError.write(Data((round == 1
        ? "adopt: building the package (the first build on this machine compiles vmrepl too: minutes)\n"
        : "adopt: building again without what the compiler rejected (round \(round))\n").utf8))
      let outcome = build.run(oneJobAtATime: rounds.oneJobAtATime)
      let mendingStarted = Date()
      Self.keepErrors(of: outcome, round: round, in: output)
      let next = try rounds.after(outcome, round: round, adoption: adoption, writer: writer, checkouts: checkouts, vendor: {
        Self.vendor($0, checkouts: checkouts, into: output)
      })
      if next == .rewrite {
        try rewrite()
        rounds.record.diary.noteMending(seconds: Date().timeIntervalSince(mendingStarted))
      }
      if let line = rounds.record.diary.lines.last {
        FileHandle.standardError.write(Data("adopt: \(line)\n".utf8))
      }
      switch next {
      case .built, .stop: break building
      case .sameAgain, .rewrite: continue
      }
    }
    rounds.record.rejectedFiles = rounds.mending.rejectedFiles
    return Proven(adoption: adoption, writer: writer, changes: changes, build: rounds.record)
  }

  /// The folder under the package where each build's errors are kept (`build-3.log`), so that
  /// what a build mended can be read after: the report's "builds, one by one" says what, these say
  /// why. Emptied when a proof starts.
  static let buildLogsFolder = ".adopt-builds"

  /// Keeps the lines of `outcome`'s log that say `error:` or `note:` as the `round`-th build's.
  static func keepErrors(of outcome: PackageBuild.Outcome, round: Int, in output: String) {
    let folder = output + "/" + buildLogsFolder
    if round == 1 { try? FileManager.default.removeItem(atPath: folder) }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // The notes too: a conformance error names the requirement it misses only in a note.
    let errors = outcome.log.split(separator: "\n").filter { $0.contains("error:") || $0.contains("note:") }.joined(separator: "\n")
    try? (errors + (errors.isEmpty ? "" : "\n")).write(toFile: folder + "/build-\(round).log", atomically: true, encoding: .utf8)
  }

  /// The folder under the package that `vmrepl adopt` copies third-party packages' sources to.
  static let vendoredFolder = "vendored"

  /// Copies the checkout of `package` (its sources, not its history) into the package adopt
  /// writes, where SwiftPM's next resolution cannot remove it; the copy's folder, nil when
  /// SwiftPM has no checkout of it.
  static func vendor(_ package: PackagePlan, checkouts: String, into output: String) -> String? {
    let name = (package.location.split(separator: "/").last.map(String.init) ?? package.identity)
    let matches: (String) -> Bool = { $0.lowercased() == name.lowercased() || $0.lowercased() == package.identity }
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []
    try? FileManager.default.createDirectory(atPath: output + "/" + vendoredFolder, withIntermediateDirectories: true)
    if let folder = folders.first(where: matches), FileManager.default.fileExists(atPath: checkouts + "/" + folder + "/Package.swift") {
      // A package with no Swift to compile (an Objective-C library such as FMDB) gains nothing.
      guard hasSwiftSources(checkouts + "/" + folder) else { return nil }
      let copy = output + "/" + vendoredFolder + "/" + folder
      try? FileManager.default.removeItem(atPath: copy)
      guard (try? FileManager.default.copyItem(atPath: checkouts + "/" + folder, toPath: copy)) != nil else { return nil }
      try? FileManager.default.removeItem(atPath: copy + "/.git")
      return URL(fileURLWithPath: copy).standardizedFileURL.path
    }
    // No checkout (a binary target's download failed the resolution): the pinned version's
    // files from the clone SwiftPM fetched (`repositories/NAME-HASH`).
    let repositories = (checkouts as NSString).deletingLastPathComponent + "/repositories"
    let clones = ((try? FileManager.default.contentsOfDirectory(atPath: repositories)) ?? []).sorted()
    guard let clone = clones.first(where: { folder in folder.lastIndex(of: "-").map { matches(String(folder[..<$0])) } ?? false }) else { return nil }
    let copy = output + "/" + vendoredFolder + "/" + name
    try? FileManager.default.removeItem(atPath: copy)
    try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    for reference in [package.version, "HEAD"] {
      let archived = ChildProcess.runBlocking("/bin/sh", [
        "-c", "git --git-dir \"$0\" archive --format=tar \"$1\" | tar -x -C \"$2\"", repositories + "/" + clone, reference, copy,
      ])
      if archived.status == 0, FileManager.default.fileExists(atPath: copy + "/Package.swift") {
        guard hasSwiftSources(copy) else { break }
        return URL(fileURLWithPath: copy).standardizedFileURL.path
      }
    }
    try? FileManager.default.removeItem(atPath: copy)
    return nil
  }

  /// Whether the package in `folder` has Swift sources outside its tests and examples.
  static func hasSwiftSources(_ folder: String) -> Bool {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return false }
    while let path = walker.nextObject() as? String {
      let first = path.split(separator: "/").first.map(String.init) ?? ""
      if ["Tests", "Example", "Examples", "Demo", ".git", ".build"].contains(first) {
        if path == first { walker.skipDescendants() }
        continue
      }
      if path.hasSuffix(".swift"), path != "Package.swift", !path.hasPrefix("Package@") { return true }
    }
    return false
  }

  /// Writes the package again after a round, and what changed since adopt began: a starter
  /// this run wrote is not the user's yet, so it is written again from the model as it is now
  /// (an action blanked out since, a stand-in answer it needs), and one whose model is gone goes
  /// with its folder (IceCubesApp kept five that named models the REPL did not have).
  static func write(_ writer: PackageWriter, after changes: [(String, PackageWriter.Change)]) throws(AdoptError) -> [(String, PackageWriter.Change)] {
    let output = writer.output
    var changes = changes
    let starters = changes.filter { $0.1 == .wrote && $0.0.hasPrefix("scenarios/") && $0.0.hasSuffix("/start.scenario") }.map(\.0)
    for path in starters { try? FileManager.default.removeItem(atPath: output + "/" + path) }
    let now = try writer.write()
    let gone = starters.filter { !FileManager.default.fileExists(atPath: output + "/" + $0) }
    for path in gone { removeFolderIfEmpty(output + "/" + (path as NSString).deletingLastPathComponent) }
    changes.removeAll { gone.contains($0.0) }
    let written = Set(changes.filter { $0.1 == .wrote }.map(\.0))
    let unwritten = now.filter { $0.1 == .stale && written.contains($0.0) }.map(\.0)
    for path in unwritten {
      try? FileManager.default.removeItem(atPath: output + "/" + path)
      removeFolderIfEmpty(output + "/" + (path as NSString).deletingLastPathComponent)
    }
    return AdoptReport.merge(changes, now).filter { !unwritten.contains($0.0) }
  }

  private static func removeFolderIfEmpty(_ folder: String) {
    if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true { try? FileManager.default.removeItem(atPath: folder) }
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
    var homes = LeftOutNames(app)
    for path in leftOut { homes.add(path) }
    return homes.home(of: message, except: path)
  }

  /// The names left-out files declare (globals, types, extensions' members), each with its files
  /// in the app's order: asked once per compiler error, and a large app's build prints hundreds
  /// of thousands (pocket-casts: 459,667), so each answer is a lookup, not a walk of every file.
  struct LeftOutNames {
    private let order: [String: Int]
    private let byPath: [String: SourceFacts]
    private var homes: [String: [String]] = [:]
    private var added: Set<String> = []

    init(_ app: AppSources) {
      order = Dictionary(app.files.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { first, _ in first })
      byPath = Dictionary(app.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Counts `path` among the left-out files.
    mutating func add(_ path: String) {
      guard added.insert(path).inserted, let file = byPath[path] else { return }
      // A member an extension declares counts by its type too (`Kingfisher.ImageCache.shared`):
      // a "type 'PostHogSDK' has no member 'shared'" is not about that one.
      let members = file.extensions.flatMap { $0.members.methods.map(\.name) + $0.members.properties.map(\.name) }
      let typedMembers = file.extensions.flatMap { ext in
        (ext.members.methods.map(\.name) + ext.members.properties.map(\.name)).map { LinuxSupport.bareName(ext.extendedType) + "." + $0 }
      } + file.types.compactMap { type in type.parents.last.map { $0 + "." + type.name } }
      let names = file.globals.union(file.types.map(\.name)).union(members).union(typedMembers)
      for name in names {
        var list = homes[name, default: []]
        let at = list.firstIndex { (order[$0] ?? 0) > (order[path] ?? 0) } ?? list.count
        list.insert(path, at: at)
        homes[name] = list
      }
    }

    /// The name a "cannot find" or "has no member" error is about, and the first left-out file
    /// other than `path` that declares it.
    func home(of message: String, except path: String) -> (String, String)? {
      let patterns = ["has no member '", "cannot find '", "cannot find type '"]
      guard let pattern = patterns.first(where: { message.contains($0) }),
            let start = message.range(of: pattern)?.upperBound,
            let end = message[start...].firstIndex(of: "'")
      else { return nil }
      let name = String(message[start..<end])
      // "value of type 'AppHooks' has no member 'roomScreenHook'": a left-out file that declares
      // that member of that type, or none (another type's member of that name is not it).
      if pattern == "has no member '", let typeStart = message.range(of: "type '")?.upperBound,
         let typeEnd = message[typeStart...].firstIndex(of: "'"), typeStart < start {
        let owner = LinuxSupport.bareName(String(message[typeStart..<typeEnd]))
        return homes[owner + "." + name]?.first { $0 != path }.map { (name, $0) }
      }
      return homes[name]?.first { $0 != path }.map { (name, $0) }
    }
  }

}
