import Testing

@Suite("Determinism")
struct DeterminismTests {
  static let mixedTrace = """
    0.000s main actor: start, sleeping 1.5s
    0.000s global: start
    0.000s stream: got 1
    0.000s continuation resumed on another thread: 42
    0.050s stream: got 2
    0.100s task group: child 3 done
    0.100s stream: got 3
    0.150s stream: finished
    0.200s task group: child 2 done
    0.250s global: woke from Task.sleep(nanoseconds:)
    0.300s task group: child 1 done
    0.300s task group: sum 6
    0.300s discarding group: child 1
    0.300s discarding group: child 2
    0.300s discarding group: done
    0.700s canceller: cancelling the sleeper
    0.700s sleeper: cancellation handler ran
    0.700s sleeper: CancellationError()
    1.250s global: woke on SuspendingClock
    1.500s main actor: woke
    1.583s global: woke on VirtualClock
    1.583s end; live timers: 0
    """

  @Test("main actor, global tasks, groups, streams, continuations and cancellation give one trace")
  func mixedProgramTrace() async throws {
    let result = try await Probe.run("mixed")
    #expect(result.status == 0)
    #expect(result.output == Self.mixedTrace + "\nidentical: 1/1\n")
  }

  @Test("the same program 1,000 times, with two threads burning CPU, gives the same trace")
  func thousandRunsUnderLoad() async throws {
    let result = try await Probe.run("mixed", "--repeat", "1000", "--burn", "2")
    #expect(result.status == 0)
    #expect(result.output == Self.mixedTrace + "\nidentical: 1000/1000\n")
  }

  @Test("separate processes give byte-identical traces")
  func separateProcesses() async throws {
    let first = try await Probe.run("mixed")
    for _ in 0..<5 {
      #expect(try await Probe.run("mixed").output == first.output)
    }
  }
}
