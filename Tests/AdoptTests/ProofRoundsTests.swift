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

  @Test("a build that ran another package's plan (the shared build folder's) is made again, once; not twice")
  func stalePlanBuiltAgain() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    var rounds = ProofRounds(app: app, scratch: "/tmp/scratch", limit: 5)
    let adoption = rounds.mending.adoption(of: app, overridden: [], excluded: [:])
    let writer = PackageWriter(output: "/nonexistent/photos-vmrepl", vmrepl: "/opt/vmrepl", adoption: adoption)
    // As the Shelf app's adopt printed after check-adopt had built Templates/MyApp in the same folder.
    let stale = Self.outcome("""
      error: command /work/main/.build-adopted/x86_64-unknown-linux-gnu/debug/my-app-repl.product/Objects.LinkFileList not registered
      error: command /work/main/.build-adopted/x86_64-unknown-linux-gnu/debug/MyApp.build/sources not registered
      error: failed to write auxiliary file: command /work/main/.build-adopted/x86_64-unknown-linux-gnu/debug/my_app_repl.build/sources not registered
      """)
    func after(_ outcome: PackageBuild.Outcome, _ round: Int) throws -> ProofRounds.Next {
      try rounds.after(outcome, round: round, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil }
    }
    #expect(try after(stale, 1) == .sameAgain)
    #expect(!rounds.oneJobAtATime)
    #expect(try after(stale, 2) == .stop)
    #expect(rounds.record.diary.lines == [
      "build 1 (2 s): the build folder held another package's plan; the same again",
      "build 2 (2 s): nothing mended",
    ])
    #expect(!PackageBuild.planWasStale("error: no such module 'UIKit'\nnote: command not registered is fine here"))
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

  /// element-x's shape: a Sourcery mock stood in (its file imports AVFoundation) whose member
  /// returns the app's publisher of a type, and a view-model reading it in its init.
  static func spaceApp() throws -> AppFolder {
    try AppFolder("Spaces", files: [
      "Spaces/Other/CurrentValuePublisher.swift": try Apps.elementXPublisher,
      "Spaces/Services/SpaceRoomListProxyProtocol.swift": """
        import Foundation

        struct SpaceServiceRoom: Equatable {
            var name = ""
        }

        protocol SpaceRoomListProxyProtocol: AnyObject {
            var spaceServiceRoomPublisher: CurrentValuePublisher<SpaceServiceRoom, Never> { get }
            var roomsPublisher: CurrentValuePublisher<[String], Never> { get }
        }
        """,
      "Spaces/Mocks/Generated/GeneratedMocks.swift": """
        // Generated using Sourcery
        import AVFoundation
        import Foundation

        class SpaceRoomListProxyMock: SpaceRoomListProxyProtocol {
            var spaceServiceRoomPublisher: CurrentValuePublisher<SpaceServiceRoom, Never> {
                get { return underlyingSpaceServiceRoomPublisher }
                set(value) { underlyingSpaceServiceRoomPublisher = value }
            }
            var underlyingSpaceServiceRoomPublisher: CurrentValuePublisher<SpaceServiceRoom, Never>!
            var roomsPublisher: CurrentValuePublisher<[String], Never> {
                get { return underlyingRoomsPublisher }
                set(value) { underlyingRoomsPublisher = value }
            }
            var underlyingRoomsPublisher: CurrentValuePublisher<[String], Never>!
        }
        """,
      "Spaces/Screens/SpaceScreenViewModel.swift": """
        import Combine

        @MainActor
        final class SpaceScreenViewModel: ObservableObject {
            @Published var space: SpaceServiceRoom
            @Published var rooms: [String]
            init(spaceRoomListProxy: SpaceRoomListProxyProtocol) {
                space = spaceRoomListProxy.spaceServiceRoomPublisher.value
                rooms = spaceRoomListProxy.roomsPublisher.value
            }
        }
        """,
    ])
  }

  /// The proof of `spaceApp` after a build that refused the empty value of `member`: its
  /// rounds, adoption, writer, and the log line of an error at that member's line.
  static func refused(_ member: String, app folder: borrowing AppFolder, output: String) throws -> (ProofRounds, Adoption, PackageWriter, (String) throws -> String) {
    let app = try AppSources.scan(folder: folder.path)
    var rounds = ProofRounds(app: app, scratch: "/tmp/scratch", limit: 20)
    let mock = "Spaces/Mocks/Generated/GeneratedMocks.swift"
    func errorLog(at member: String, in adoption: Adoption, writer: PackageWriter) throws -> String {
      let generated = try #require(writer.standIns.files.first { $0.appPath == mock }?.generated)
      let line = try #require(generated.memberLines.filter { $0.value == member }.map(\.key).min()) + 1
      let target = try #require(adoption.targets.first)
      let folder = target.folder == "." ? "" : target.folder + "/"
      let file = writer.output + "/Sources/\(target.name)/standins/" + String(mock.dropFirst(folder.count))
      return "\(file):\(line):20: error: ambiguous use of 'init(_:)'"
    }
    let first = rounds.mending.adoption(of: app, overridden: [], excluded: [:])
    let firstWriter = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: first)
    #expect(try rounds.after(Self.outcome(errorLog(at: member, in: first, writer: firstWriter)), round: 1, adoption: first, writer: firstWriter,
                             checkouts: "/nonexistent") { _ in nil } == .rewrite)
    #expect(rounds.mending.refusedValues.standInMembers == [mock: [member]])
    let adoption = rounds.mending.adoption(of: app, overridden: [], excluded: [:])
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption)
    return (rounds, adoption, writer, { member in
      let retried = rounds.mending.adoption(of: app, overridden: [], excluded: [:])
      return try errorLog(at: member, in: retried, writer: PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: retried))
    })
  }

  @Test("once the package builds, the empty values refused on the way are tried again, once: kept where they compile now (element-x's spaceScreen)")
  func refusedValuesTriedAgain() throws {
    let folder = try Self.spaceApp()
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("proof-rounds-retry-\(getpid())").path
    var (rounds, adoption, writer, _) = try Self.refused("SpaceRoomListProxyMock.spaceServiceRoomPublisher", app: folder, output: output)
    let mock = "Spaces/Mocks/Generated/GeneratedMocks.swift"
    #expect(try #require(writer.standIns.files.first { $0.appPath == mock }?.generated.text)
      .contains(#"get { StandIn.call("SpaceRoomListProxyMock.spaceServiceRoomPublisher", "spaceServiceRoomPublisher") }"#))
    let built = Self.outcome("", succeeded: true)
    #expect(try rounds.after(built, round: 2, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil } == .rewrite)
    #expect(!rounds.record.succeeded)
    #expect(rounds.mending.refusedValues.count == 0)
    let retried = rounds.mending.adoption(of: try AppSources.scan(folder: folder.path), overridden: [], excluded: [:])
    let retriedWriter = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: retried)
    let value = "empty: CurrentValuePublisher<SpaceServiceRoom, Never>(SpaceServiceRoom())"
    #expect(try #require(retriedWriter.standIns.files.first { $0.appPath == mock }?.generated.text)
      .contains(#"get { StandIn.call("SpaceRoomListProxyMock.spaceServiceRoomPublisher", "spaceServiceRoomPublisher", \#(value)) }"#))
    // The starter needs no answer for it any more.
    #expect(retriedWriter.standIns.declarations.first { $0.member == "SpaceRoomListProxyMock.spaceServiceRoomPublisher" }?.hasDefault == true)
    #expect(try rounds.after(built, round: 3, adoption: retried, writer: retriedWriter, checkouts: "/nonexistent") { _ in nil } == .built)
    #expect(rounds.record.succeeded && rounds.record.rounds == 3)
    // Tried once: a later build that succeeds ends the proof.
    #expect(rounds.mending.retryRefusedValues() == 0)
    #expect(rounds.record.diary.lines == [
      "build 1 (2 s): errors in Spaces; 1 empty value refused",
      "build 2 (2 s): built; 1 empty value the compiler refused before tried again",
      "build 3 (2 s): built",
    ])
  }

  @Test("a value tried again that the compiler refuses again is refused again alone; an error anywhere else restores every refusal as it was before the retry")
  func refusedAgainOrRestored() throws {
    let folder = try Self.spaceApp()
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("proof-rounds-refused-\(getpid())").path
    let member = "SpaceRoomListProxyMock.spaceServiceRoomPublisher"
    let built = Self.outcome("", succeeded: true)

    // Refused again: the normal mending, the value plain once more, then built.
    var (rounds, adoption, writer, errorAt) = try Self.refused(member, app: folder, output: output)
    #expect(try rounds.after(built, round: 2, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil } == .rewrite)
    var retried = rounds.mending.adoption(of: try AppSources.scan(folder: folder.path), overridden: [], excluded: [:])
    var retriedWriter = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: retried)
    #expect(try rounds.after(Self.outcome(errorAt(member)), round: 3, adoption: retried, writer: retriedWriter, checkouts: "/nonexistent") { _ in nil } == .rewrite)
    #expect(rounds.mending.refusedValues.standInMembers == ["Spaces/Mocks/Generated/GeneratedMocks.swift": [member]])
    #expect(rounds.record.diary.lines.last == "build 3 (2 s): errors in Spaces; 1 empty value refused")
    // Until the package builds again, an error elsewhere still restores every refusal.
    guard case .building = rounds.mending.retry else {
      Issue.record("the retry ended before the package built: \(rounds.mending.retry)")
      return
    }
    let again = rounds.mending.adoption(of: try AppSources.scan(folder: folder.path), overridden: [], excluded: [:])
    let againWriter = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: again)
    #expect(try rounds.after(Self.outcome(errorAt("SpaceRoomListProxyMock.roomsPublisher")), round: 4, adoption: again, writer: againWriter,
                             checkouts: "/nonexistent") { _ in nil } == .rewrite)
    #expect(rounds.record.diary.lines.last == "build 4 (2 s): errors in Spaces; not only in the values tried again: every one refused as before")
    #expect(rounds.mending.retry == .done && rounds.mending.standInRepairs["Spaces/Mocks/Generated/GeneratedMocks.swift"]?.droppedMembers == [])

    // An error elsewhere (a member whose value was never refused): every refusal as before.
    (rounds, adoption, writer, errorAt) = try Self.refused(member, app: folder, output: output)
    #expect(try rounds.after(built, round: 2, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil } == .rewrite)
    retried = rounds.mending.adoption(of: try AppSources.scan(folder: folder.path), overridden: [], excluded: [:])
    retriedWriter = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: retried)
    let elsewhere = try errorAt("SpaceRoomListProxyMock.roomsPublisher")
    #expect(try rounds.after(Self.outcome(elsewhere), round: 3, adoption: retried, writer: retriedWriter, checkouts: "/nonexistent") { _ in nil } == .rewrite)
    #expect(rounds.mending.refusedValues.standInMembers == ["Spaces/Mocks/Generated/GeneratedMocks.swift": [member]])
    // Restored, not mended: the other member keeps its value.
    #expect(rounds.mending.standInRepairs["Spaces/Mocks/Generated/GeneratedMocks.swift"]?.droppedMembers == [])
    #expect(rounds.record.diary.lines.last == "build 3 (2 s): errors in Spaces; not only in the values tried again: every one refused as before")
    #expect(try rounds.after(built, round: 4, adoption: retried, writer: retriedWriter, checkouts: "/nonexistent") { _ in nil } == .built)
  }

  @Test("no retry without a refused value, nor where fewer than ten rounds are left for it")
  func noRetry() throws {
    let folder = try Self.spaceApp()
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("proof-rounds-noretry-\(getpid())").path
    let app = try AppSources.scan(folder: folder.path)
    var clean = ProofRounds(app: app, scratch: "/tmp/scratch", limit: 10)
    let adoption = clean.mending.adoption(of: app, overridden: [], excluded: [:])
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption)
    #expect(try clean.after(Self.outcome("", succeeded: true), round: 1, adoption: adoption, writer: writer, checkouts: "/nonexistent") { _ in nil } == .built)
    var (rounds, refusedAdoption, refusedWriter, _) = try Self.refused("SpaceRoomListProxyMock.spaceServiceRoomPublisher", app: folder, output: output)
    #expect(try rounds.after(Self.outcome("", succeeded: true), round: 11, adoption: refusedAdoption, writer: refusedWriter, checkouts: "/nonexistent") { _ in nil } == .built)
    #expect(rounds.mending.refusedValues.count == 1)
  }
}
