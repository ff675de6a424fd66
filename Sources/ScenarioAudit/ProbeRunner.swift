import Foundation
package import Scenario
import ScenarioLanguage
import ScenarioScripting
import Simulation
import StandInSupport

/// Runs one probe of `audit` in a session of this process: the lines a user would type, and
/// the answers, chosen as the requests come; what it saw, and the lines, which are the scenario.
@MainActor
package struct ProbeRunner {
  /// The app's types answers are made from.
  package var responses: ResponseTypes
  /// How many rounds of answering and moving time on settle a step.
  package var rounds = 6
  /// Told each line before it runs (a worker writes it where a trap leaves it behind).
  package var willRun: (String) -> Void = { _ in }
  /// How long, after leaving, work the screen started is given to end.
  package static let afterLeaving = "advance 60s"

  package init(responses: ResponseTypes) {
    self.responses = responses
  }

  /// Runs `spec` in `timeline`'s session (fresh, made for it).
  package func run(_ spec: ProbeSpec, in timeline: Timeline) -> ProbeResult {
    var probe = Run(timeline: timeline, spec: spec, responses: responses, rounds: rounds, willRun: willRun)
    return probe.run()
  }

  /// The model's surface, read from a session on it, made after the `stub` lines `answers`.
  ///
  /// A stand-in the model's `init` calls that returns a `Bool`, a number or a string (by its
  /// signature, or for a value the `init` assigns, by its declaration's `returns`) and that
  /// nobody answered fails `use`: then `retry` is the `stub` line that answers it with `false`,
  /// `0` or `""` (as adopt's starter scenarios do), for the caller to make the model again in a
  /// new session, `answers` and it first (a stub given after a `use` is that model's, not the
  /// next one's). The surface keeps the lines: every probe, and every finding's scenario,
  /// starts with them.
  package static func surface(of model: String, answers: [String] = [], in timeline: Timeline) -> (surface: ModelSurface?, error: String?, retry: String?) {
    for answer in answers {
      if let error = timeline.execute(answer).error { return (nil, error.message, nil) }
    }
    let result = timeline.execute("use \(model)")
    if let error = result.error {
      if answers.count < 8, case .standInUnanswered(let member, let signature) = error.reason,
        let zero = zeroAnswer(returning: signature) ?? StandIns.declared.first(where: { $0.member == member })?.returns.flatMap({ zeroAnswer(returning: "-> \($0)") }),
         !answers.contains(where: { $0.hasPrefix("stub \(member) ") }) {
        return (nil, error.message, "stub \(member) value=\(zero)")
      }
      return (nil, error.message, nil)
    }
    var surface = timeline.session.surface
    surface?.answers = answers
    return (surface, nil, nil)
  }

  /// The return type a stand-in's `signature` declares: what follows a function's arrow
  /// (`Result<Void, ClientProxyError>`), a property's type (`var size: Result<UInt, E> { get async }`);
  /// nil for none.
  nonisolated package static func returnType(of signature: String) -> String? {
    if let arrow = signature.range(of: "->", options: .backwards) {
      return signature[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
    }
    guard signature.hasPrefix("var ") || signature.contains(" var "), let colon = signature.firstIndex(of: ":") else { return nil }
    let rest = signature[signature.index(after: colon)...]
    return String(rest.prefix { $0 != "{" }).trimmingCharacters(in: .whitespaces)
  }

  /// The success and failure types of a `Result<S, F>` as written, nil for any other type.
  nonisolated package static func resultParts(ofReturnType type: String?) -> (success: String, failure: String)? {
    guard var text = type else { return nil }
    if text.hasPrefix("Swift.") { text.removeFirst("Swift.".count) }
    guard text.hasPrefix("Result<"), text.hasSuffix(">") else { return nil }
    let inner = text.dropFirst("Result<".count).dropLast()
    var depth = 0
    for index in inner.indices {
      switch inner[index] {
      case "<", "[", "(": depth += 1
      case ">", "]", ")": depth -= 1
      case "," where depth == 0:
        return (inner[..<index].trimmingCharacters(in: .whitespaces), inner[inner.index(after: index)...].trimmingCharacters(in: .whitespaces))
      default: break
      }
    }
    return nil
  }

  /// The value a probe answers a stood-in `Result`'s success of a flag or a number with: `true`
  /// and 1 with data, `false` and 0 otherwise; nil for any other type.
  nonisolated package static func scalarAnswer(_ type: String, withData: Bool) -> String? {
    switch type {
    case "Bool": withData ? "true" : "false"
    case "Int", "UInt", "Int64", "UInt64", "Int32", "UInt32", "Double", "Float": withData ? "1" : "0"
    default: nil
    }
  }

  /// Whether a type as written has the default a stand-in returns unasked: `()`, nil, empty.
  nonisolated package static func hasDefault(_ type: String) -> Bool {
    type == "Void" || type == "()" || type == "String" || type.hasSuffix("?") || type.hasSuffix("!")
      || (type.hasPrefix("[") && type.hasSuffix("]")) || type.hasPrefix("Set<") || type.hasPrefix("Array<") || type.hasPrefix("Dictionary<")
  }

  /// Whether a stand-in declared `signature` (`func suggestions(limit: Int) async throws ->
  /// [Account]`) can throw.
  nonisolated package static func `throws`(_ signature: String) -> Bool {
    // What follows the parameter list, up to the arrow: a closure parameter's own `throws`
    // (`map(_ transform: (Int) throws -> Int)`) is the closure's.
    guard let open = signature.firstIndex(of: "(") else { return false }
    var depth = 0
    var index = open
    while index < signature.endIndex {
      if signature[index] == "(" { depth += 1 }
      if signature[index] == ")" {
        depth -= 1
        if depth == 0 { break }
      }
      index = signature.index(after: index)
    }
    guard index < signature.endIndex else { return false }
    let rest = signature[signature.index(after: index)...]
    let effects = rest.range(of: "->").map { rest[..<$0.lowerBound] } ?? rest
    return effects.split(separator: " ").contains("throws")
  }

  /// `false`, `0` or `""` for a member whose signature (`var hasLoadedProducts: Bool`,
  /// `func podcastCount() -> Int`) returns a `Bool`, a number or a string; nil for anything else.
  nonisolated package static func zeroAnswer(returning signature: String) -> String? {
    let type: Substring
    if let arrow = signature.range(of: "->", options: .backwards) {
      type = signature[arrow.upperBound...]
    } else if signature.hasPrefix("var "), let colon = signature.firstIndex(of: ":") {
      type = signature[signature.index(after: colon)...]
    } else {
      return nil
    }
    let name = type.trimmingCharacters(in: .whitespaces)
    if name == "Bool" { return "false" }
    if name == "String" { return "\"\"" }
    let numbers: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "TimeInterval"]
    return numbers.contains(name) ? "0" : nil
  }
}

