import Testing

@Suite("Driver")
struct DriverTests {
  @Test("continuations resumed on another thread run in arrival order")
  func foreignResumesRunInArrivalOrder() async throws {
    let result = try await Probe.run("foreign")
    #expect(
      result.output == """
        0.000s task 3 resumed
        0.000s task 1 resumed
        0.000s task 2 resumed

        """)
  }

  @Test("idle states tell timers, external work and nothing apart; tags follow hidden work")
  func idleStates() async throws {
    let result = try await Probe.run("idle")
    #expect(
      result.output == """
        nothing started: quiescent=true liveTimers=0 nextTimer=none external=[]
        a sleeper: quiescent=false liveTimers=1 nextTimer=3.000s external=[]
        pending: ["ContinuousClock sleep until 3.000s"]
        external work: quiescent=false liveTimers=1 nextTimer=3.000s external=["GET /search"]
        a task waits on a continuation nobody resumes: quiescent=true liveTimers=0 nextTimer=none external=[]
        hidden work tagged: ["ContinuousClock sleep until 1.000s (send refresh)"]
        hidden work alive: true
        hidden work alive after it ended: false

        """)
  }

  @Test("the activity mark moves with every job, session call, block, moment of time and foreign work")
  func activityMarks() async throws {
    let result = try await Probe.run("marks")
    #expect(
      result.output == """
        nothing: same
        a main-actor job: moved
        a job off the main actor: moved
        a block on the main queue: moved
        code the session calls: moved
        time with no timer: moved
        a step noted: moved
        while foreign work runs: unknown
        foreign work that began and ended: moved
        nothing again: same

        """)
  }

  @Test("the runaway guard stops a step that never becomes idle at one instant after a hundredth of its limit")
  func runawayGuard() async throws {
    let result = try await Probe.run("runaway", "--limit", "10000")
    #expect(
      result.output == """
        error: stopped after 100 jobs at 0.000s without time moving or the step becoming idle (the runaway limit at one \
        instant); a loop that keeps yielding or starting work?

        """)
  }

  @Test("the watchdog ends a job that never returns, naming the step")
  func watchdog() async throws {
    let result = try await Probe.run("watchdog", "--ms", "300")
    #expect(result.status == 3)
    #expect(result.output == "")
    #expect(
      result.errors == """
        watchdog: the view-model's code ran for more than 0.3 s of wall time without returning, \
        during `line 3: send spin`; a synchronous loop cannot be stopped, so the process ends \
        here (set by --ms)

        """)
  }
}
