package import ScenarioLanguage
package import Foundation
import Simulation
import Synchronization

#if canImport(FoundationNetworking)
  package import FoundationNetworking
#endif

/// How a session's `http` dependency treats the process's URLSession traffic (`use MODEL http=...`).
package enum HTTPMode: Sendable, Equatable {
  /// Every request waits for `respond http` or a `stub http` (the default).
  case script
  /// Requests go to the network, as the app sends them. Not deterministic.
  case live
  /// Requests go to the network once, and each exchange is written to a cassette file.
  case record(String)
  /// Requests are answered from a cassette file; nothing leaves the machine.
  case replay(String)

  /// The mode `http=VALUE` names, or the error that says which values there are.
  package static func parse(_ text: String, column: Int) throws(ScenarioError) -> HTTPMode {
    switch text {
    case "script": return .script
    case "live": return .live
    default:
      if text.hasPrefix("record:"), text.count > 7 { return .record(String(text.dropFirst(7))) }
      if text.hasPrefix("replay:"), text.count > 7 { return .replay(String(text.dropFirst(7))) }
      throw ScenarioError(.notAnHTTPMode(text), column: column)
    }
  }
}

/// One request the app sent through URLSession, from its arrival to its answer.
struct HTTPExchange: Sendable {
  /// `r3`, as `#r3` names it.
  let id: String
  let method: String
  let url: URL
  let body: Data
  let headers: [String: String]
  let handle: ProtocolHandle
  /// The work of the step that sent it: kept alive (and named in reports) while it waits.
  let tag: WorkTag?
  /// The program's code that resumed its task (`ArticleListViewModel.load() at F:41`), when the
  /// driving thread did: its completion handler or delegate is the program's code nearby.
  var resumedIn: String? = nil
  /// The task that resumed it (an `await session.data(...)` waits in it), when one did.
  var task: UInt? = nil
  /// Whether a Combine pipeline resumed it (`dataTaskPublisher`).
  var viaCombine = false
  /// The program's functions its task returns into, innermost first, with their calls' lines
  /// (`FeedViewModel.load() at F:28, line 30`), when an `await` resumed it.
  var callers: [String] = []

  /// `GET https://api.example.com/items?page=2`, with the size of a body if it has one.
  var description: String {
    "\(method) \(url.absoluteString)" + (body.isEmpty ? "" : " (\(body.count) byte\(body.count == 1 ? "" : "s"))")
  }

  /// Whether `method` and `pattern` (a path, `*` standing for any run of characters, with a
  /// query to match only when the pattern has one; `//HOST/PATH` names the server too) name
  /// this request.
  func matches(method wanted: String?, pattern: String?) -> Bool {
    Self.matches(method: method, url: url, wanted: wanted, pattern: pattern)
  }

  /// Whether a request of `method` to `url` is the one `wanted` and `pattern` name.
  static func matches(method: String, url: URL, wanted: String?, pattern: String?) -> Bool {
    if let wanted, wanted.uppercased() != method { return false }
    guard let pattern else { return true }
    let parts = pattern.split(separator: "?", maxSplits: 1).map(String.init)
    // `//b.social/api/v1/accounts/verify_credentials`: two accounts' servers asked the same path.
    let path = parts[0].hasPrefix("//") ? "//" + (url.host ?? "") + (url.port.map { ":\($0)" } ?? "") + url.path : url.path
    guard glob(parts[0], path) else { return false }
    guard parts.count == 2 else { return true }
    return glob(parts[1], url.query ?? "")
  }

  static func glob(_ pattern: String, _ text: String) -> Bool {
    let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
    guard pieces.count > 1 else { return pattern == text }
    guard text.hasPrefix(pieces[0]) else { return false }
    var rest = text.dropFirst(pieces[0].count)
    for piece in pieces.dropFirst().dropLast() {
      guard let range = rest.range(of: piece) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.hasSuffix(pieces[pieces.count - 1])
  }
}

/// A request as `respond` names it, without what keeps its work alive (its tag, its handle):
/// kept to answer requests the app has cancelled.
struct SeenRequest: Sendable {
  let id: String
  let method: String
  let url: URL
  let description: String

  init(_ exchange: HTTPExchange) {
    id = exchange.id
    method = exchange.method
    url = exchange.url
    description = exchange.description
  }

