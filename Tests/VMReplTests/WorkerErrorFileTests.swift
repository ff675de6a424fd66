import Foundation
import Testing

@testable import VMReplCLI

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// A worker's standard error in a file: what `replay` and `explore` read when the worker died.
@Suite("A worker's standard error file")
struct WorkerErrorFileTests {
  private static func write(_ text: String, to file: WorkerErrorFile) throws {
    let descriptor = file.descriptorForWorker()
    defer { try? descriptor.close() }
    _ = try descriptor.writeAll(Array(text.utf8))
  }

  @Test("the lines from the last scenario's marker on, an unfinished last line too")
  func linesSinceLastMarker() throws {
    let file = WorkerErrorFile()
    try Self.write("vmrepl-scenario: a.scenario\nvmrepl-step: line 1: use x\n", to: file)
    try Self.write("vmrepl-scenario: b.scenario\nvmrepl-step: line 2: send trap\nFatal error: trapped", to: file)
    #expect(file.lines == ["vmrepl-scenario: b.scenario", "vmrepl-step: line 2: send trap", "Fatal error: trapped"])
  }

  @Test("an exploration's schedule and shrinking markers start over too; nothing written reads as no lines")
  func scheduleMarkers() throws {
    #expect(WorkerErrorFile().lines.isEmpty)
    let file = WorkerErrorFile()
    try Self.write("vmrepl-scenario: a.scenario\nvmrepl-schedule: 3\nvmrepl-departure: 4:1\nvmrepl-shrinking\nvmrepl-departure: 2:1\n", to: file)
    #expect(file.lines == ["vmrepl-shrinking", "vmrepl-departure: 2:1"])
  }
}