@MainActor
private struct Run {
  /// Where the probe's lines go; its session is what the probe reads between them.
  let timeline: Timeline
  var session: Session { timeline.session }
  let spec: ProbeSpec
  let responses: ResponseTypes
  let rounds: Int
  let willRun: (String) -> Void
  var lines: [String] = []
  var errors: [String] = []
  var notOffered: [String] = []
  var opened: [ProbeResult.Opened] = []
  var warnings: [ProbeWarning] = []
  var barrierWrites: [String] = []
  var mainBlocks: [(waitingOn: String, text: String)] = []
  var requests = 0
  var ignored = 0
  var answered: Set<String> = []
  /// The variant of each HTTP request's answer (`ResponseTypes.answer(variant:)`), by request.
  /// Requests out at the same time on resources whose routes end in the same word
  /// (`/authors/1/posts` and `/authors/2/posts`: ids are numbers, so both echo `posts`) would
  /// be answered alike, and a stale answer would leave the same state as a fresh one. So the
  /// resource asked for last keeps the plain echo and each other one out with it is numbered
  /// (`posts-2`), by start order, so
  /// that oldest first and newest first answer alike, and the newest answer, the one a screen
  /// should end with, is the one one-after-another gives. A request out alone is answered as
  /// ever: routes that differ only by an id the app took from an earlier answer (`/movie/0`,
  /// then `/movie/1`) must not make one-after-another and quick taps differ.
  var variants: [String: Int] = [:]
  /// The HTTP requests whose `respond` line names their server (`GET //b.social/api/...`):
  /// those out at the same time as another of the same route on another host (two accounts'
  /// servers), which a route alone would not tell apart.
  var hosted: Set<String> = []
  /// The version of the resource each HTTP request's answer shows (`ResponseTypes.answer(version:)`),
  /// by request: how many writes to its resource (`ResponseTypes.resource`) were sent before it
  /// or are it, as a server answers each request as the writes it has received left the
  /// resource. So a fetch sent before a vote answers the poll as it was, and one sent after it
  /// as the vote left it: a fetch's answer arriving after the vote's shows a stale poll, and
  /// one after another never does. The same write one after another (`writeKind`) counts once:
  /// a double-tapped favourite leaves the status as one tap does.
  var versions: [String: Int] = [:]
  /// For each resource written, how many versions its writes made, and the route of the last.
  var written: [String: (versions: Int, route: String)] = [:]
  var answers: [String] = []
  /// How many `ok` answers no type of the app shaped (`{}`, `[]`): what the code decodes them
  /// into is not known, so they may fail to decode where a server's would not.
  var untypedAnswers = 0
  var lastAnswerUnread = false
  /// The callbacks adopt passed the model (`onSave:`, closures that do nothing) that the steps
  /// called, in the order first called.
  var callbacks: [String] = []
  /// The members of the package's stand-ins that are such callbacks.
  let callbackMembers = Set(StandIns.declared.filter(\.isCallback).map(\.member))
  /// The members of the package's stand-ins that can throw (`async throws -> [Account]`).
  let throwingMembers = Set(StandIns.declared.filter { !$0.isCallback && !$0.isSample && ProbeRunner.throws($0.signature) }.map(\.member))
  /// Those the model called, in the order first called.
  var throwingCalled: [String] = []