  /// Whether `method` and `pattern` name this request, as for a waiting one.
  func matches(method wanted: String?, pattern: String?) -> Bool {
    HTTPExchange.matches(method: method, url: url, wanted: wanted, pattern: pattern)
  }
}

/// The `http` dependency every model has: each request the process sends through URLSession
/// (`URLSession.shared`, sessions made from `.default` or `.ephemeral`, async, completion
/// handler or publisher) is pending as `#rN` until `respond http` or a `stub http` answers it;
/// the answer reaches the app through its own session, delegate and completion handler.
///
/// ```text
/// > send load
/// request http #r1 pending: GET https://api.example.com/v1/forecast?city=Berlin
/// > respond http json={"city":"Berlin","temperatureC":4.5,"summary":"Drizzle"}
/// request http #r1 answered: 200 OK, 57 bytes of JSON
/// ```
package final class HTTPDependency: AnyScriptedDependency {
  package let name = "http"
  package var outcomes: [Outcome] { HTTPAnswer.outcomes }
  package let mode: HTTPMode
  private let sink: any DependencyEventSink
  private let readFile: @Sendable (String) -> Result<Data, ScenarioError>
  private let cassette: Cassette?
  private let state = Mutex(State())
  /// Tasks the driving thread resumed whose request has not reached `arrive` yet.
  private let expected = Mutex<[ResumedTask]>([])

  /// A resumed task, held weakly: one that ends before its request starts is not waited for.
  private struct ResumedTask: @unchecked Sendable {
    // Unchecked: only its address is compared and its `state` read, which URLSession guards.
    weak var task: URLSessionTask?
    let address: UInt
    /// Where the program resumed it, in which task, and whether through a Combine pipeline.
    let site: String?
    let resumer: UInt?
    let combine: Bool
    /// The program's functions the resuming task returns into, innermost first, where known.
    let callers: [String]
  }


  private struct Stub: Sendable {
    var method: String?
    var pattern: String?
    var answer: HTTPAnswer
  }

  /// What URLSession's threads reported, in the order they did, for the driving thread to
  /// announce.
  private enum News: Sendable {
    case arrived(HTTPExchange)
    case cancelled(String)
  }

  private struct State: Sendable {
    var nextID = 0
    var news: [News] = []
    /// Arrived, not yet announced by the driving thread.
    var arrivals: [HTTPExchange] {
      news.compactMap { if case .arrived(let exchange) = $0 { return exchange } else { return nil } }
    }
    /// Announced and waiting for an answer, oldest first.
    var waiting: [HTTPExchange] = []
    /// The requests the app cancelled before they were answered, oldest first.
    var cancelled: [SeenRequest] = []
    /// Every request seen, by id, while its answer may still be given.
    var seen: [String: SeenRequest] = [:]
    /// Answered, on their way to the app after their latency, with the task that waits it out.
    var answering: [String: (exchange: HTTPExchange, delivery: Task<Void, Never>?)] = [:]
    /// The waits of answers whose request URLSession stopped, for the driving thread to cancel.
    var stoppedDeliveries: [Task<Void, Never>?] = []
    /// Stubs, newest first.
    var stubs: [Stub] = []
    /// Exchanges forwarded to the network for a cassette, with the answer once it came.
    var recorded: [(HTTPExchange, HTTPAnswer)] = []
  }

  package init(mode: HTTPMode, sink: any DependencyEventSink, cassette: Cassette?, readFile: @escaping @Sendable (String) -> Result<Data, ScenarioError>) {
    self.mode = mode
    self.sink = sink
    self.cassette = cassette
    self.readFile = readFile
  }

  // MARK: URLSession's side (any thread)

  /// The driving thread resumed `task`: its request will arrive, by way of URLSession's
  /// threads, unless the task ends first.
  package func resumed(_ task: URLSessionTask) {
    guard mode != .live, let request = task.currentRequest, let scheme = request.url?.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      // What `http` itself sends to the network for a cassette never comes back here.
      !ScriptedURLProtocol.isForwarded(request)
    else { return }
    let address = UInt(bitPattern: Unmanaged.passUnretained(task).toOpaque())
    let site = Simulation.programCaller()
    let resumer = Simulation.currentTaskAddress
    let combine = Simulation.combineOnStack()
    let callers = Simulation.continuationCallers()
    expected.guarded { $0.append(ResumedTask(task: task, address: address, site: site, resumer: resumer, combine: combine, callers: callers)) }
  }

  /// Whether a resumed task's request is still on its way here.
  var awaitsArrivals: Bool {
    expected.guarded { tasks in
      // Asked whenever the simulation becomes idle, mostly of sessions that resumed no task.
      if tasks.isEmpty { return false }
      tasks.removeAll { $0.task.map { $0.state != .running } ?? true }
      return !tasks.isEmpty
    }
  }

  func arrive(_ handle: ProtocolHandle) {
    var resumed: ResumedTask?
    if let task = handle.request.task {
      let address = UInt(bitPattern: Unmanaged.passUnretained(task).toOpaque())
      resumed = expected.guarded { tasks in
        defer { tasks.removeAll { $0.address == address } }
        return tasks.first { $0.address == address }
      }
    }
    let original = handle.request.request
    var body = original.httpBody ?? Data()
    if body.isEmpty, let stream = original.httpBodyStream { body = Self.read(stream) }
    let tag = WorkTag.inherited
    state.guarded { state in
      state.nextID += 1
      state.news.append(
        .arrived(HTTPExchange(
          id: "r\(state.nextID)", method: original.httpMethod ?? "GET", url: original.url ?? URL(fileURLWithPath: "/"),
          body: body, headers: original.allHTTPHeaderFields ?? [:], handle: handle, tag: tag, resumedIn: resumed?.site, task: resumed?.resumer,
          viaCombine: resumed?.combine ?? false, callers: resumed?.callers ?? [])))
    }
  }

  func stop(_ handle: ProtocolHandle) {
    state.guarded { state in
      let isRequest = { (exchange: HTTPExchange) in exchange.handle.request === handle.request }
      if let index = state.waiting.firstIndex(where: isRequest) {
        state.news.append(.cancelled(state.waiting.remove(at: index).id))
      } else if let exchange = state.arrivals.first(where: isRequest) {
        state.news.append(.cancelled(exchange.id))
      } else if let (id, answering) = state.answering.first(where: { isRequest($0.value.exchange) }) {
        state.answering[id] = nil
        // Its wait is cancelled by the driving thread when it announces the news, with every
        // other cancellation URLSession reported by then: cancelled here, on URLSession's
        // thread, the wait's wake-up would join the ready jobs whenever this thread got there,
        // alone or with another's (a choice point more or less, by thread timing).
        state.stoppedDeliveries.append(answering.delivery)
        state.news.append(.cancelled(id))
      }
    }
  }

  private static func read(_ stream: InputStream) -> Data {
    var data = Data()
    stream.open()
    defer { stream.close() }
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while stream.hasBytesAvailable {
      let count = stream.read(&buffer, maxLength: buffer.count)
      if count <= 0 { break }
      data.append(buffer, count: count)
    }
    return data
  }

  // MARK: The driving thread's side

  /// Whether URLSession's threads reported something the driving thread has not announced.
  var hasNews: Bool { state.guarded { !$0.news.isEmpty || !$0.recorded.isEmpty } }

  /// Announces what arrived or was cancelled since the last look, and answers what a stub or
  /// the cassette answers. Returns whether anything happened.
  @MainActor
  func settle() -> Bool {
    let (news, recorded, stopped) = state.guarded { state in
      defer {
        state.news = []
        state.recorded = []
        state.stoppedDeliveries = []
      }
      return (state.news, state.recorded, state.stoppedDeliveries)
    }
    for delivery in stopped { delivery?.cancel() }
    let cancelled = Set(news.compactMap { if case .cancelled(let id) = $0 { return id } else { return nil } })
    for item in news {
      switch item {
      case .arrived(let exchange):
        sink.report(.requestPending(dependency: name, id: exchange.id, request: exchange.description))
        state.guarded { $0.seen[exchange.id] = SeenRequest(exchange) }
        if cancelled.contains(exchange.id) { continue }
        if let answer = automaticAnswer(for: exchange) {
          answer.map { schedule($0, for: exchange) } ?? forward(exchange)
        } else {
          state.guarded { $0.waiting.append(exchange) }
        }
      case .cancelled(let id):
        state.guarded { state in
          if let request = state.seen.removeValue(forKey: id) { state.cancelled.append(request) }
        }
        sink.report(.requestCancelled(dependency: name, id: id))
      }
    }
    for (exchange, answer) in recorded {
      cassette?.append(exchange, answer)
      schedule(answer, for: exchange)
    }
    return !news.isEmpty || !recorded.isEmpty
  }

  /// What answers `exchange` without a `respond`: a stub, or the cassette. `.some(nil)` means
  /// "send it to the network" (recording); nil means it waits.
  @MainActor
  private func automaticAnswer(for exchange: HTTPExchange) -> HTTPAnswer?? {
    let stub = state.guarded { $0.stubs.first { exchange.matches(method: $0.method, pattern: $0.pattern) } }
    if let stub { return .some(stub.answer) }
    switch mode {
    case .script, .live: return nil
    case .record: return .some(nil)
    case .replay:
      switch cassette?.answer(for: exchange) {
      case .success(let answer)?: return .some(answer)
      case .failure(let error)?:
        sink.report(.cassetteMiss(error.message))
        return .some(HTTPAnswer(result: .failure(.resourceUnavailable)))
      case nil: return nil
      }
    }
  }

  /// Sends `exchange` to the network for the cassette; its answer arrives on another thread
  /// and is given to the app at the next look.
  private func forward(_ exchange: HTTPExchange) {
    var request = URLRequest(url: exchange.url)
    request.httpMethod = exchange.method
    request.httpBody = exchange.body.isEmpty ? nil : exchange.body
    for (field, value) in exchange.headers { request.setValue(value, forHTTPHeaderField: field) }
    request.setValue("1", forHTTPHeaderField: ScriptedURLProtocol.forwardedHeader)
    let task = URLSession.shared.dataTask(with: request) { [self] data, response, error in
      let answer: HTTPAnswer
      if let response = response as? HTTPURLResponse {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields { headers["\(key)"] = "\(value)" }
        answer = HTTPAnswer(result: .response(status: response.statusCode, headers: headers, body: data ?? Data()))
      } else {
        answer = HTTPAnswer(result: .failure((error as? URLError)?.code ?? .cannotConnectToHost))
      }
      state.guarded { $0.recorded.append((exchange, answer)) }
    }
    task.resume()
  }

  /// Gives `answer` to the app, now or after its latency (virtual time, as the step's work).
  @MainActor
  private func schedule(_ answer: HTTPAnswer, for exchange: HTTPExchange) {
    guard answer.latency > .zero else { return deliver(answer, to: exchange) }
    state.guarded { $0.answering[exchange.id] = (exchange, nil) }
    let body = { @MainActor in
      Task { @MainActor in
        try? await Task.sleep(for: answer.latency)
        guard self.state.guarded({ $0.answering.removeValue(forKey: exchange.id) }) != nil else { return }
        self.deliver(answer, to: exchange)
      }
    }
    // The wait is the sending step's work: reports name it, `await` waits for it.
    let delivery = exchange.tag.map { tag in WorkTag.$current.withValue(tag) { body() } } ?? body()
    state.guarded { state in
      if state.answering[exchange.id] != nil { state.answering[exchange.id]?.delivery = delivery } else { delivery.cancel() }
    }
  }

  @MainActor
  private func deliver(_ answer: HTTPAnswer, to exchange: HTTPExchange) {
    let request = exchange.handle.request
    // A task URLSession has cancelled meanwhile (on its own queue) is gone from its session's
    // registry: a client call for it would trap in FoundationNetworking. The answer came too late.
    guard request.task.map({ $0.state == .running }) ?? true else {
      return sink.report(.requestCancelled(dependency: name, id: exchange.id))
    }
    sink.report(.requestAnswered(dependency: name, id: exchange.id, outcome: answer.summary))
    guard let client = request.client else { return }
    // From here URLSession's own threads run the task's completion handler or delegate methods:
    // what they write in view state is written off the main thread.
    Simulation.shared.foreignCodeMayRun { [id = exchange.id, description = exchange.description, site = exchange.resumedIn, tag = exchange.tag] in
      let resumed = site.map { ", whose task was resumed in \($0)" } ?? ""
      return "the completion handler or delegate of http #\(id) (\(description))\(resumed), on URLSession's delegate queue"
        + (tag.map { " (work of `\($0.label)`)" } ?? "")
    }
    switch answer.result {
    case .failure(let code):
      client.urlProtocol(request, didFailWithError: URLError(code, userInfo: [NSURLErrorFailingURLErrorKey: exchange.url]))
    case .response(let status, let headers, let body):
      let response = HTTPURLResponse(url: exchange.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      client.urlProtocol(request, didReceive: response, cacheStoragePolicy: .notAllowed)
      if !body.isEmpty { client.urlProtocol(request, didLoad: body) }
      client.urlProtocolDidFinishLoading(request)
    }
  }

  // MARK: Commands

  package var pendingRequests: [PendingRequest] {
    state.guarded { state in
      (state.waiting + state.arrivals).map {
        PendingRequest(id: $0.id, description: $0.description, origin: $0.tag?.label, work: $0.tag?.id, task: $0.task, resumedIn: $0.resumedIn, viaCombine: $0.viaCombine, callers: $0.callers)
      }
    }
  }

  package func respond(request: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    let answer = try bind(outcome: outcome, arguments: arguments, endColumn: endColumn)
    let (exchange, pending) = state.guarded { state -> (HTTPExchange?, [HTTPExchange]) in
      let index: Int?
      switch request {
      case nil: index = state.waiting.isEmpty ? nil : 0
      case .id(let id)?: index = state.waiting.firstIndex { $0.id == "r\(id.value)" }
      case .matching(let text)?: index = state.waiting.firstIndex { $0.description.contains(text.value) }
      case .route(let method, let path)?: index = state.waiting.firstIndex { $0.matches(method: method.value, pattern: path.value) }
      }
      guard let index else { return (nil, state.waiting) }
      state.seen[state.waiting[index].id] = nil
      return (state.waiting.remove(at: index), [])
    }
    guard let exchange else {
      guard let request else {
        throw ScenarioError(.nothingToRespondTo(dependency: "http"), column: outcome.column)
      }
      // A request the app cancelled may still get its answer from a server; the app never sees
      // it. The same scenario then holds for code that cancels (a fix) and code that does not.
      let dropped = state.guarded { state -> SeenRequest? in
        let index: Int?
        switch request {
        case .id(let id): index = state.cancelled.firstIndex { $0.id == "r\(id.value)" }
        case .matching(let text): index = state.cancelled.firstIndex { $0.description.contains(text.value) }
        case .route(let method, let path): index = state.cancelled.firstIndex { $0.matches(method: method.value, pattern: path.value) }
        }
        return index.map { state.cancelled.remove(at: $0) }
      }
      if let dropped {
        sink.report(.note("http #\(dropped.id) (\(dropped.description)) was cancelled by the app before this answer: the answer is dropped, as a cancelled task's is"))
        return
      }
      let names = pending.map { PendingRequestName(id: $0.id, description: $0.description) }
      throw ScenarioError(.noSuchPendingRequest(dependency: "http", wanted: request.wanted, pending: names), column: request.column)
    }
    if answer.latency > .zero {
      sink.report(.note("http #\(exchange.id) gets \(answer.summary) after \(answer.latency.commandText)"))
    }
    MainActor.assumeIsolated { schedule(answer, for: exchange) }
  }

  package func stub(outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    try stub(route: nil, outcome: outcome, arguments: arguments, endColumn: endColumn)
  }

  /// `stub http [METHOD PATH] OUTCOME ...`: what future requests matching the route get.
  package func stub(route: (method: Located<String>, path: Located<String>)?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    let answer = try bind(outcome: outcome, arguments: arguments, endColumn: endColumn)
    let stub = Stub(method: route?.method.value.uppercased(), pattern: route?.path.value, answer: answer)
    state.guarded { state in
      state.stubs.removeAll { $0.method == stub.method && $0.pattern == stub.pattern }
      state.stubs.insert(stub, at: 0)
    }
    let which = route.map { "\($0.method.value.uppercased()) \($0.path.value) requests" } ?? "requests"
    sink.report(.note("http: future \(which) get \(answer.summary) after \(answer.latency.commandText)"))
  }

  private func bind(outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) -> HTTPAnswer {
    // `respond http json={...}` is a 200 with that body: the parser read `json=` as the outcome.
    var outcome = outcome
    var arguments = arguments
    if HTTPAnswer.bodyParameters.contains(where: { $0.name == outcome.value }) || outcome.value == "latency",
      let first = arguments.first, first.name == nil
    {
      arguments[0] = CommandArgument(name: outcome.value, value: first.value, column: outcome.column)
      outcome = Located(value: "ok", column: outcome.column)
    }
    guard let definition = outcomes.first(where: { $0.name == outcome.value }) else {
      let names = outcomes.map(\.name)
      throw ScenarioError(
        .unknownOutcome(
          dependency: "http", outcome: outcome.value, expected: "ok, status=CODE or error=KIND",
          nearest: Suggestion.nearest(to: outcome.value, in: names)),
        column: outcome.column)
    }
    let parameters = definition.parameters + [Parameter("latency", .duration, default: .duration(.zero))]
    let bound = try Arguments.bind(arguments, to: parameters, owner: "outcome `http \(outcome.value)`", endColumn: endColumn)
    let readFile = self.readFile
    return try HTTPAnswer.make(
      outcome: outcome.value, arguments: bound, latency: bound.duration("latency"), column: outcome.column
    ) { (path: String) throws(ScenarioError) -> Data in try readFile(path).get() }
  }
}

extension RequestSelector {
  /// How an error names the request that was asked for.
  var wanted: String {
    switch self {
    case .id(let id): return "#r\(id.value)"
    case .matching(let text): return "whose description contains \(CommandValue.quote(text.value))"
    case .route(let method, let path): return "\(method.value) \(path.value)"
    }
  }
}
