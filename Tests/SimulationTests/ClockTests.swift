import Testing

@Suite("Virtual clock")
struct ClockTests {
  @Test("equal deadlines wake in arrival order, across clocks")
  func equalDeadlinesKeepArrivalOrder() async throws {
    let result = try await Probe.run("equal-deadlines")
    #expect(
      result.output == """
        1.000s sleeper 1 (ContinuousClock)
        1.000s sleeper 2 (VirtualClock)
        1.000s sleeper 3 (ContinuousClock)
        1.000s sleeper 4 (VirtualClock)
        1.000s sleeper 5 (ContinuousClock)
        1.000s sleeper 6 (VirtualClock)

        """)
  }

  @Test("every duration wakes at exactly its virtual time, and ContinuousClock.now reads virtual time")
  func exactFractionalTime() async throws {
    let result = try await Probe.run("fractional")
    #expect(
      result.output == """
        runtime clock reads virtual time: true
        0.000002500s VirtualClock slept 0.000002500s
        0.000002507s ContinuousClock slept 0.000002507s
        0.001s slept 0.001s
        0.002500s slept 0.002500s
        0.040s ContinuousClock.now measured 0.040s of virtual time
        0.250s slept 0.250s
        0.333s slept 0.333s
        1.000s ten sleeps of 100ms
        1.234s slept 1.234s
        1.234567891s VirtualClock slept 1.234567891s
        1.234567898s ContinuousClock slept 1.234567898s
        1.250s slept 1.250s after computing a while
        1.500s slept 1.500s
        2.000s slept 2.000s
        3600.000s slept 3600.000s

        """)
  }

  @Test("cancellation wakes a sleeper at once, and its timer no longer counts")
  func cancelledSleepsDoNotMoveTime() async throws {
    let result = try await Probe.run("cancel")
    #expect(
      result.output == """
        timers before cancel: ["ContinuousClock sleep until 10.000s", "VirtualClock sleep until 20.000s"]
        timers after cancel: []
        advance to next timer jumped: false; now 1.000s
        1.000s Task.sleep sleeper: CancellationError()
        1.000s VirtualClock sleeper: CancellationError()

        """)
  }
}
