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
