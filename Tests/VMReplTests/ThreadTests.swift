import Testing

/// Blocking code and threads on the simulation (issue 28): `main.sync` from a global queue, a
/// semaphore over a callback, a main thread that waits, a timed wait, a semaphore nobody signals,
/// a `Thread` with a lock and a sleep, a producer and consumer on `NSCondition`, an
/// `OperationQueue` of the view-model's own. Fixtures: Tests/Fixtures/Threads.swift.
@Suite("Simulated threads")
struct ThreadTests {
  static let folder = "Tests/VMReplTests/Scenarios/threads"

  @Test("each blocking pattern ends with the device's result at the right virtual time (golden files)")
  func goldens() async throws {
    let result = try await VMReplProcess.run(["replay", Self.folder], environment: ["CI": "true"], executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.hasSuffix("9 passed, 0 failed\n"))
  }

  @Test("the same, in another time zone and locale, byte for byte")
  func elsewhere() async throws {
    let result = try await VMReplProcess.run(
      ["replay", Self.folder], environment: ["CI": "true", "TZ": "Asia/Tokyo", "LANG": "de_DE.UTF-8"],
      executable: "VMReplFixtures")
    #expect(result.status == 0, "\(result.output)\(result.errors)")
  }

  @Test("the same under load: four replays at once, twice")
  func underLoad() async throws {
    for _ in 0..<2 {
      try await withThrowingTaskGroup(of: (Int32, String).self) { group in
        for _ in 0..<4 {
          group.addTask {
            let result = try await VMReplProcess.run(["replay", Self.folder], environment: ["CI": "true"], executable: "VMReplFixtures")
            return (result.status, result.output + result.errors)
          }
        }
        for try await (status, output) in group { #expect(status == 0, "\(output)") }
      }
    }
  }

  @Test("a main thread that waits on a block that waits on it is a deadlock naming both sides")
  func mainThreadDeadlock() async throws {
    let result = try await VMReplProcess.run(
      ["run", "Tests/VMReplTests/Scenarios/threads-crash/handshake.scenario"], executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(
      result.errors == """
        deadlock: the main thread waits in DispatchSemaphore.wait(), during `line 3: send deadlock`; nothing can run and no timer is left
          a block on DispatchQueue.global() (work of `send deadlock`) waits in DispatchQueue.main.sync
          (on a device the app would hang here; the process ends)

        """)
  }

  @Test("explore finds the order in which two blocked bookings wake, and pins it")
  func exploreFindsTheRace() async throws {
    let result = try await VMReplProcess.run(
      ["explore", "Tests/VMReplTests/Scenarios/threads-crash/seat-race.scenario"], executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(result.output.contains("fired the Thread.sleep timer of `send book name=bob` before the Thread.sleep timer of `send book name=ann`"))
    #expect(result.output.contains("2 outcomes"))
  }
}
