import Foundation
import Synchronization
import Testing

@testable import Scenario

/// The sandbox's real folder spelled `/sandbox` in what a transcript shows, whatever kind of
/// string holds it.
@Suite("Sandbox paths")
struct SandboxPathTests {
  let root = "/dev/shm/vmrepl-sandbox-4242"

  @Test("the sandbox's folder is shown as /sandbox wherever a string holds it, and a string that only comes near it is left as it is")
  func shown() {
    let cases: [(String, String)] = [
      ("\(root)/home/Documents/draft.txt", "/sandbox/home/Documents/draft.txt"),
      ("file://\(root)/tmp/a and file://\(root)/tmp/b", "file:///sandbox/tmp/a and file:///sandbox/tmp/b"),
      ("https://github.com/apple/swift-nio", "https://github.com/apple/swift-nio"),
      ("/dev/shm/vmrepl-sandbox-424", "/dev/shm/vmrepl-sandbox-424"),
      ("/dev/shm/vmrepl-sandbox-4243/home", "/dev/shm/vmrepl-sandbox-4243/home"),
      ("/", "/"),
      ("", ""),
      ("é \(root)", "é /sandbox"),
    ]
    for (text, expected) in cases {
      #expect(Storage.shown(text, root: root) == expected)
      // A string Foundation made (not a native Swift string) takes the other path.
      let bridged = NSString(string: text).appending("")
      #expect(Storage.shown(bridged, root: root) == expected)
    }
    #expect(Storage.shown("\(root)/x", root: nil) == "\(root)/x")
  }

  @Test("an address in what a view-model prints or logs is spelled 0x…; a colour, a byte or a short hex number is kept")
  func addresses() {
    #expect(Event.printed("CHECK 1: <Thread: 0x00007f4304002420>").shown(sandbox: nil) == .printed("CHECK 1: <Thread: 0x…>"))
    #expect(Event.logged(level: "info", category: "", message: "at 0x558d4f7c7fe0 and 0x7f43") .shown(sandbox: nil)
      == .logged(level: "info", category: "", message: "at 0x… and 0x7f43"))
    #expect(Event.withoutAddresses("0xFF00FF 0x1f 0x12345678 0x") == "0xFF00FF 0x1f 0x12345678 0x")
    #expect(Event.printed("\(root)/a at 0x000055924b772fe0").shown(sandbox: root) == .printed("/sandbox/a at 0x…"))
  }

  /// Lines a view-model printed, handed over once.
  final class Printed: PrintSource {
    let lines: Mutex<[String]>
    init(_ lines: [String]) { self.lines = Mutex(lines) }
    func collect() -> [String] { lines.withLock { taken in defer { taken = [] }; return taken } }
  }

  @Test("what the view-model printed reaches the transcript as every event does: its address 0x…, the sandbox /sandbox")
  func printedThroughTheSink() {
    let sink = EventSink(prints: Printed(["CHECK 1: <Thread: 0x00007f4304002420> in \(root)/tmp"]), sandbox: root, now: { .zero })
    sink.collectPrints()
    #expect(sink.take().map(\.event) == [.printed("CHECK 1: <Thread: 0x…> in /sandbox/tmp")])
  }
}
