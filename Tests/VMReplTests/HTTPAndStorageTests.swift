import Foundation
import TestSupport
import Testing

/// The world outside the view-model, scripted: URLSession answered by `http`, cassettes, and
/// storage that starts empty at every `use`.
@Suite("HTTP and storage")
struct HTTPAndStorageTests {
  @Test("every URLSession shape answered by script: async, completion handler, POST, stubs, cancellation, particular requests (golden files)")
  func scripted() async throws {
    let result = try await VMReplProcess.run(
      ["replay", "Tests/VMReplTests/Scenarios/http", "Tests/VMReplTests/Scenarios/storage"], environment: ["CI": "true"],
      executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("9 passed, 0 failed\n"))
  }

  @Test("a stub before `use` names a dependency every model has, or says which it meant")
  func stubBeforeUse() async throws {
    let folder = try VMReplProcess.folder("stub-before-use", files: [
      "typo.scenario": "stub htp ok\nuse safe-episode-loader\n",
      // Found by the session fuzz target: the stub's error was the `use` line's, at the stub's column.
      "twice.scenario": "stub http GET /episodes/1 json={} json={}\nuse safe-episode-loader\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["run", "typo.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(result.status != 0)
    // The fixtures declare stand-ins, as an adopted package does: a stub before `use` may name them too.
    #expect(
      (result.output + result.errors).contains(
        "typo.scenario:1:6: error: unknown dependency `htp`; did you mean `http`? (dependencies: http, ServiceLocator.registerAllServices, ServiceLocator.searchQuery, Theme.accent, IAPHelper.hasLoadedProducts, IAPHelper.priceCount, APIService.suggestionAccountV2, SpaceServiceProxy.leave, UserDiscoveryService.searchProfiles, Encryption.backupExistsOnServer, AssetCatalog.tint, SensorDetailViewModel.init.isEnabled, L10n.tr)"),
      "\(result.output)\(result.errors)")
    // A stub that cannot be carried out is its own line's error, at its word, when it is read.
    let twice = try await VMReplProcess.run(["run", "twice.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(twice.status != 0)
    #expect((twice.output + twice.errors).contains("twice.scenario:1:"), "\(twice.output)\(twice.errors)")
    #expect((twice.output + twice.errors).contains("`json` is given twice"), "\(twice.output)\(twice.errors)")
    #expect(!(twice.output + twice.errors).contains("twice.scenario:2:"), "\(twice.output)\(twice.errors)")
  }

  @Test("storage is the same on a second run, in another time zone and with the sandbox on disk instead of in memory: nothing a run writes reaches the next")
  func storageAgain() async throws {
    let environments = [["CI": "true"], ["CI": "true", "TZ": "Asia/Tokyo"], ["CI": "true", "VMREPL_SANDBOX_ON_DISK": "1"]]
    for environment in environments {
      let result = try await VMReplProcess.run(
        ["replay", "Tests/VMReplTests/Scenarios/storage"], environment: environment, executable: "VMReplFixtures")
      #expect(result.status == 0, "\(result.output)\(result.errors)")
    }
  }

  @Test("a cassette records real exchanges once (secrets redacted) and answers them offline afterwards")
  func cassette() async throws {
    let server = try LoopbackHTTPServer.searchServer()
    let base = "http://127.0.0.1:\(server.port)"
    let lines = { (mode: String) in
      """
      use search base=\(base) http=\(mode)
      set word "swift"
      await send search
      expect items[0].name == "swift"
      set word "limited"
      await send search
      expect errorMessage == "API rate limit exceeded."

      """
    }
    let folder = try VMReplProcess.folder("cassette", files: ["record.scenario": lines("record:github.json"), "replay.scenario": lines("replay:github.json")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorded = try await VMReplProcess.run(["run", folder.appendingPathComponent("record.scenario").path])
    #expect(recorded.status == 0, "\(recorded.output)\(recorded.errors)")
    server.stop()
    #expect(server.log.filter { $0.hasPrefix("request") }.count == 2)
    let cassette = try String(contentsOf: folder.appendingPathComponent("github.json"), encoding: .utf8)
    #expect(cassette.contains(#""url" : "\#(base)/search/repositories?q=swift""#))
    #expect(cassette.contains(#""status" : 403"#))
    // Nothing listens any more: the replay is answered from the file alone.
    let replayed = try await VMReplProcess.run(["run", folder.appendingPathComponent("replay.scenario").path])
    #expect(replayed.status == 0, "\(replayed.output)\(replayed.errors)")
    #expect(replayed.output.contains("request http #r1 answered: 200 OK"))
    // A request the cassette does not hold is named, with the nearest one it does.
    let missing = try await VMReplProcess.run(
      [], input: "use search base=\(base) http=replay:\(folder.appendingPathComponent("github.json").path)\nset word \"swiftui\"\nsend search\n")
    #expect(
      (missing.output + missing.errors).contains(
        "warning: the cassette \(folder.appendingPathComponent("github.json").path) has no recording of GET \(base)/search/repositories?q=swiftui; the nearest recorded request is GET \(base)/search/repositories?q=swift (the app gets URLError.resourceUnavailable)"
      ), "\(missing.output)")
  }

  @Test("secrets in request and response headers are written as <redacted>")
  func redaction() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(201, "") }
    defer { server.stop() }
    let folder = try VMReplProcess.folder(
      "cassette-secrets",
      files: ["save.scenario": "use weather http=record:notes.json\nawait send save note=\"x\"\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    // The weather client posts to api.example.com; here nothing answers there, and the
    // transport error is what gets recorded, with the request's Authorization redacted.
    let result = try await VMReplProcess.run(["run", folder.appendingPathComponent("save.scenario").path], executable: "VMReplFixtures")
    #expect(result.status == 0 || result.status == 1)
    let cassette = try String(contentsOf: folder.appendingPathComponent("notes.json"), encoding: .utf8)
    #expect(cassette.contains(#""Authorization" : "<redacted>""#))
    #expect(!cassette.contains("secret-token"))
  }

  @Test("errors name the word: an unknown HTTP mode, a body file that is not there, a bad route")
  func errors() async throws {
    let result = try await VMReplProcess.run(
      [], input: "use weather http=recording\nuse weather\nsend load\nrespond http body=@nowhere.json\nrespond http GET json={}\nstub http GET /x stat=1\n",
      executable: "VMReplFixtures")
    let errors = result.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }.map(String.init)
    #expect(errors.count == 4, "\(result.errors)")
    #expect(errors[0] == "error: line 1, column 13: `http=recording` is not an HTTP mode; expected script, live, record:FILE or replay:FILE")
    #expect(errors[1].hasPrefix("error: line 4, column 14: no file at nowhere.json (looked in "))
    #expect(errors[2] == "error: line 5, column 18: `GET` needs a path after it, like `GET /items` (`*` stands for any run of characters)")
    #expect(errors[3] == "error: line 6, column 18: `http` has no outcome `stat`; expected ok, status=CODE or error=KIND; did you mean `status`?")
  }

  @Test("the files a scenario names go through the front end: a timeline picture written, a missing cassette and folder named")
  func filesTheScenarioNames() async throws {
    let folder = try VMReplProcess.folder("scenario-files", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.path
    let result = try await VMReplProcess.run(
      [],
      input: "use weather\ntimeline --svg \(path)/picture.svg\nuse weather http=replay:\(path)/none.json\nuse weather files=\(path)/nothing\n",
      executable: "VMReplFixtures")
    let picture = try String(contentsOf: folder.appendingPathComponent("picture.svg"), encoding: .utf8)
    #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(result.output.contains("timeline: wrote \(path)/picture.svg (0 rows, 1 steps)"), "\(result.output)")
    let errors = result.errors.split(separator: "\n").filter { $0.hasPrefix("error:") }.map(String.init)
    #expect(
      errors == [
        "error: line 3, column 13: no cassette at \(path)/none.json; record one with `use MODEL http=record:FILE`",
        "error: line 4, column 13: `files=` names a folder to copy into the sandbox's home; there is none at \(path)/nothing",
      ], "\(result.errors)")
  }
}