  init(timeline: Timeline, spec: ProbeSpec, responses: ResponseTypes, rounds: Int, willRun: @escaping (String) -> Void) {
    self.willRun = willRun
    self.timeline = timeline
    self.spec = spec
    self.responses = responses
    self.rounds = rounds
  }

  mutating func run() -> ProbeResult {
    var result = ProbeResult(
      lines: [], initial: [], final: [], atRest: false, requests: 0, workLeft: [], leftBehind: [], freed: nil, warnings: [],
      errors: [])
    for answer in spec.answers { _ = execute(answer) }
    guard execute("use \(spec.model)") else {
      result.lines = lines
      result.errors = errors
      return result
    }
    // The server the stand-ins stand for fails as the requests do (after `use`: a stub given
    // then is this model's).
    let failure = spec.answer == .offline ? "offline" : "server error 500"
    for member in spec.failingStandIns { execute("stub \(member) error=\(CommandValue.quote(failure))") }
    // The state as the model starts, before its view's `.task` (`connect`): a loading flag
    // that work leaves set is set from there.
    result.initial = StateLeaves.of(session.currentState)
    if session.surface?.connects == true { execute("connect") }
    settle()
    requests = 0
    switch spec.mode {
    case .settled:
      for (index, step) in spec.steps.enumerated() where rowShown(for: step) && offered(step) {
        execute(step.line)
        settle()
        if index == 0, spec.steps.count > 1 { result.afterFirst = StateLeaves.of(session.currentState) }
      }
    case .quick:
      for step in spec.steps where rowShown(for: step) && offered(step) { execute(step.line) }
      result.repeated = repeatedRequests()
      settle()
    case .paused:
      for step in spec.steps where rowShown(for: step) && offered(step) {
        execute(step.line)
        for _ in 0..<rounds where session.hasArmedTimers { execute("advance 1s") }
      }
      settle()
    }
    result.final = StateLeaves.of(session.currentState)
    result.atRest = !session.hasArmedTimers && session.pendingRequestList.isEmpty
    result.workLeft = session.workLeft.filter { !$0.hasPrefix("effect #1 `connect`") }
    result.requests = requests
    result.stepLines = lines.count
    result.ignored = ignored
    result.lastAnswerUnread = lastAnswerUnread
    result.callbacks = callbacks
    if spec.mode == .settled, result.atRest { result.stuck = stuckSends() }
    if spec.leaves {
      // The screen goes: SwiftUI cancels its `.task`, whichever of the actions it runs a step
      // also started.
      let lifecycle = Set(session.surface?.lifecycleActions ?? [])
      for effect in session.runningSends where lifecycle.contains(effect.action) { execute("cancel #\(effect.id)") }
      for step in spec.cleanup where offered(step) { execute(step.line) }
      settle()
      lines.append("leave")
      willRun("leave")
      let left = timeline.execute("leave", line: lines.count)
      note(left)
      result.freed = left.output.first.map { $0.contains("was freed") }
      // Work the screen started is given its time to end: answered and waited for.
      settle()
      execute(ProbeRunner.afterLeaving)
      result.leftBehind = session.workLeftOfTheApp
      result.waitsOnStandIns = session.workLeft.count != result.leftBehind.count
      // Work that held the model when the screen went may have ended since, and let it go.
      if result.freed == false, !session.leftModelIsAlive { result.freed = true }
      if result.freed == false, result.leftBehind.isEmpty, !result.waitsOnStandIns {
        // Still alive with nothing of its own running: a retain cycle, or an instance the app
        // keeps on purpose (`static let shared`). Made again, a kept one is the same object.
        // Not a line of the probe's scenario: the check's alone.
        willRun("use \(spec.model)")
        let again = timeline.execute("use \(spec.model)", line: lines.count + 1)
        result.keptOnPurpose = again.error == nil ? session.reusedKeptModel : nil
      }
    }
    result.lines = lines
    result.errors = errors
    result.notOffered = notOffered
    result.opened = opened
    result.warnings = warnings
    result.barrierWrites = barrierWrites
    result.mainBlocks = mainBlocks
    result.answers = answers
    result.untypedAnswers = untypedAnswers
    result.throwingStandIns = throwingCalled
    return result
  }

