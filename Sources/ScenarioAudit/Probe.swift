/// One thing a user does in an audit's sequence: an action sent or a property set.
package struct ProbeStep: Sendable, Equatable, Hashable, Codable {
  /// The line that does it: `send load`, `set query "swift"`.
  package var line: String
  /// The action or property it names.
  package var name: String
  /// The row a list of the state must have for a view to send this (the value of an index
  /// parameter: `send deleteChore index=1`); nil when the step needs no row.
  package var row: Int? = nil
}

/// How a probe delivers its steps.
package enum ProbeMode: String, Sendable, Codable {
  /// Each step, then every request it made answered and time moved on, before the next.
  case settled
  /// Every step at once, as quick taps; then the answers.
  case quick
  /// Each step, then time moved on past its timers (a debounce fires, its request goes out)
  /// with nothing answered; then every answer, oldest first: a user typing on while the
  /// answer to what they typed before is slow.
  case paused
}

/// How a probe answers requests.
package enum ProbeAnswer: String, Sendable, Codable, CaseIterable {
  /// 200 with a body that decodes into the type the path names.
  case ok
  /// 200 with empty lists.
  case empty
  /// A server error: 500.
  case serverError
  /// No network: `error=offline`.
  case offline
  /// 200 with the values at their edge: numbers 0, strings empty, booleans false, each list of
  /// one element (identities as with data): what `0...count - 1` or `total / count` traps on.
  case boundary
}

/// One run of a model under `audit`: which steps, delivered how, answered how, and whether the
/// screen is left afterwards.
package struct ProbeSpec: Sendable, Equatable, Codable {
  package var model: String
  package var steps: [ProbeStep]
  package var mode: ProbeMode
  package var answer: ProbeAnswer
  /// Whether pending requests are answered newest first.
  package var newestFirst = false
  /// Whether the screen is cleaned up (the model's cleanup actions) and left at the end.
  package var leaves = false
  /// The cleanup actions to send before leaving.
  package var cleanup: [ProbeStep] = []
  /// `stub` lines run before `use` (the model's surface's `answers`).
  package var answers: [String] = []
  /// Stand-ins that throw, made to throw (`stub MEMBER error=...` after `use`): the failing
  /// probes' stand-ins of a server the app's code calls in place of URLSession (mastodon's
  /// `AppContext.apiService`), as its requests would fail offline.
  package var failingStandIns: [String] = []
  /// For an action offered only in some states, the first step of each action that may open its
  /// gate, in the registration's order (`ModelSurface.openers`).
  package var openers: [Opener] = []
  /// Whether it runs in a process that ran nothing before it (to confirm what the oracles found:
  /// a model's other probes share a process, and a singleton of the app's carries their state).
  package var alone = false
}

/// The steps that may make a view offer `action` (`ProbeSpec.openers`).
package struct Opener: Sendable, Equatable, Codable {
  package var action: String
  package var steps: [ProbeStep]
}

/// A leaf of a view state: its path and its value as an `expect` line writes it.
package struct StateLeaf: Sendable, Equatable, Codable {
  package var path: String
  package var value: String
}

/// A write off the main thread a view observes.
package struct ProbeWarning: Sendable, Equatable, Codable {
  package var paths: [String]
  package var text: String
  /// `published` or `observation`.
  package var observation: String
  /// The code that wrote it, with its line when known.
  package var job: String
}

