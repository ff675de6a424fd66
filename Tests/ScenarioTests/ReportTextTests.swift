import Simulation
import Testing

@testable import Scenario

/// What a step looks like in the history, the transcript and JSON lines, from values alone.
@Suite("Report text")
struct ReportTextTests {
  /// A `use` that started the model, then a step that started and ended effects, moved time,
  /// changed the state and failed.
  static func steps() -> (use: StepResult, send: StepResult) {
    var use = StepResult(line: 1, source: "use refresh work=2s")
    use.command = .session(.use(model: Located(value: "refresh", column: 5), options: []))
    use.events = [TimedEvent(time: .zero, event: .modelStarted(model: "refresh", type: "RefreshViewModel", options: "work=2s"))]
    use.state = .record(type: "RefreshViewModel", fields: [.init(name: "count", value: .int(0))])
    use.showsState = true
    var send = StepResult(line: 2, source: "await send refresh")
    send.events = [
      TimedEvent(time: .zero, event: .effectStarted(id: 1, action: "send refresh")),
      TimedEvent(time: .seconds(2), event: .effectEnded(id: 1, action: "send refresh", status: .finished, error: nil)),
      TimedEvent(time: .seconds(2), event: .timeMoved(from: .zero, to: .seconds(2))),
    ]
    send.startTime = .zero
    send.time = .seconds(2)
    send.previousState = use.state
    send.state = .record(type: "RefreshViewModel", fields: [.init(name: "count", value: .int(1))])
    send.changes = ["count"]
    send.showsState = true
    send.error = ScenarioError(.expectationFailed(claim: "count == 2", actual: "1"), line: 2)
    return (use, send)
  }