  /// The actions' tasks still running once the steps settled with nothing armed or waiting for
  /// an answer, that `await` finds nothing can resume (a continuation nobody resumes). Not the
  /// view's `.task` work, nor a task waiting for the next element of a stream, which is
  /// meant to wait for as long as the screen is up. `await` is run as the check's own line, not
  /// one of the probe's scenario: nothing is ready and no timer is armed, so it moves nothing.
  mutating func stuckSends() -> [StuckSend] {
    let lifecycle = Set(session.surface?.lifecycleActions ?? [])
    let sends = session.runningSends.filter { !lifecycle.contains($0.action) }
    guard !sends.isEmpty else { return [] }
    let line = "await " + sends.map { "#\($0.id)" }.joined(separator: " ")
    willRun(line)
    let check = timeline.execute(line, line: lines.count + 1)
    guard case .deadlock(let details)? = check.error?.reason,
          case .object(let report)? = check.error?.report, case .array(let stuck)? = report.first(where: { $0.0 == "stuck" })?.1
    else { return [] }
    // What `await` found of each effect, as data: its number, where it is suspended, its waits.
    let waitingOnNothing: [Int: String] = stuck.reduce(into: [:]) { found, node in
      guard case .object(let fields) = node, case .number(let id)? = fields.first(where: { $0.0 == "effect" })?.1, let effect = Int(id),
            case .array(let waits)? = fields.first(where: { $0.0 == "waits" })?.1, waits.isEmpty
      else { return }
      if case .string(let place)? = fields.first(where: { $0.0 == "suspendedIn" })?.1 { found[effect] = place } else { found[effect] = "" }
    }
    let reported = details.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    return sends.compactMap { send in
      guard let place = waitingOnNothing[send.id],
            !["Iterator", "AsyncStream", "AsyncThrowingStream", "AsyncPublisher"].contains(where: place.contains),
            let text = reported.first(where: { $0.hasPrefix("#\(send.id) ") })
      else { return nil }
      return StuckSend(effect: send.id, action: send.action, text: text)
    }
  }

  /// Whether the screen shows the row `step` needs: a view sends a row's index only for a row
  /// it shows, so a step past the end of every list the model shows (an empty list's `delete
  /// at 0`) is not sent. The lists a screen shows are the model's own (`chores`) or its view
  /// state's (`uiState.items`), not those of an object it holds (ACHNBrowserUI's chore list
  /// holds the app's whole collection, whose daily tasks are another screen's rows).
  func rowShown(for step: ProbeStep) -> Bool {
    guard let row = step.row else { return true }
    return StateLeaves.of(session.currentState).contains { leaf in
      guard leaf.path.hasSuffix(".count"), (Int(leaf.value) ?? 0) > row else { return false }
      let owners = leaf.path.split(separator: ".").dropLast(2)
      return owners.isEmpty || (owners.count == 1 && owners[owners.startIndex].lowercased().hasSuffix("state"))
    }
  }

