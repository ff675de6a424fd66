import Foundation
import TestSupport
import Testing

@Suite("Faults end cleanly")
struct FaultTests {
  @Test("a step that never becomes idle is an error naming the effect; the effect is cancelled and the session goes on")
  func runawayEffect() async throws {
    let result = try await VMReplProcess.run(
      [], input: "use spinner\nsend spin\nexpect #1 cancelled\nstate spins\n", executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(
      result.errors == """
        error: line 2: runaway: `#1 send spin` kept the step busy for 50000 jobs at 0.000s without time moving or the step \
        becoming idle (a loop that keeps yielding or starting work?); vmrepl cancelled it (`--max-jobs N` sets the limit: \
        N in a step, N/100 at one instant)

        """)
    #expect(result.output.contains("effect #1 cancelled: send spin"))
    #expect(result.output.contains("> expect #1 cancelled\nok: #1 cancelled\n"))
  }

  @Test("a loop that moves time is held to the step's limit only, not the one for an instant")
  func runawayMovingTime() async throws {
    let result = try await VMReplProcess.run(
      ["--max-jobs", "20000"], input: "use spinner\nsend tick\nadvance 5s\nawait\n", executable: "VMReplFixtures")
    #expect(result.status == 1)
    // 5,000 ticks of 1 ms in `advance 5s` run well past the 200 jobs allowed at one instant.
    #expect(result.output.contains("time 0.000s -> 5.000s\n"), "\(result.output)")
    #expect(
      result.errors == """
        error: line 4: runaway: `#1 send tick` kept the step busy for 20000 jobs without it becoming idle \
        (a loop that keeps yielding or starting work?); vmrepl cancelled it (`--max-jobs N` sets the limit)

        """)
  }

  @Test("hidden work that ignores cancellation is no longer run, so later commands are not runaways too")
  func runawayHiddenWork() async throws {
    let result = try await VMReplProcess.run(
      ["--max-jobs", "20000"], input: "use spinner\nsend stubborn\nadvance 1s\nstate spins\n", executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(
      result.errors == """
        error: line 2: runaway: `send stubborn` kept the step busy for 200 jobs at 0.000s without time moving or the step \
        becoming idle (a loop that keeps yielding or starting work?); vmrepl cancelled it, and because it went on \
        regardless, vmrepl no longer runs it (`--max-jobs N` sets the limit: N in a step, N/100 at one instant)

        """)
    #expect(result.output.contains("> advance 1s\ntime 0.000s -> 1.000s\n"))
    #expect(!result.output.contains("background work from `send stubborn` is still running"))
  }

  @Test("a synchronous action that never returns is ended by the watchdog, naming the command, its line and the switch")
  func watchdogOnSynchronousAction() async throws {
    // A watchdog that never fired leaves the child hanging until `run`'s deadline, which fails
    // the test; how soon it fired is the loaded machine's, and no claim of the test.
    let result = try await VMReplProcess.run(
      ["--watchdog", "0.5"], input: "use spinner\nsend hang\nstate\n", executable: "VMReplFixtures")
    #expect(result.status == 3)
    #expect(
      result.errors == """
        watchdog: the view-model's code ran for more than 0.5 s of wall time without returning, during \
        `line 2: send hang`; a synchronous loop cannot be stopped, so the process ends here \
        (change the limit with --watchdog SECONDS)

        """)
  }

  @Test("in replay, a hanging scenario fails with its line and the others still run")
  func watchdogInReplay() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-faults-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use spinner\nsend hang\n".write(to: folder.appendingPathComponent("a-hangs.scenario"), atomically: true, encoding: .utf8)
    try "use spinner\nstate spins\n".write(to: folder.appendingPathComponent("b-fine.scenario"), atomically: true, encoding: .utf8)
    try "> use spinner\nmodel spinner (Spinner)\nstate:\n  Spinner(\n    spins: 0\n  )\n> state spins\nspins = 0\n"
      .write(to: folder.appendingPathComponent("b-fine.golden"), atomically: true, encoding: .utf8)
    try "".write(to: folder.appendingPathComponent("a-hangs.golden"), atomically: true, encoding: .utf8)
    // The limit is wall time: on a loaded machine (the whole suite at once on two cores) 0.5 s
    // could also end the scenario that does not hang, so the limit here leaves it room.
    let result = try await VMReplProcess.run(["replay", "--watchdog", "3", folder.path], executable: "VMReplFixtures")
    #expect(result.status == 1)
    #expect(result.errors.contains("CRASH \(folder.path)/a-hangs.scenario: the process ended with exit status 3 at line 2: `send hang`"))
    #expect(result.errors.contains("watchdog: the view-model's code ran for more than 3 s"))
    #expect(!result.errors.contains("b-fine"), "the scenario that does not hang passed: \(result.errors)")
    #expect(result.output.hasSuffix("1 passed, 1 failed\n"))
  }
}
