import Foundation
import TestSupport
import Testing

/// `explore` and `schedule`: other orders the runtime allows, found, shrunk and pinned.
@Suite("Schedule exploration")
struct ExploreTests {
  static let lostUpdate = "scenarios/cart/lost-update.scenario"

  @Test("PCT depth 2 finds the cart's lost update within 100 schedules for at least 99 of 100 seeds")
  func pctFindsLostUpdate() async throws {
    let found = try await withThrowingTaskGroup(of: Bool.self) { group in
      var found = 0
      var next: UInt64 = 0
      func start(_ group: inout ThrowingTaskGroup<Bool, any Error>) {
        let seed = next
        next += 1
        group.addTask {
          let result = try await VMReplProcess.run(["explore", Self.lostUpdate, "--schedules", "100", "--seed", "\(seed)", "--jobs", "1"])
          return result.output.contains("expectation failed: count == 2, but it is 1")
        }
      }
      for _ in 0..<2 { start(&group) }
      while let one = try await group.next() {
        if one { found += 1 }
        if next < 100 { start(&group) }
      }
      return found
    }
    #expect(found >= 99)
  }

  @Test(
    "race-free work reports one outcome over 1,000 schedules of either strategy",
    arguments: [
      ("use actor-tally\nconnect\nawait\nexpect shown == 2\n", "an actor-serialized counter"),
      ("use solo-writer\nconnect\nawait\nexpect count == 3\nexpect ticks == 3\n", "one task's read-yield-write"),
      ("use fixed-order\nsend start\nsettle\n", "main-actor, main-queue and serial-queue order"),
    ])
  func raceFree(scenario: String, what: String) async throws {
    let folder = try VMReplProcess.folder("explore-race-free-" + what.filter(\.isLetter), files: ["one.scenario": scenario])
    defer { try? FileManager.default.removeItem(at: folder) }
    for strategy in ["pct", "random"] {
      let result = try await VMReplProcess.run(
        ["explore", folder.appendingPathComponent("one.scenario").path, "--schedules", "1000", "--strategy", strategy],
        executable: "VMReplFixtures")
      #expect(result.status == 0, "\(what), \(strategy)")
      #expect(result.output.hasSuffix("\n1000 schedules, 1 outcome, 0 failed\n"), "\(what), \(strategy): \(result.output)")
    }
  }

