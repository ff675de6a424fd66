import Foundation
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
}
