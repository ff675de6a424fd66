import Foundation
import Processes
import Testing

/// A child that ends before it reads its input made the write fail with a SIGPIPE that ended
/// the whole test process (CI's `swift test` died after 8 s): the write's failure is now the
/// writer's to handle, and the child's end is the result.
@Suite("a child that ends without reading its input")
struct BrokenPipeTests {
  /// More than a pipe holds, so the write is still going when the child ends.
  static let input = String(repeating: "send refresh\n", count: 100_000)

  @Test("run: the child's status and output, and this process goes on")
  func asyncRun() async throws {
    let result = try await ChildProcess.run("/bin/sh", ["-c", "echo gone; exit 3"], input: Self.input)
    #expect(result.status == 3)
    #expect(result.output == "gone\n")
  }

  @Test("runBlocking: the child's status and output, and this process goes on")
  func blockingRun() {
    let result = ChildProcess.runBlocking("/bin/sh", ["-c", "echo gone; exit 3"], input: Self.input)
    #expect(result.status == 3)
    #expect(result.output == "gone\n")
  }

  @Test("children still end on a broken pipe of their own (`yes | head` ends, silently)")
  func childrenKeepTheDefault() async throws {
    let blocking = ChildProcess.runBlocking("/bin/sh", ["-c", "yes | head -n 1"])
    #expect(blocking.output == "y\n")
    #expect(blocking.errors == "")
    let async = try await ChildProcess.run("/bin/sh", ["-c", "yes | head -n 1"], limit: .seconds(60))
    #expect(async.output == "y\n")
    #expect(async.errors == "")
  }
}

/// A child that trapped left Swift's backtracer running, holding its output open: `audit`, which
/// read that output to its end, waited nine minutes. Reading ends with the child now, and a
/// limited child's whole process group ends at its limit.
@Suite("a child whose output outlives it")
struct OutlivedOutputTests {
  @Test("runBlocking returns soon after the child ends, though a process it started holds its output")
  func childEndsFirst() {
    let started = ContinuousClock.now
    let result = ChildProcess.runBlocking("/bin/sh", ["-c", "sleep 600 & echo $!; echo said >&2"])
    let sleeper = Int32(result.output.dropLast()) ?? 0
    #expect(sleeper > 0)
    kill(sleeper, SIGKILL)
    #expect(result.status == 0)
    #expect(result.errors == "said\n")
    #expect(result.timedOut == false)
    // Against a hang, not a speed figure: the sleep would hold the pipes for ten minutes.
    #expect(ContinuousClock.now - started < .seconds(300))
  }

  @Test("at its limit the child and what it started are killed, and the result says so")
  func limitKillsTheGroup() throws {
    let marker = FileManager.default.temporaryDirectory.appendingPathComponent("outlived-\(getpid())").path
    try? FileManager.default.removeItem(atPath: marker)
    let result = ChildProcess.runBlocking(
      "/bin/sh", ["-c", "(sleep 3; touch \"$0\") & echo started; sleep 600", marker], limit: .seconds(1))
    #expect(result.timedOut)
    #expect(result.signal == SIGKILL)
    #expect(result.output == "started\n")
    // The grandchild was in the child's group: killed too, it never writes its marker.
    Thread.sleep(forTimeInterval: 4)
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  @Test("a limited child that ends in time is not marked and keeps its status")
  func limitNotReached() {
    let result = ChildProcess.runBlocking("/bin/sh", ["-c", "echo fine; exit 4"], limit: .seconds(60))
    #expect(result.timedOut == false)
    #expect(result.status == 4)
    #expect(result.output == "fine\n")
  }
}