  @Test("four `async let` requests: answering the oldest is called out as another request; answering by description leaves only ids and order")
  func requestsStartedInAnotherOrder() async throws {
    let oldest = "use dashboard\nsend loadAll\n" + (1...4).map { "respond api ok value=\($0)\n" }.joined() + "await #1\n"
    let named = "use dashboard\nsend loadAll\n"
      + ["/trends", "/news", "/weather", "/stocks"].enumerated().map { "respond api \"GET \($1)\" ok value=\($0 + 1)\n" }.joined()
      + "await #1\nexpect stocks == 4\n"
    let folder = try VMReplProcess.folder("explore-requests", files: ["oldest.scenario": oldest, "named.scenario": named])
    defer { try? FileManager.default.removeItem(at: folder) }
    // Another request answered leaves another state: an outcome worth reading, but no `expect`
    // fails, so nothing fails.
    let first = try await VMReplProcess.run(
      ["explore", folder.appendingPathComponent("oldest.scenario").path, "--schedules", "50"], executable: "VMReplFixtures")
    #expect(first.status == 0)
    #expect(
      first.output.contains(
        "`respond api ok value=1` answered another request (GET /stocks instead of GET /trends) because the requests started in another order; name the request by its description (`respond api \"GET /trends\" ...`) to answer the same one under every schedule"
      ), "\(first.output)")
    // Orderings of the same events and request ids are one outcome, unless `--strict` asks.
    let merged = try await VMReplProcess.run(
      ["explore", folder.appendingPathComponent("named.scenario").path, "--schedules", "50"], executable: "VMReplFixtures")
    #expect(merged.status == 0)
    #expect(merged.output.hasSuffix("\n50 schedules, 1 outcome, 0 failed\n"), "\(merged.output)")
    let second = try await VMReplProcess.run(
      ["explore", folder.appendingPathComponent("named.scenario").path, "--schedules", "50", "--strict"], executable: "VMReplFixtures")
    #expect(second.status == 0)
    #expect(!second.output.contains("expectation failed"), "\(second.output)")
    #expect(!second.output.contains("answered another request"))
    #expect(
      second.output.contains(
        "the transcript differs from first in, first out only in the order of the same events, in `send loadAll`, and in which id (`#rN`) each request got, as requests started in another order"
      ), "\(second.output)")
  }

  @Test("the report is the same with one worker or two, and names the minimal schedule and the failed expect")
  func report() async throws {
    let one = try await VMReplProcess.run(["explore", Self.lostUpdate, "--schedules", "60", "--jobs", "1"])
    let two = try await VMReplProcess.run(["explore", Self.lostUpdate, Self.lostUpdate, "--schedules", "60", "--jobs", "2"])
    // The race its `race` line claims is found: the scenario passes, and the race is shown.
    #expect(one.status == 0)
    #expect(two.output.hasPrefix(one.output))
    #expect(two.output.hasSuffix("total: 120 schedules, 4 outcomes, 0 failed, 2 of 2 races found\n"))
    let lines = one.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "scenarios/cart/lost-update.scenario: pct depth 2 seed 0; 7 choice points in first-in-first-out order")
    #expect(lines.contains("  outcome 1: 36 schedules, first in, first out"))
    #expect(lines.contains("  line 6 `race \"count == 2\"`: the scenario demonstrates a race, which a schedule must find"))
    #expect(lines.contains("  outcome 2: 24 schedules (first: schedule 4), the race"))
    #expect(lines.contains("    line 11 `expect count == 2`: expect failed: expectation failed: count == 2, but it is 1"))
    #expect(lines.contains("    the transcript differs from first in, first out: `connect` left another state"))
    #expect(lines.contains("      schedule 4:2"))
    #expect(lines.contains("      line 8 `connect`: choice 4: ran a turn of actor SavedCart on the global executor before a turn of actor Stock on the global executor (candidate 2 of 2)"))
    #expect(lines.last == "60 schedules, 2 outcomes, 0 failed, race found in 24")
  }

  @Test("--format jsonl prints one object per scenario with the outcomes and the minimal schedule")
  func jsonLines() async throws {
    let result = try await VMReplProcess.run(["explore", Self.lostUpdate, "scenarios/cart/fixed.scenario", "--schedules", "30", "--format", "jsonl"])
    // The cart's race is found, which is what its `race` line asks: nothing fails.
    #expect(result.status == 0)
    let objects = try result.output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(objects.count == 2)
    #expect(objects.map { $0["scenario"] as? String } == [Self.lostUpdate, "scenarios/cart/fixed.scenario"])
    #expect(objects.map { $0["schedules"] as? Int } == [30, 30])
    let outcomes = try #require(objects[0]["outcomes"] as? [[String: Any]])
    #expect(outcomes.count == 2)
    #expect(outcomes[1]["schedule"] as? String == "schedule 4:2")
    #expect(outcomes[1]["race"] as? Bool == true)
    #expect((objects[0]["race"] as? [String: Any])?["text"] as? String == "count == 2")
    #expect(objects[1]["failed"] as? Int == 0)
  }

  @Test("a race-free scenario exits 0 with one outcome; a scenario without choice points runs one schedule")
  func passing() async throws {
    let fixed = try await VMReplProcess.run(["explore", "scenarios/cart/fixed.scenario", "--schedules", "50"])
    #expect(fixed.status == 0)
    #expect(fixed.output.hasSuffix("  outcome 1: 50 schedules, first in, first out\n50 schedules, 1 outcome, 0 failed\n"))
    let none = try await VMReplProcess.run(["explore", "scenarios/refresh/initial-load.scenario"])
    #expect(none.status == 0)
    #expect(none.output.hasSuffix("0 choice points in first-in-first-out order\n  outcome 1: 1 schedule, first in, first out\n1 schedule, 1 outcome, 0 failed\n"))
  }

  @Test("--save writes the minimal schedule as a scenario that reproduces the lost update with `run`")
  func saveAndPin() async throws {
    let folder = try VMReplProcess.folder("explore-save", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let explored = try await VMReplProcess.run(["explore", Self.lostUpdate, "--schedules", "30", "--save", folder.path])
    let saved = folder.appendingPathComponent("lost-update-schedule-1.scenario")
    #expect(explored.output.hasSuffix("saved \(saved.path)\n"))
    let text = try String(contentsOf: saved, encoding: .utf8)
    #expect(text.contains("\nschedule 4:2\n"))
    let run = try await VMReplProcess.run(["run", saved.path])
    #expect(run.status == 1)
    #expect(run.output.contains("schedule: choice 4: ran a turn of actor SavedCart on the global executor before a turn of actor Stock on the global executor (candidate 2 of 2)"))
    #expect(run.errors.contains("expectation failed: count == 2, but it is 1"))
  }

  @Test("a schedule that traps costs one schedule: the crash is an outcome with its minimal schedule, and the other schedules run")
  func crashIsolation() async throws {
    let folder = try VMReplProcess.folder("explore-crash", files: ["fragile.scenario": "use fragile\nconnect\nawait\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("fragile.scenario").path
    let result = try await VMReplProcess.run(["explore", path, "--schedules", "30"], executable: "VMReplFixtures")
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("  outcome 1: 15 schedules, first in, first out"))
    #expect(lines.contains("  outcome 2: 15 schedules crashed (signal 4), FAILED: schedules 4, 6, 7, 9, 10, 13, 14, 15, 16, 19, 20, 21, 22, 23, 24"))
    #expect(lines.contains { $0.hasSuffix("Precondition failed: the second load finished first") })
    #expect(lines.last == "30 schedules, 2 outcomes, 15 failed")
    // The departures it names make `run` trap the same way.
    let pin = try #require(lines.firstIndex(of: "    minimal schedule: 1 departure from first in, first out (schedule 4 had 3); pin it with:"))
    #expect(lines[pin + 1] == "      schedule 4:2")
    let pinned = try VMReplProcess.folder("explore-crash-pin", files: ["pinned.scenario": lines[pin + 1].trimmingCharacters(in: .whitespaces) + "\nuse fragile\nconnect\nawait\n"])
    defer { try? FileManager.default.removeItem(at: pinned) }
    let run = try await VMReplProcess.run(
      ["run", pinned.appendingPathComponent("pinned.scenario").path], environment: ["SWIFT_BACKTRACE": "enable=no"], executable: "VMReplFixtures")
    #expect(run.errors.contains("Precondition failed: the second load finished first"))
  }

  @Test("`explore` in the REPL reports on the history and leaves the session where it was")
  func inTheRepl() async throws {
    let result = try await VMReplProcess.run([], input: "use cart\nconnect\nexplore 20\nexpect count == 2\nhistory\n")
    #expect(result.status == 0)
    #expect(result.output.contains("explore: the 2 lines `save` would write: pct depth 2 seed 0; 7 choice points in first-in-first-out order\n"))
    // Another state, with no `expect` to fail, is an outcome, not a failure.
    #expect(result.output.contains("\n20 schedules, 2 outcomes, 0 failed\n> expect count == 2\nok: count == 2\n"))
    #expect(result.output.hasSuffix("* 2  connect   #1 started; #1 finished; changed count, items\n"))
  }

  @Test("`explore` in a file: `run` carries it out; exploring the file leaves the line out of its runs")
  func inAFile() async throws {
    let folder = try VMReplProcess.folder("explore-in-a-file", files: ["nested.scenario": "use cart\nconnect\nexplore 5\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("nested.scenario").path
    let run = try await VMReplProcess.run(["run", file])
    #expect(run.status == 0)
    #expect(run.output.contains("explore: the 2 lines `save` would write: pct depth 2 seed 0; 7 choice points in first-in-first-out order\n"))
    let explored = try await VMReplProcess.run(["explore", file, "--schedules", "3"])
    #expect(explored.status == 0)
    #expect(explored.output.hasSuffix("outcome 1: 3 schedules, first in, first out\n3 schedules, 1 outcome, 0 failed\n"))
  }

  @Test("replay --explore fails when another order fails an expect first in, first out passes, unless the scenario claims that race")
  func replayExplore() async throws {
    let claimed = try await VMReplProcess.run(["replay", "--explore", "40", "scenarios/cart"])
    #expect(claimed.status == 0, "\(claimed.output)\(claimed.errors)")
    #expect(claimed.output.contains("4 passed, 0 failed\n"))
    #expect(claimed.output.hasSuffix("explore: 81 schedules, 4 outcomes, 0 failed, 1 of 1 race found\n"))
    let text = try String(contentsOfFile: VMReplProcess.packageRoot.appendingPathComponent(Self.lostUpdate).path, encoding: .utf8)
    let unclaimed = text.split(separator: "\n").filter { !$0.hasPrefix("race ") }.joined(separator: "\n") + "\n"
    let folder = try VMReplProcess.folder("replay-explore", files: ["lost-update.scenario": unclaimed])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["replay", "--explore", "40", folder.path])
    #expect(result.status == 1)
    #expect(result.output.contains("1 passed, 0 failed\n"))
    #expect(result.output.hasSuffix("explore: 40 schedules, 2 outcomes, 13 failed\n"))
    #expect(result.errors.contains("lost-update.scenario: pct depth 2 seed 0"))
  }

  @Test("`schedule` shows the schedule in force, and says when a pinned departure no longer fits")
  func scheduleLines() async throws {
    let result = try await VMReplProcess.run([], input: "schedule\nschedule 4:3 50:2\nuse cart\nconnect\nschedule\nschedule fifo\nschedule\n")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("schedule: 2 departures from first-in-first-out order pinned, at choice points 4, 50 counted from here"))
    #expect(lines.contains("warning: schedule: departure 4:3 cannot apply: choice point 4 has 2 candidates, so it ran first in, first out; the scenario no longer meets this schedule"))
    #expect(lines.contains("schedule 4:3 50:2: 7 choice points so far, 0 departures made; not reached yet: 50:2"))
    #expect(lines.suffix(4) == ["> schedule fifo", "schedule: first in, first out from here", "> schedule", "schedule: first in, first out"])
  }

  @Test("--cancel-anywhere cancels each running effect after each job and checks the state expects after it")
  func cancelAnywhere() async throws {
    let folder = try VMReplProcess.folder(
      "explore-cancel", files: ["spinner.scenario": "use refresh\nconnect\nsend refresh\nawait\nexpect uiState.isLoading == false\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let spinner = folder.appendingPathComponent("spinner.scenario").path
    let holds = try await VMReplProcess.run(["explore", "--cancel-anywhere", spinner])
    #expect(holds.status == 0)
    #expect(holds.output.hasSuffix("\n13 cancellations, 1 outcome, 0 failed\n"))
    #expect(holds.output.contains("    first: cancel #1 `connect` (the view disappears) after job 1, during line 2 `connect` at 0.000s\n"))
    let gap = try await VMReplProcess.run(["explore", "--cancel-anywhere", "scenarios/effects/cancel-awaiting-side.scenario"])
    #expect(gap.status == 1)
    #expect(
      gap.output.hasSuffix(
        """
          outcome 2: 1 cancellation, FAILED
            line 9 `expect tapsCancelled == 1`: expectation failed: tapsCancelled == 1, but it is 0
            first: cancel #1 `connect` (the view disappears) after job 3, during line 5 `send waitForTap` at 0.000s
            (line 7 `cancel #2` was rejected: effect #2 has already finished; nothing to cancel)
            (line 8 `expect #2 cancelled` assumed no cancel: expectation failed: #2 cancelled, but it is finished (send waitForTap))
        34 cancellations, 2 outcomes, 1 failed

        """))
  }

  @Test("schedule and explore lines with a wrong word say which word and what was expected")
  func parseErrors() async throws {
    let result = try await VMReplProcess.run([], input: "schedule 4:1\nschedule 3:2 3:4\nschedule soon\nexplore 0\nexplore 5 strategy=rnd\nexplore depht=2\nexplore depth=11\n")
    #expect(result.status == 1)
    #expect(
      result.errors == """
        error: line 1, column 10: `4:1` is not a departure; write CHOICE:CANDIDATE, a choice point from 1 and a candidate from 2 (candidate 1 is first in, first out), like `4:2`, or `fifo`
        error: line 2, column 14: choice point 3 is pinned twice; a choice point runs one candidate
        error: line 3, column 10: `soon` is not a departure; write CHOICE:CANDIDATE, a choice point from 1 and a candidate from 2 (candidate 1 is first in, first out), like `4:2`, or `fifo`
        error: line 4, column 9: expected a number of schedules, 1 or more, found `0`; usage: explore [N] [strategy=pct|random] [depth=D] [seed=S]
        error: line 5, column 20: unknown strategy `rnd` (strategies: pct, random)
        error: line 6, column 9: unknown option `depht` of `explore`; did you mean `depth`?; usage: explore [N] [strategy=pct|random] [depth=D] [seed=S]
        error: line 7, column 15: `depth` takes a whole number from 1 to 10, got `11`

        """)
  }

  @Test(
    "`async let` children, cancelled when the scenario ends, start a repeating Timer: every schedule of either strategy runs and ends",
    arguments: ["pct", "random"])
  func asyncLetThenTimer(strategy: String) async throws {
    // The session's end cancels `connect`; its children's sleeps throw, and it starts a Timer
    // nobody invalidates. The next schedule must start fresh all the same (issue 73: it asked
    // for a new process, which ran first-in-first-out order and asked again, for ever).
    let folder = try VMReplProcess.folder(
      "explore-async-let-" + strategy,
      files: [
        "connect.scenario": "use ticker\nsend connect\n",
        "ticking.scenario": "use ticker\nsend connect\nadvance 5ms\nawait\n",
      ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let connect = try await VMReplProcess.run(
      ["explore", folder.appendingPathComponent("connect.scenario").path, "--schedules", "100", "--strategy", strategy],
      executable: "VMReplFixtures", limit: VMReplProcess.hangLimit)
    #expect(connect.status == 0, "\(connect.output)")
    #expect(connect.output.hasSuffix("\n100 schedules, 1 outcome, 0 failed\n"), "\(connect.output)")
    // The leaked timer fires until `await` gives up, in every schedule.
    let ticking = try await VMReplProcess.run(
      ["explore", folder.appendingPathComponent("ticking.scenario").path, "--schedules", "20", "--strategy", strategy],
      executable: "VMReplFixtures", limit: VMReplProcess.hangLimit)
    #expect(ticking.status == 1)
    #expect(ticking.output.contains("line 4 `await`: error: await gave up after 10000 timers with work still running"), "\(ticking.output)")
    #expect(ticking.output.hasSuffix("\n20 schedules, 1 outcome, 20 failed\n"), "\(ticking.output)")
    #expect(!ticking.output.contains("could not start fresh"))
  }

  @Test("a Dispatch timer source first-in-first-out order leaves running stops the exploration with what it left, instead of starting processes for ever")
  func leakedTimerSourceStops() async throws {
    let folder = try VMReplProcess.folder("explore-leaked-source", files: ["source.scenario": "use ticker\nsend connectSource\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("source.scenario").path
    let result = try await VMReplProcess.run(["explore", path, "--schedules", "5"], executable: "VMReplFixtures", limit: .seconds(60))
    #expect(
      result.output == """
        \(path): pct depth 2 seed 0; 1 choice point in first-in-first-out order
          outcome 1: 1 schedule, first in, first out
          stopped: the process could not start fresh for schedule 2: the schedule before it left a timer on DispatchSourceTimer on DispatchQueue.main (work of `#1 send connectSource`); first-in-first-out order leaves a new process so too, so schedules 2 to 5 were not run
        1 schedule, 1 outcome, 0 failed

        """)
  }
}
