import Foundation
import Testing

@testable import Adopt

/// The proof's loop a build at a time, with build logs and no build: what each outcome calls for.
@Suite("adopt's proof, a build at a time")
struct ProofRoundsTests {
  static func outcome(_ log: String, succeeded: Bool = false) -> PackageBuild.Outcome {
    PackageBuild.Outcome(succeeded: succeeded, log: log, seconds: 2)
  }

  /// The Photos app's adoption, its package's registrations written to `output`, and a build
  /// log line that rejects the album's registration.
  static func rejectedRegistration(in output: String, rounds: ProofRounds) throws -> (Adoption, PackageWriter, line: Int, log: String) {
    let adoption = rounds.mending.adoption(of: rounds.app, overridden: [], excluded: [:])
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption)
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["Photos"])
    let registrations = output + "/" + writer.paths.registrations
    try FileManager.default.createDirectory(atPath: (registrations as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try generated.write(toFile: registrations, atomically: true, encoding: .utf8)
    let line = try #require(generated.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("let adoptedAlbum") }) + 2
    return (adoption, writer, line, "\(registrations):\(line):5: error: cannot find 'x' in scope")
  }

  @Test("a registration the compiler rejects is mended and written anew; a build that succeeds ends it")
  func mendsThenBuilds() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("proof-rounds-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    var rounds = ProofRounds(app: app, scratch: "/tmp/scratch", limit: 3)
    let (adoption, writer, line, log) = try Self.rejectedRegistration(in: output, rounds: rounds)
    let next = try rounds.after(Self.outcome(log), round: 1, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil }
    #expect(next == .rewrite)
    #expect(rounds.mending.unregistered == ["AlbumViewModel": "line \(line): cannot find 'x' in scope"])
    let built = try rounds.after(Self.outcome("", succeeded: true), round: 2, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil }
    #expect(built == .built)
    #expect(rounds.record.rounds == 2 && rounds.record.succeeded && rounds.record.seconds == 4)
    // The report's diary: each build's time, where its errors were, what was mended after it.
    #expect(rounds.record.diary.lines == [
      "build 1 (2 s): errors in \(writer.executable); 1 registration left out",
      "build 2 (2 s): built",
    ])
  }

  @Test("a compiler killed for memory builds the same package again one job at a time, once; then an error nothing mends stops the proof with it")
  func killedThenStops() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    var rounds = ProofRounds(app: app, scratch: "/tmp/scratch", limit: 5)
    let adoption = rounds.mending.adoption(of: app, overridden: [], excluded: [:])
    let writer = PackageWriter(output: "/nonexistent/photos-vmrepl", vmrepl: "/opt/vmrepl", adoption: adoption)
    let killed = Self.outcome("error: compile command failed due to signal 9 (use -v to see invocation)")
    func after(_ outcome: PackageBuild.Outcome, _ round: Int) throws -> ProofRounds.Next {
      try rounds.after(outcome, round: round, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil }
    }
    #expect(try after(killed, 1) == .sameAgain)
    #expect(rounds.oneJobAtATime && rounds.record.oneJobAtATime)
    // Killed again, one job at a time: nothing else to try.
    #expect(try after(killed, 2) == .stop)
    #expect(rounds.record.diary.lines == [
      "build 1 (2 s): a compiler was killed for memory; the same again, one job at a time",
      "build 2 (2 s): nothing mended",
    ])
    #expect(rounds.record.failure == ["error: compile command failed due to signal 9 (use -v to see invocation)"])
    #expect(!rounds.record.outOfRounds && !rounds.record.succeeded)
  }

  @Test("a package compiled from its sources already and blamed again is no progress (home-assistant's swift-crypto, its checkout broken, copied again each second until the round limit)")
  func vendoredBlamedAgain() {
    func plan(_ name: String, _ owner: String) -> PackagePlan {
      PackagePlan(PinnedPackages.Pin(
        location: "github.com/\(owner)/\(name)", url: "https://github.com/\(owner)/\(name)", revision: nil, version: "1.0.0", identity: name.lowercased()))
    }
    let packages = [plan("swift-crypto", "apple"), plan("PromiseKit", "mxcl")]
    #expect(ProofRounds.notYetVendored(["swift-crypto", "promisekit"], packages: packages, vendored: ["github.com/apple/swift-crypto"]) == ["promisekit"])
    #expect(ProofRounds.notYetVendored(["swift-crypto"], packages: packages, vendored: ["github.com/apple/swift-crypto"]).isEmpty)
    #expect(ProofRounds.notYetVendored(["unknown"], packages: packages, vendored: []) == ["unknown"])
  }

  @Test("a build that still mends something at the last round stops as out of rounds")
  func outOfRounds() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("proof-rounds-last-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    var rounds = ProofRounds(app: app, scratch: "/tmp/scratch", limit: 1)
    let (adoption, writer, _, log) = try Self.rejectedRegistration(in: output, rounds: rounds)
    let next = try rounds.after(Self.outcome(log), round: 1, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil }
    #expect(next == .stop)
    #expect(rounds.record.outOfRounds)
  }
}
