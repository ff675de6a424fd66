import Processes
import Testing

@Suite("a child whose outputs go to this process's standard error, as audit runs adopt")
struct ChildProcessOntoErrorsTests {
  @Test("its exit status, 128 + the signal that ended it, and 127 when it cannot start")
  func statuses() {
    #expect(ChildProcess.runOntoStandardError("/bin/sh", ["-c", "echo to-stderr; exit 3"]) == 3)
    #expect(ChildProcess.runOntoStandardError("/bin/sh", ["-c", "kill -9 $$"]) == 137)
    #expect(ChildProcess.runOntoStandardError("/nonexistent/tool", []) == 127)
  }
}
