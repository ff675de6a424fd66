import Testing

@testable import AppleOSLog

@Suite("OSLog on Linux")
struct OSLogTests {
  @Test("interpolated values are redacted as on a device: strings private, numbers public")
  func defaultPrivacy() {
    let user = "ann"
    let count = 3
    let ratio = 0.5
    let message: OSLogMessage = "user \(user) has \(count) items, \(ratio), done: \(true)"
    #expect(message.text == "user <private> has 3 items, 0.500000, done: true")
  }

  @Test("privacy written at the value wins over the default")
  func explicitPrivacy() {
    let user = "ann"
    let count = 3
    let message: OSLogMessage = "\(user, privacy: .public) \(count, privacy: .private) \(user, privacy: .private(mask: .hash)) \(user, privacy: .sensitive)"
    #expect(message.text == "ann <private> <mask.hash> <private>")
  }

  @Test("integer, float and Bool formats, and alignment")
  func formats() {
    let message: OSLogMessage = "\(255, format: .hex) \(255, format: .hex(includePrefix: true, uppercase: true)) \(7, format: .decimal(minDigits: 3)) \(3.14159, format: .fixed(precision: 2)) \(true, format: .answer) [\("ab", align: .right(columns: 4), privacy: .public)]"
    #expect(message.text == "ff 0xFF 007 3.14 YES [  ab]")
  }

  @Test("a CustomStringConvertible value is private by default; an error's description made public shows")
  func describedValues() {
    struct Failure: Error, CustomStringConvertible { var description: String { "offline" } }
    let failure = Failure()
    let message: OSLogMessage = "\(failure) / \(failure, privacy: .public) / \(Int.self, privacy: .public)"
    #expect(message.text == "<private> / offline / Int")
  }

  @Test("os_log formats: %@ and %s private unless public, numbers public unless private, %% kept")
  func printfFormats() {
    #expect(LogFormat.render("a %@ b %{public}@ c %d d %{private}d e %.2f f %% g %ld", ["x", "y", 4, 5, 2.5, 6]) == "a <private> b y c 4 d <private> e 2.50 f % g 6")
    #expect(LogFormat.render("%{public, private}s and %{ public }@", ["p", "q"]) == "p and q")
    #expect(LogFormat.render("missing %d", []) == "missing <missing argument>")
    #expect(LogFormat.render("hex %x %lu", [255, 7]) == "hex ff 7")
  }

  @Test("levels are named as Console names them")
  func levelNames() {
    #expect([OSLogType.default, .info, .debug, .error, .fault].map(\.name) == ["notice", "info", "debug", "error", "fault"])
  }
}
