import Foundation

/// What `AdoptionProof` knows between two builds, and what one build's outcome calls for: the
/// proof's loop without the build, so that a round is tested with a build log alone.
struct ProofRounds {
  /// What one build's outcome calls for.
  enum Next: Equatable {
    /// The package built.
    case built
    /// The same package again, one compile at a time: a compiler was killed for memory.
    case sameAgain
    /// Something was left out, stood in or compiled from its sources: write the package anew.
    case rewrite
    /// Nothing left to mend, or no round left: `record.failure` says why.
    case stop
  }

  /// The app as read, with the packages compiled from their sources so far.
  var app: AppSources
  var mending = Mending()
  /// What the builds gave, for the report.
  var record: AdoptReport.Build
  /// Whether builds run one compile at a time (after a compiler was killed for memory).
  var oneJobAtATime = false
  /// Whether a build that ran a stale plan was made again (once).
  var rebuiltStalePlan = false
  /// How many builds the proof may make.
  let limit: Int

  init(app: AppSources, scratch: String, limit: Int) {
    self.app = app
    self.record = AdoptReport.Build(scratch: scratch)
    self.limit = limit
  }

  /// Reads the `round`-th build's `outcome` of the package `writer` wrote for `adoption`.
  /// `vendor` copies a third-party package's sources into the package (their folder, or nil);
  /// `checkouts` is where SwiftPM checked packages out.
  mutating func after(
    _ outcome: PackageBuild.Outcome, round: Int, adoption: Adoption, writer: PackageWriter, checkouts: String,
    vendor: (PackagePlan) -> String?
  ) throws(AdoptError) -> Next {
    record.rounds = round
    record.seconds += outcome.seconds
    if outcome.succeeded {
      // Everything builds: the empty values refused on the way are tried once more, while
      // rounds are left for the builds that refuse some again or restore them all.
      if round + 10 <= limit {
        let tried = mending.retryRefusedValues()
        if tried > 0 {
          record.diary.noteRetry(round: round, seconds: outcome.seconds, values: tried)
          return .rewrite
        }
      }
      record.succeeded = true
      record.diary.note(round: round, seconds: outcome.seconds, succeeded: true, modules: [], before: .init(), after: .init())
      return .built
    }
    // A compiler killed for memory is the machine's, not the app's: the same package again,
    // one compile at a time (each builds what the last finished).
    if PackageBuild.compilerWasKilled(outcome.log), !oneJobAtATime, round < limit {
      FileHandle.standardError.write(Data("adopt: a compiler ran out of memory; building again one job at a time\n".utf8))
      oneJobAtATime = true
      record.oneJobAtATime = true
      record.diary.noteKilled(round: round, seconds: outcome.seconds)
      return .sameAgain
    }
    // A plan the shared build folder no longer holds is the machine's too: the same build again, once.
    if PackageBuild.planWasStale(outcome.log), !rebuiltStalePlan, round < limit {
      rebuiltStalePlan = true
      record.diary.noteStalePlan(round: round, seconds: outcome.seconds)
      return .sameAgain
    }
    let before = RoundDiary.Tally(mending)
    let vendoredBefore = record.vendoredPackages.count
    var restoredRefusals = false
    defer {
      record.diary.note(
        round: round, seconds: outcome.seconds, succeeded: false,
        modules: PackageBuild.erroredModules(in: outcome.log, output: writer.output),
        before: before, after: RoundDiary.Tally(mending),
        vendored: record.vendoredPackages.dropFirst(vendoredBefore).map { $0.split(separator: "/").last.map(String.init) ?? $0 },
        restoredRefusals: restoredRefusals)
    }
    let generated = (try? String(contentsOfFile: writer.output + "/" + writer.paths.registrations, encoding: .utf8)) ?? ""
    let rejections = PackageBuild.rejections(
      in: outcome.log, output: writer.output, app: app, targets: adoption.targets, executable: writer.executable)
    let seams = (try? String(contentsOfFile: writer.output + "/" + writer.paths.seams, encoding: .utf8)) ?? ""
    // The build after the retry of refused values, failing elsewhere than in them: the package
    // as it built before, refusals and all.
    if mending.readRetryFailure(rejections, adoption: adoption, standIns: writer.standIns) {
      restoredRefusals = true
      return .rewrite
    }
    var mended = mending.mend(rejections, adoption: adoption, standIns: writer.standIns, generated: generated, seams: seams)
    // A third-party package that does not resolve or build here is left out, with what imports it.
    // A product asked for by its module's name (`HAKit_PromiseKit`) is asked for by its own.
    if !mended { mended = mending.renameProducts(namedIn: outcome.log, checkouts: checkouts) }
    if !mended {
      // A package compiled from its sources already, blamed again (a broken checkout another
      // package's manifest still reaches), is no progress: copying it again looped to the
      // round limit, one second a build.
      let identities = Self.notYetVendored(
        mending.dropPackages(blamedIn: outcome.log, packages: adoption.packages, checkouts: checkouts),
        packages: adoption.packages, vendored: record.vendoredPackages)
      try compileFromSources(identities, of: adoption, skipping: writer.output, vendor: vendor) { package in
        PackageWriter.vmreplVersion(of: package.location, vmrepl: writer.vmrepl) != nil
      }
      mended = !identities.isEmpty
    }
    guard mended, round < limit else {
      record.outOfRounds = mended
      record.failure = PackageBuild.summary(of: outcome.log)
      return .stop
    }
    return .rewrite
  }

  /// Of `identities`, those not compiled from their sources already (`vendored`, by location).
  static func notYetVendored(_ identities: [String], packages: [PackagePlan], vendored: [String]) -> [String] {
    identities.filter { identity in
      !(packages.first { $0.identity == identity }.map { vendored.contains($0.location) } ?? false)
    }
  }

  /// Of the packages just left out, those whose sources SwiftPM checked out are compiled from
  /// them as the app's own modules: what builds on Linux runs as written, the rest is stood in as
  /// the app's files are. A binary target (an Apple `.xcframework`) cannot build on Linux even
  /// once fetched, so its package's sources are compiled without it.
  private mutating func compileFromSources(
    _ identities: [String], of adoption: Adoption, skipping output: String, vendor: (PackagePlan) -> String?,
    shared: (PackagePlan) -> Bool
  ) throws(AdoptError) {
    var vendored = app.vendored
    for identity in identities {
      let why = mending.dropped[identity] ?? ""
      // Not a package vmrepl depends on too (swift-collections): a copy of its modules beside the
      // package itself is two targets of one name in the graph ("multiple similar targets").
      guard why.hasPrefix("does not build on Linux") || PackageBuild.needsBinaryTarget(why),
            let package = adoption.packages.first(where: { $0.identity == identity }),
            !shared(package),
            let copy = vendor(package)
      else {
        record.droppedPackages.append(identity)
        continue
      }
      mending.dropped[identity] = nil
      vendored.append((copy, package.location))
      record.vendoredPackages.append(package.location)
    }
    if vendored.count != app.vendored.count {
      app = try AppSources.scan(folder: app.folder, skipping: [output], vendored: vendored)
    }
  }
}
