import Testing

/// The reproductions of reports about background work that were once wrong (issue 26): two
/// run-loop timers, a timer whose callback starts a task, the same command twice, a step that
/// ends another's work, a particular request answered, a 1/60 s run-loop timer, an off-main write
/// from a queue and from a task, named at its source line, a run-loop timer whose callback
/// blocks the main thread while another timer and a task fall due, and 1/60 s timers of Dispatch,
/// Timer.publish and RunLoop.add that fire no earlier than due, a dataTask completion handler that
/// writes @Published state on URLSession's queue, and an @Observable model written off main, each
/// said for what its properties are (issue 61), and a write after a sleep off the main actor
/// beside a main-actor loop whose returns from its sleeps are passed by unread.
@Suite("Reports about background work")
struct ReportTests {
  @Test("each reproduction's transcript says what really happened (golden files)")
  func reproductions() async throws {
    let result = try await VMReplProcess.run(
      ["replay", "Tests/VMReplTests/Scenarios/reports"], environment: ["CI": "true"], executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("15 passed, 0 failed\n"))
  }

  @Test("the same, in another time zone and locale, byte for byte")
  func elsewhere() async throws {
    let result = try await VMReplProcess.run(
      ["replay", "Tests/VMReplTests/Scenarios/reports"],
      environment: ["CI": "true", "TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"], executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.output)\(result.errors)")
  }

  @Test("`expect idle`, `expect warnings` and a command after `leave` say what failed, exactly")
  func leaveAndIdleFailures() async throws {
    let result = try await VMReplProcess.run(
      [], input: """
        use stopwatches
        send start
        advance 1s
        expect idle
        send stop
        leave
        send start
        use article-list
        send load
        respond http json=[{"id":1,"title":"Hello"}]
        expect warnings == 0

        """, executable: "VMReplFixtures")
    #expect(result.status == 1)
    let errors = result.errors.split(separator: "\n").map(String.init)
    #expect(errors.count == 3)
    #expect(errors.first?.hasPrefix("error: line 4: expectation failed: idle, but it is not: work from `send start` is still running; it waits on DispatchSourceTimer on DispatchQueue.main until 1.016667s") == true)
    #expect(errors.dropFirst().first == "error: line 7: no model in use; `use MODEL` first (`models` lists them)")
    #expect(errors.last?.hasPrefix("error: line 11, column 20: expectation failed: warnings == 0, but it is 2: the first: warning: `articles` and `isLoading` (@Published) changed off the main thread") == true)
    #expect(result.output.contains("left the screen: `Stopwatches` was freed"))
  }
}
