import Testing

@testable import Scenario

@Suite("Log lines")
struct LogLineTests {
  @Test("a marked line is a log event; any other line is a print")
  func parsing() {
    let line = "\u{1E}vmrepl-log\u{1F}error\u{1F}com.example\u{1F}feed\u{1F}failed: offline"
    #expect(LogLine.event(forPrinted: line) == .logged(level: "error", category: "feed", message: "failed: offline"))
    #expect(LogLine.event(forPrinted: "hello") == .printed("hello"))
    #expect(LogLine.event(forPrinted: "\u{1E}vmrepl-log\u{1F}broken") == .printed("\u{1E}vmrepl-log\u{1F}broken"))
  }

  @Test("the transcript line names the category and any level but notice")
  func text() {
    #expect(EventText.line(for: .logged(level: "notice", category: "feed", message: "loaded")) == "log: [feed] loaded")
    #expect(EventText.line(for: .logged(level: "error", category: "feed", message: "failed")) == "log: [feed] error: failed")
    #expect(EventText.line(for: .logged(level: "info", category: "", message: "hi")) == "log: info: hi")
  }
}
