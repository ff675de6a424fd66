import Foundation
import Synchronization
import Testing

@testable import Scenario
@testable import ScenarioScripting

/// Files held in memory: what the layers under the front end read and write reaches only this.
private final class MemoryFiles: FileAccess {
  let files: Mutex<[String: Data]>

  init(_ files: [String: Data] = [:]) { self.files = Mutex(files) }

  func contents(atPath path: String) throws(FileFailure) -> Data {
    guard let data = files.guarded({ $0[path] }) else { throw .missing }
    return data
  }

  func write(_ data: Data, toPath path: String) throws(FileFailure) { files.guarded { $0[path] = data } }

  func entries(ofFolder path: String) throws(FileFailure) -> [String] {
    let inside = files.guarded { $0.keys.filter { $0.hasPrefix(path + "/") } }
    guard !inside.isEmpty else { throw .missing }
    return inside.map { String($0.dropFirst(path.count + 1)) }.sorted()
  }

  func copy(_ source: String, to target: String) throws(FileFailure) {
    try write(contents(atPath: source), toPath: target)
  }
}

/// The files a scenario names (cassettes, `body=@FILE`) are read through the `FileAccess` the
/// front end hands in, and a session without one says so rather than calling a file missing.
@Suite("File access")
struct FileAccessTests {
  private func openError(_ files: any FileAccess) -> String? {
    do {
      _ = try Cassette(path: "/scenarios/api.json", recording: false, files: files)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("a cassette is read through the file access it is given")
  func cassetteRead() {
    #expect(openError(MemoryFiles(["/scenarios/api.json": Data(#"{"exchanges":[]}"#.utf8)])) == nil)
    #expect(openError(MemoryFiles()) == "no cassette at /scenarios/api.json; record one with `use MODEL http=record:FILE`")
    #expect(
      openError(MemoryFiles(["/scenarios/api.json": Data("[1]".utf8)]))?
        .hasPrefix("the cassette /scenarios/api.json is not one vmrepl wrote: ") == true)
  }

  @Test("without file access, a file is not called missing: the error says there is no access")
  func noAccess() {
    #expect(
      openError(NoFileAccess())
        == "could not read the cassette /scenarios/api.json: this session was made without file access (only the front end reads and writes files)")
  }

  @Test("a cassette to record into reads nothing when it opens")
  func recordingReadsNothing() throws {
    let files = MemoryFiles()
    _ = try Cassette(path: "/scenarios/new.json", recording: true, files: files)
    #expect(files.files.guarded { $0.isEmpty })
  }
}
