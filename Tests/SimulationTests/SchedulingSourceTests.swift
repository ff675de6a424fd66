import TestSupport
import Testing

@Suite("Scheduling sources")
struct SchedulingSourceTests {
  @Test("Dispatch: the main queue shares the main actor's order; asyncAfter and timer sources are exact; other queues run deterministically")
  func dispatch() async throws {
    let result = try await Probe.run("dispatch")
    #expect(result.status == 0)
    #expect(
      result.output == """
        pending: ["DispatchQueue.main.asyncAfter until 0.700s", "DispatchQueue.main.asyncAfter until 1.000s"]
        idle with the callback on its way: quiescent=false liveTimers=1 nextTimer=1.400s external=[]
        0.000s main actor task 1
        0.000s main queue block 1 (assumeIsolated: true)
        0.000s main actor task 2
        0.000s main queue block 2
        0.000s OperationQueue.main operation
        0.700s work item 700ms ran
        0.999s advanced 999ms
        1.000s asyncAfter 1s fired
        1.000s serial block A (specific: serial's own)
        1.000s serial sync B, after A
        1.000s global block
        1.000s concurrent block
        1.000s concurrent barrier
        1.000s group member 1
        1.000s group member 2
        1.000s group notified on main
        1.250s global asyncAfter 250ms
        1.250s back on main from global
        1.400s callback bridged to async: 7
        1.400s main queue block from another thread
        1.900s timer source tick 1
        2.400s timer source tick 2
        2.900s timer source tick 3
        unsupported: []; pending: 0

        """)
  }

  // The main run loop gets an idle pass only when it was asked for something (a perform, a
  // signalled source, a wake-up): the performs asked for in a timer's callout, in a perform, in a
  // main queue block and in a main actor task between timers each run at the instant they were
  // asked for. The 100 ms one-shot fires at 1.85 s, where the code meant it: Foundation's fire
  // date, a Double of seconds since 2001, came out a few nanoseconds past it, and CF's clock reads
  // that far ahead while it looks for due timers (it used to fire at 1.850001s). So do the
  // ticks of a repeating 0.3 s timer it starts.
  @Test("RunLoop: Timer and perform fire on virtual time; an invalidated timer never fires")
  func runLoop() async throws {
    let result = try await Probe.run("runloop")
    #expect(result.status == 0)
    #expect(
      result.output == """
        pending: ["RunLoop timer until 0.250s", "RunLoop timer until 1.000s", "DispatchQueue.main.asyncAfter until 1.500s"]
        0.000s RunLoop.main.perform
        0.250s one-shot 250ms
        0.999s advanced 999ms
        1.000s repeating timer tick 1
        1.500s perform from a main queue block
        1.750s perform from a main actor task
        1.850s one-shot 100ms from that perform
        2.000s repeating timer tick 2
        2.000s perform from tick 2
        2.000s perform from that perform
        2.150s 0.3s timer tick 1
        2.450s 0.3s timer tick 2
        2.750s 0.3s timer tick 3
        3.000s repeating timer tick 3
        3.050s 0.3s timer tick 4
        pending at the end: []

        """)
  }

  @Test("World: Date() reads the virtual wall clock; randomness and UUIDs follow the seed")
  func world() async throws {
    let result = try await Probe.run("world")
    let again = try await Probe.run("world")
    #expect(result.output == again.output)
    #expect(
      result.output == """
        Date() at start: 2026-01-01T09:41:00Z
        Date() after 90s: 2026-01-01T09:42:30Z
        Date() after setting: 2023-11-14T22:13:20Z 1700000000.0
        seeded: 127772 452C4545-70C7-4E49-805A-78E96E56E51B [2, 1, 4, 5, 3]
        same again: true true true
        redirected: true

        """)
  }

  @Test("A real URLSession transfer is work outside the simulation until its answer arrives")
  func urlSession() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(200, "hello") }
    defer { server.stop() }
    let result = try await Probe.run("urlsession", "http://127.0.0.1:\(server.port)/x")
    #expect(
      result.output == """
        external or answered while the transfer runs: true
        answer: 5 bytes
        quiescent at the end: true, external: []

        """)
  }

  @Test("Many runs of the Dispatch and run loop programs give one trace")
  func repeatable() async throws {
    var outputs: Set<String> = []
    for _ in 0..<10 {
      outputs.insert(try await Probe.run("dispatch").output + (try await Probe.run("runloop").output))
    }
    #expect(outputs.count == 1)
  }
}