  /// Whether a view could take `step` now: an action the app's views offer only in some states
  /// (a button inside `if context.viewState.memberDetails != nil`, an alert's confirmation) is
  /// not sent outside them, since no user could (`Session.closedGate`).
  mutating func offered(_ step: ProbeStep) -> Bool {
    guard step.line.hasPrefix("send "), let condition = session.closedGate(of: step.name) else { return true }
    // A step that may open it first (a choice the vote needs), where a view offers that step now.
    // Sent quickly, the steps before it stay out: each opener is tried unanswered, and only if
    // none opens it is everything answered (a follow whose answer shows the bell), which ends
    // the race the quick steps would have run.
    var sent = false
    for opener in spec.openers.first(where: { $0.action == step.name })?.steps ?? [] where session.closedGate(of: opener.name) == nil {
      execute(opener.line)
      sent = true
      let entry = ProbeResult.Opened(line: opener.line, action: step.name)
      if !opened.contains(entry) { opened.append(entry) }
      if spec.mode == .settled { settle() }
      if session.closedGate(of: step.name) == nil { return true }
    }
    if sent, spec.mode == .quick {
      settle()
      if session.closedGate(of: step.name) == nil { return true }
    }
    let skipped = "send \(step.name): \(condition)"
    if !notOffered.contains(skipped) { notOffered.append(skipped) }
    return false
  }

  /// Runs `line`; false when it failed.
  @discardableResult
  mutating func execute(_ line: String) -> Bool {
    lines.append(line)
    willRun(line)
    let result = timeline.execute(line, line: lines.count)
    note(result)
    return result.error == nil
  }

  mutating func note(_ result: StepResult) {
    if let error = result.error { errors.append("line \(lines.count) `\(result.source)`: \(error.message)") }
    for timed in result.events {
      switch timed.event {
      case .requestPending(let dependency, _, _):
        // A callback seam is no request: nothing answers it but its own default.
        if callbackMembers.contains(dependency) {
          if !callbacks.contains(dependency) { callbacks.append(dependency) }
        } else {
          requests += 1
          if throwingMembers.contains(dependency), !throwingCalled.contains(dependency) { throwingCalled.append(dependency) }
        }
      case .note(let text) where text.contains("changed nothing"): ignored += 1
      case .note(let text) where text.contains(EventText.barrierWrite):
        // "`a`, `b` (neither …) changed off the main thread, by …, a barrier block …": a and b.
        let listed = text.prefix { $0 != "(" }.split(separator: "`").filter { !$0.allSatisfy { $0 == "," || $0 == " " } }
        for path in listed.map(String.init) where !barrierWrites.contains(path) { barrierWrites.append(path) }
      case .offMainWrite(let paths, let job, _, let observation) where observation == .published || observation == .observation || observation == .plain:
        warnings.append(ProbeWarning(paths: paths, text: EventText.line(for: timed.event), observation: observation.rawValue, job: job))
      case .mainThreadBlocked(let waitingOn, _, _):
        mainBlocks.append((waitingOn, EventText.line(for: timed.event)))
      default: break
      }
    }
  }

  /// Answers what is pending and moves time on, a round at a time, until nothing is armed or
  /// waiting (or the rounds run out: a repeating timer never rests).
  mutating func settle() {
    for _ in 0..<rounds {
      var pending = session.pendingRequestList.filter { !answered.contains($0.dependency + $0.id) }
      if !pending.isEmpty {
        numberRoutes(of: pending)
        noteVersions(of: pending)
        if spec.newestFirst { pending.reverse() }
        for request in pending {
          answered.insert(request.dependency + request.id)
          let (line, note, untyped, unread) = answer(request)
          if let note { answers.append(note) }
          if untyped { untypedAnswers += 1 }
          if request.dependency == "http" { lastAnswerUnread = unread }
          if let line { execute(line) }
        }
        continue
      }
      guard session.hasArmedTimers else { return }
      execute("advance 1s")
    }
  }

