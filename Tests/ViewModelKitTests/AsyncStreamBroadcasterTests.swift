import Testing

/// AsyncStreamBroadcaster under the deterministic executor: each trace is `virtual-time event`.
@Suite("AsyncStreamBroadcaster")
struct AsyncStreamBroadcasterTests {
  @Test("multicast: every live stream gets every value, in order; finish ends them all")
  func multicast() async throws {
    let result = try await Probe.run("broadcast-multicast")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s subscribers=2
        0.000s a got 1
        0.000s a got 2
        0.000s b got 1
        0.000s b got 2
        0.000s a ended
        0.000s b ended
        0.000s subscribers=0
        """ + "\n")
  }

  @Test("bufferingNewest(1): a consumer that was busy sees only the latest value")
  func buffering() async throws {
    let result = try await Probe.run("broadcast-buffering")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s yielded 1, 2, 3 before the consumer ran
        0.000s late got 3
        0.000s late got 4
        0.000s late ended
        """ + "\n")
  }

  @Test("a cancelled consumer or a dropped stream is removed at once")
  func termination() async throws {
    let result = try await Probe.run("broadcast-termination")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s subscribers=2
        0.000s a cancelled; subscribers=1 before any job ran
        0.000s a ended
        0.000s b got 1
        0.000s a stream made and not consumed; subscribers=2
        0.000s that stream dropped; subscribers=1 true
        0.000s b ended
        """ + "\n")
  }

  @Test("finish ends every stream; a stream made afterwards is already finished")
  func finish() async throws {
    let result = try await Probe.run("broadcast-finish")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s a ended
        0.000s after ended
        0.000s subscribers=0
        """ + "\n")
  }

  @Test("streams do not keep the broadcaster alive")
  func noLeaks() async throws {
    let result = try await Probe.run("broadcast-no-leaks")
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(
      result.output == """
        0.000s broadcaster released while a stream is live: true
        0.000s a ended
        """ + "\n")
  }
}