  @Test("the history sums a step up in one line: the model, effects, time, changes, the error")
  func summaries() {
    let (use, send) = Self.steps()
    #expect(Timeline.summary(of: use) == "model refresh")
    #expect(
      Timeline.summary(of: send)
        == "#1 started; #1 finished; time 0.000s -> 2.000s; changed count; error: expectation failed: count == 2, but it is 1")
    #expect(Timeline.summary(of: StepResult(line: 3, source: "state")) == "no change")
  }

  @Test("the transcript: echo, timed events, the state with its change marked, the error")
  func transcript() {
    let (use, send) = Self.steps()
    let renderer = TranscriptRenderer(echo: true, errorsInline: true)
    #expect(
      renderer.render(use).output
        == "> use refresh work=2s\nmodel refresh (RefreshViewModel) with work=2s\nstate:\n  RefreshViewModel(\n    count: 0\n  )\n")
    #expect(
      renderer.render(send).output
        == """
        > await send refresh
        [0.000s] effect #1 started: send refresh
        [2.000s] effect #1 finished: send refresh
        time 0.000s -> 2.000s
        state:
          RefreshViewModel(
        -   count: 0
        +   count: 1
          )
        error: line 2: expectation failed: count == 2, but it is 1

        """)
  }

  @Test("JSON lines: the model's start is a note, as it always was, with the same text")
  func jsonLines() {
    let (use, _) = Self.steps()
    let line = JSONLinesRenderer.render(use)
    #expect(line.contains(#""events":[{"kind":"note","time":"0.000s","text":"model refresh (RefreshViewModel) with work=2s"}]"#))
    #expect(
      JSON.write(JSONLinesRenderer.node(TimedEvent(time: .seconds(1), event: .departure("3:2 ran `b` instead of `a`"))))
        == #"{"kind":"note","time":"1.000s","text":"schedule: 3:2 ran `b` instead of `a`"}"#)
  }

  @Test("JSON lines: hidden work's waits and a warning's subject as data, beside the same words")
  func waitsAndWarningsAsData() {
    let pending = Event.backgroundPending(
      origin: WorkOrigin(command: "send refresh"),
      waits: [.timer(clock: "ContinuousClock", until: .seconds(3)), .request(dependency: "http", id: "r1", description: "GET /items")])
    #expect(
      EventText.line(for: pending)
        == "background work from `send refresh` is still running, and nothing can await or cancel it; waits on ContinuousClock sleep until 3.000s, a response to http #r1 (GET /items)")
    #expect(
      JSON.write(JSONLinesRenderer.node(TimedEvent(time: .seconds(1), event: pending)))
        == #"{"kind":"backgroundPending","time":"1.000s","origin":"send refresh","waitingOn":"ContinuousClock sleep until 3.000s, a response to http #r1 (GET /items)","waits":[{"kind":"timer","clock":"ContinuousClock","until":"3.000s"},{"kind":"request","dependency":"http","request":"r1","description":"GET /items"}]}"#)
    let unseen = Event.backgroundPending(origin: WorkOrigin(command: "connect"), waits: [.unseen])
    #expect(JSON.write(JSONLinesRenderer.node(TimedEvent(time: .zero, event: unseen))).contains(#""waits":[{"kind":"unseen"}]"#))
    let warning = Event.warning("the view-model used NotificationCenter, which vmrepl does not run on virtual time", about: .unsupportedSource(source: "NotificationCenter"))
    #expect(
      JSON.write(JSONLinesRenderer.node(TimedEvent(time: .zero, event: warning)))
        == #"{"kind":"warning","time":"0.000s","text":"the view-model used NotificationCenter, which vmrepl does not run on virtual time","about":"unsupportedSource","source":"NotificationCenter"}"#)
  }

  @Test("a deadlock report's lines and its stuck work as data say the same")
  func stuckWork() {
    let effect = StuckWork(
      subject: .effect(id: 1, action: "send load", suspendedIn: "Loader.load() at Sources/Loader.swift:12", lifecycle: false),
      waits: [.request(dependency: "http", id: "r1", description: "GET /items")])
    #expect(effect.line == "  #1 send load (suspended in Loader.load() at Sources/Loader.swift:12) waits on a response to http #r1 (GET /items); answer it with `respond http #r1 ...`")
    #expect(
      JSON.write(effect.node)
        == #"{"effect":1,"action":"send load","suspendedIn":"Loader.load() at Sources/Loader.swift:12","lifecycle":false,"waits":[{"kind":"request","dependency":"http","request":"r1","description":"GET /items"}]}"#)
    let lifecycle = StuckWork(subject: .effect(id: 2, action: "connect", suspendedIn: nil, lifecycle: true), waits: [])
    #expect(lifecycle.line == "  #2 connect waits on nothing that can resume it: no timer, no pending request (a continuation nobody resumes, or a stream nobody feeds); it is the view's lifecycle work, which ends when the view goes away (`disconnect`)")
    let thread = StuckWork(subject: .thread(name: "Thread 1 (work of `send start`)"), waits: [.thread(name: "Thread 1", blockedIn: "NSLock.lock()")])
    #expect(thread.line == "  Thread 1 (work of `send start`) is blocked in NSLock.lock()")
    #expect(JSON.write(thread.node) == #"{"thread":"Thread 1 (work of `send start`)","waits":[{"kind":"thread","thread":"Thread 1","blockedIn":"NSLock.lock()"}]}"#)
  }
}

/// What audit counts as the app's work left after leaving a screen.
@Suite("Work left on stand-ins")
struct StandInWaitTests {
  @Test("work that waits only on stand-ins nobody answered is not the app's to have left running; a timer or an http request beside one is")
  func onlyOnStandIns() {
    // home-assistant's NotificationSoundsViewModel: a body adopt made a seam, waiting for `respond`.
    let seam = Wait.request(dependency: "NotificationSoundsViewModel.importSystemSounds", id: "r1", description: "importSystemSounds()")
    let http = Wait.request(dependency: "http", id: "r2", description: "GET /api/states")
    let standIns: Set<String> = ["NotificationSoundsViewModel.importSystemSounds"]
    #expect(Wait.onlyOn(standIns, [seam]))
    #expect(!Wait.onlyOn(standIns, [seam, http]))
    #expect(!Wait.onlyOn(standIns, [seam, .timer(clock: "ContinuousClock", until: .seconds(5))]))
    #expect(!Wait.onlyOn(standIns, [.unseen]))
    #expect(!Wait.onlyOn(standIns, []))
  }
}