/// What a probe saw.
package struct ProbeResult: Sendable, Equatable, Codable {
  /// The scenario's lines, as run.
  package var lines: [String]
  /// How many of `lines` are the steps and their answers: the cleanup and `leave` come after.
  package var stepLines = 0
  /// The state once the model was made (and connected), as leaves.
  package var initial: [StateLeaf]
  /// The state at the end (before leaving), as leaves.
  package var final: [StateLeaf]
  /// One step at a time, of two or more: the state once the first step settled.
  package var afterFirst: [StateLeaf]? = nil
  /// Whether nothing was armed or waiting for an answer at the end (before leaving).
  package var atRest: Bool
  /// How many requests the steps made.
  package var requests: Int
  /// How many sends changed nothing and left no work (a guard that ignored a quick tap).
  package var ignored = 0
  /// Work still running at the end, apart from the view's lifecycle work (before leaving).
  package var workLeft: [String]
  /// After leaving: work still running or armed, and whether the model was freed.
  package var leftBehind: [String]
  /// After leaving: whether some work left waits only on stand-ins nobody answered (left out of
  /// `leftBehind`): what holds the model then is vmrepl's seam, not known to be the app's.
  package var waitsOnStandIns = false
  package var freed: Bool?
  /// For a model still alive after leaving with nothing running: whether making it again gave
  /// the same object (an instance the app keeps, `static let shared`), nil when not asked.
  package var keptOnPurpose: Bool? = nil
  package var warnings: [ProbeWarning]
  /// Plain properties written off the main thread only in barrier blocks of a concurrent queue
  /// (GPTEncoder's `AtomicDict`): no warning, since reads through the queue wait for them.
  package var barrierWrites: [String] = []
  /// Times the main thread was blocked while other threads ran (a semaphore, a group, a lock):
  /// each warning's line, and what it waited on.
  package var mainBlocks: [(waitingOn: String, text: String)] {
    get { blocks.map { ($0.job, $0.text) } }
    set { blocks = newValue.map { ProbeWarning(paths: [], text: $0.text, observation: "blocked", job: $0.waitingOn) } }
  }
  package var blocks: [ProbeWarning] = []
  /// Lines that failed (an action that threw, a rejected answer), with their errors.
  package var errors: [String]
  /// The steps not sent because no view offered their action then, each with the condition the
  /// views put on it (`send createDirectChat: .sheet(item: $context.inviteConfirmationUser)`).
  package var notOffered: [String] = []
  /// The steps sent first so that a view offers the next (`ProbeSpec.openers`), each with the
  /// action it opened: `send select option=1` for `postVotes`.
  package var opened: [Opened] = []

  /// A step a probe sent because a gated step's view needed it first.
  package struct Opened: Sendable, Equatable, Codable {
    package var line: String
    package var action: String
  }
  /// How each request was answered, and where the answer's type came from (`audit --explain`).
  package var answers: [String] = []
  /// How many answers with data no type of the app shaped (`{}`), which the code may not decode.
  package var untypedAnswers = 0
  /// Whether the HTTP answer given last was a write's that no code its task ran is known to
  /// decode (the step checks its status at most): arriving last, it overwrote nothing with data.
  package var lastAnswerUnread = false
  /// The callbacks adopt made to do nothing (`OnboardingDeviceNameRequest.onSave`) that the
  /// steps called: what the app's caller would do then (reset a flag, close the screen) did not
  /// happen, so state the caller owns proves nothing.
  package var callbacks: [String] = []
  /// Actions' tasks still running at rest whose `await` found nothing that can resume them (a
  /// continuation nobody resumes): each effect's number and what `await` said of it.
  package var stuck: [StuckSend] = []
  /// The stand-ins that can throw which the model called, in the order first called: the
  /// failing probes make them throw (`ProbeSpec.failingStandIns`).
  package var throwingStandIns: [String] = []
  /// The requests out more than once at once when the quick steps were done (a write a double
  /// tap sent twice), by dependency and what they asked.
  package var repeated: [RepeatedRequest] = []
}

/// One request out several times at once after a probe's quick steps: the same call of a
/// stood-in service (`leave()`), or the same HTTP request, sent again before the first's answer.
package struct RepeatedRequest: Sendable, Equatable, Codable {
  /// The dependency (`http`, `LeaveSpaceHandleProxy.leave`).
  package var dependency: String
  /// What each asked, without why a stand-in stands in (`leave()`, `POST https://.../favourite`).
  package var request: String
  /// How many were out at once.
  package var copies: Int
  /// How many requests the dependency had been sent since the `use`, these included.
  package var sent: Int
  /// The probe's lines through its steps: the scenario that shows it.
  package var lines: [String]

  package init(dependency: String, request: String, copies: Int, sent: Int, lines: [String]) {
    self.dependency = dependency
    self.request = request
    self.copies = copies
    self.sent = sent
    self.lines = lines
  }
}

/// An action's task that can never end: what `await #N` said once the probe's steps settled.
package struct StuckSend: Sendable, Equatable, Codable {
  /// The effect's number (`#2`), as the scenario's `await #2` names it.
  package var effect: Int
  /// The action (`bookmark`).
  package var action: String
  /// `await`'s line for it: where its task is suspended and that nothing can resume it.
  package var text: String

  package init(effect: Int, action: String, text: String) {
    self.effect = effect
    self.action = action
    self.text = text
  }
}

/// What running a sequence's quick taps under other schedules found: the fewest departures
/// from first-in-first-out order that make a check fail, and the checks that failed.
package struct ScheduleFinding: Sendable, Equatable, Codable {
  /// The `schedule` line that pins it.
  package var pin: String
  /// The lines whose checks failed under it (`expect count == 2`), each with its error.
  package var failed: [(line: String, error: String)] {
    zip(lines, errors).map { ($0, $1) }
  }
  package var lines: [String]
  package var errors: [String]

  package init(pin: String, lines: [String], errors: [String]) {
    self.pin = pin
    self.lines = lines
    self.errors = errors
  }
}