  /// How many elements an `ok` answer's lists hold: two, each with its own values, so that code
  /// that reads past the first element, or keys elements by id, meets what a server sends.
  static let listLength = 2

  /// Numbers the resources of the HTTP requests out at once (`pending`, in start order) that
  /// share an echo: the resource asked for last 1, the others 2, 3... from the newest back. A
  /// fetch of a poll and a vote on it are one resource, told apart by `versions` instead.
  mutating func numberRoutes(of pending: [(dependency: String, id: String, description: String, site: String?, callers: [String])]) {
    let http = pending.filter { $0.dependency == "http" }
    var routes: [String: [String]] = [:]
    for request in http.reversed() {
      let echo = ResponseTypes.echo(of: request.description)
      let resource = ResponseTypes.resource(of: request.description)
      if !(routes[echo]?.contains(resource) ?? false) { routes[echo, default: []].append(resource) }
    }
    for request in http {
      let index = routes[ResponseTypes.echo(of: request.description)]?.firstIndex(of: ResponseTypes.resource(of: request.description)) ?? 0
      variants[request.dependency + request.id] = index + 1
    }
    let hosts = Dictionary(grouping: http, by: { Self.route(of: $0.description) })
    for (_, requests) in hosts where Set(requests.map { ResponseTypes.host(of: $0.description) }).count > 1 {
      for request in requests { hosted.insert(request.dependency + request.id) }
    }
  }


  /// Gives each HTTP request of `pending` (in start order) not seen before the version of its
  /// resource it is answered with (`versions`).
  mutating func noteVersions(of pending: [(dependency: String, id: String, description: String, site: String?, callers: [String])]) {
    for request in pending where request.dependency == "http" && versions[request.dependency + request.id] == nil {
      let resource = ResponseTypes.resource(of: request.description)
      if ResponseTypes.isWrite(request.description) {
        let route = Self.writeKind(of: request.description)
        let last = written[resource]
        written[resource] = (versions: (last?.versions ?? 0) + (last?.route == route ? 0 : 1), route: route)
      }
      versions[request.dependency + request.id] = written[resource]?.versions ?? 0
    }
  }

  /// What tells two writes apart for `versions`: the route less its list parameters
  /// (`choices[]=1&choices[]=2`). A list parameter carries a set the app copies from an earlier
  /// answer (IceCubesApp's vote sends the poll's `ownVotes`), which the samples fill with
  /// elements the user never chose: one after another, a second vote would otherwise be a new
  /// write where quick taps send the same one twice. A single value (`notify=false`) is the
  /// user's own: a toggle tapped twice writes two things.
  static func writeKind(of description: String) -> String {
    let route = route(of: description)
    guard let question = route.firstIndex(of: "?") else { return route }
    let kept = route[route.index(after: question)...].split(separator: "&").filter { parameter in
      let name = (parameter.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "").removingPercentEncoding ?? ""
      return !name.hasSuffix("[]")
    }
    return String(route[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
  }

  /// A request's method, path and query: what tells two routes apart.
  static func route(of description: String) -> String {
    let words = description.split(separator: " ")
    guard words.count >= 2, let url = URL(string: String(words[1])) else { return description }
    return "\(words[0]) \(url.path)" + (url.query.map { "?\($0)" } ?? "")
  }

  /// The `respond` line that answers `request` as the probe answers, and for a body made from
  /// the app's types, what it was made of.
  ///
  /// `unread` is a write's answer that no code the request's task ran is known to decode (its
  /// type, if any, came from another function's route or a path word): the step reads its status
  /// at most.
  func answer(_ request: (dependency: String, id: String, description: String, site: String?, callers: [String])) -> (String?, String?, untyped: Bool, unread: Bool) {
    var head = "respond \(request.dependency) #\(request.id)"
    // An HTTP request by its route, which names the same request under every schedule (ids
    // follow the order requests start in), and holds when a fixed app cancels it.
    let words = request.description.split(separator: " ")
    if request.dependency == "http", words.count >= 2, let url = URL(string: String(words[1])),
      !url.path.isEmpty, !(url.path + (url.query ?? "")).contains(where: { $0 == "*" || $0 == " " || $0 == "\"" })
    {
      head = "respond http " + Self.route(of: request.description)
      if hosted.contains(request.dependency + request.id), let space = head.dropFirst("respond http ".count).firstIndex(of: " ") {
        head.insert(contentsOf: "//" + ResponseTypes.host(of: request.description), at: head.index(after: space))
      }
    }
    if let declaration = StandIns.declared.first(where: { $0.member == request.dependency }) {
      // A stand-in's call: a `Result` whose success has a default is answered with it (the
      // work goes on as if the service did it), failing probes fail one whose error is any
      // `Error` or one the package can make (`StandInFailure`); any other success is the
      // scenario's to say, and waits. A call that returns no `Result`: `plainAnswer`.
      let failing = spec.answer == .offline || spec.answer == .serverError
      guard let (success, failure) = ProbeRunner.resultParts(ofReturnType: ProbeRunner.returnType(of: declaration.signature)) else {
        return plainAnswer(request, declaration: declaration, head: head, failing: failing)
      }
      if failing, ["Error", "any Error", "Swift.Error"].contains(failure) || StandInFailures.names.contains(failure) {
        let message = spec.answer == .offline ? "offline" : "server error"
        return ("\(head) error=\(CommandValue.quote(message))", "\(request.description): error \(CommandValue.quote(message)) (its `Result`'s failure)", false, false)
      }
      // A flag or a count: with data, `true` and 1 (the work goes on, as a server that has
      // one answers); empty or at the edge, `false` and 0.
      if let scalar = ProbeRunner.scalarAnswer(success, withData: spec.answer == .ok) {
        return ("\(head) value=\(scalar)", "\(request.description): value \(scalar) (its `Result`'s success)", false, false)
      }
      guard ProbeRunner.hasDefault(success) || StandInEmpties.names.contains(success) else {
        return (nil, "\(request.description): not answered (a stand-in returning `Result<\(success), \(failure)>`, whose success a probe cannot make up)", false, false)
      }
      return ("\(head) none", "\(request.description): none (its `Result`'s success, \(success == "Void" || success == "()" ? "`()`" : "empty"))", false, false)
    }
    guard request.dependency == "http" else {
      let outcomes = session.surface?.dependencies.first { $0.name == request.dependency }?.outcomes ?? []
      let failing = spec.answer == .offline || spec.answer == .serverError
      let outcome = failing && outcomes.count > 1 ? outcomes[1] : outcomes.first ?? "ok"
      return ("\(head) \(outcome)", nil, false, false)
    }
    switch spec.answer {
    case .ok, .empty, .boundary:
      let variant = variants[request.dependency + request.id] ?? 1
      let made = responses.answer(
        for: request.description, site: request.site, callers: request.callers, count: spec.answer == .ok ? Self.listLength : spec.answer == .boundary ? 1 : 0, variant: variant,
        version: versions[request.dependency + request.id] ?? 0, boundary: spec.answer == .boundary)
      // An answer no type names says what the request's task returns into, for `--explain`.
      var source = made.source.text
      if made.source == .none, !request.callers.isEmpty {
        source += "; its task returns into " + request.callers.prefix(3).map { "`\($0)`" }.joined(separator: ", ")
      }
      let untyped = made.source == .none || { if case .unsampled = made.source { return true } else { return false } }()
      let decoded: Bool = { switch made.source { case .code, .call: return true; default: return false } }()
      let unread = ResponseTypes.isWrite(request.description) && !decoded
      return ("\(head) json=\(CommandValue.quote(made.body))", "\(request.description): \(made.body.prefix(80)) (\(source))", untyped, unread)
    case .serverError: return ("\(head) status code=500", nil, false, false)
    case .offline: return ("\(head) error kind=offline", nil, false, false)
    }
  }
}

extension Run {
  /// The requests out more than once at once now, each with what it asked (a stand-in's call
  /// without why it stands in), in dependency order.
  func repeatedRequests() -> [RepeatedRequest] {
    var out: [String: (dependency: String, request: String, copies: Int)] = [:]
    for request in session.pendingRequestList {
      let asked = StandInDependency.asked(request.description)
      out[request.dependency + "\u{1}" + asked, default: (request.dependency, asked, 0)].copies += 1
    }
    return out.sorted { $0.key < $1.key }.map(\.value).filter { $0.copies > 1 }.map { repeated in
      RepeatedRequest(
        dependency: repeated.dependency, request: repeated.request, copies: repeated.copies,
        sent: session.requestsSent(to: repeated.dependency), lines: lines)
    }
  }

  /// How a probe answers a stand-in's call that returns no `Result` and waits (its type has no
  /// default): a throwing one fails as the server does in a failing probe (element-x's
  /// `Encryption.backupExistsOnServer() async throws -> Bool`, whose error the logout screen
  /// catches); a flag or a count is `true` and 1 with data, `false` and 0 otherwise; anything
  /// else is the scenario's to say, and waits.
  func plainAnswer(
    _ request: (dependency: String, id: String, description: String, site: String?, callers: [String]),
    declaration: StandInDeclaration, head: String, failing: Bool
  ) -> (String?, String?, untyped: Bool, unread: Bool) {
    if failing, ProbeRunner.throws(declaration.signature) {
      let message = spec.answer == .offline ? "offline" : "server error"
      return ("\(head) error=\(CommandValue.quote(message))", "\(request.description): error \(CommandValue.quote(message)) (it throws)", false, false)
    }
    if let returns = ProbeRunner.returnType(of: declaration.signature), let scalar = ProbeRunner.scalarAnswer(returns, withData: spec.answer == .ok) {
      return ("\(head) value=\(scalar)", "\(request.description): value \(scalar)", false, false)
    }
    let what = ProbeRunner.throws(declaration.signature) ? "a stand-in whose value a probe cannot make up (it throws only in failing probes)" : "a stand-in returning what a probe cannot make up"
    return (nil, "\(request.description): not answered (\(what))", false, false)
  }
}

/// A view state as leaves: the paths an `expect` line can check, each with its value written as
/// the line writes it. Dates and other values with no literal are left out, and so is a field
/// whose name another field of its record has too (a base class's `private var cancellables`
/// and a subclass's own, as pocket-casts writes its list screens): `expect` reads only the first
/// of them, so a leaf of the second compared with the first made a difference that was not there.
package enum StateLeaves {
  package static func of(_ state: StateValue?) -> [StateLeaf] {
    var leaves: [StateLeaf] = []
    if let state { walk(state, path: "", into: &leaves) }
    return leaves
  }

  private static func walk(_ value: StateValue, path: String, into leaves: inout [StateLeaf]) {
    func join(_ name: String) -> String { path.isEmpty ? name : path + "." + name }
    switch value {
    case .null: leaves.append(StateLeaf(path: path, value: "nil"))
    case .bool(let flag): leaves.append(StateLeaf(path: path, value: String(flag)))
    case .int(let number): leaves.append(StateLeaf(path: path, value: String(number)))
    case .double(let number): leaves.append(StateLeaf(path: path, value: String(number)))
    case .string(let text): leaves.append(StateLeaf(path: path, value: CommandValue.quote(text)))
    case .enumCase(_, let name, let values):
      if values.isEmpty {
        leaves.append(StateLeaf(path: path, value: name))
      } else {
        leaves.append(StateLeaf(path: join("case"), value: CommandValue.quote(name)))
        for field in unambiguous(values) { walk(field.value, path: join(field.name), into: &leaves) }
      }
    case .list(let elements):
      leaves.append(StateLeaf(path: join("count"), value: String(elements.count)))
      for (index, element) in elements.prefix(20).enumerated() { walk(element, path: path + "[\(index)]", into: &leaves) }
    case .dictionary(let pairs):
      leaves.append(StateLeaf(path: join("count"), value: String(pairs.count)))
      for pair in pairs.prefix(20) where !pair.key.contains(".") && !pair.key.contains(" ") {
        walk(pair.value, path: join(pair.key), into: &leaves)
      }
    case .record(_, let fields):
      for field in unambiguous(fields) { walk(field.value, path: join(field.name), into: &leaves) }
    case .opaque: break
    }
  }

  /// The fields no other field of the same record shares a name with.
  private static func unambiguous(_ fields: [StateValue.Field]) -> [StateValue.Field] {
    var seen: [String: Int] = [:]
    for field in fields { seen[field.name, default: 0] += 1 }
    return fields.filter { seen[$0.name] == 1 }
  }
}
