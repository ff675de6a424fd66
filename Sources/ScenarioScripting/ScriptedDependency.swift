package import ScenarioLanguage
import Simulation
import Synchronization

/// An outcome a scripted dependency can be answered with: `ok count=3`, `status code=403`.
public struct Outcome: Sendable {
  public var name: String
  public var parameters: [Parameter]
  public var summary: String

  /// An outcome named `name` taking `parameters`.
  public init(_ name: String, _ parameters: [Parameter] = [], _ summary: String = "") {
    self.name = name
    self.parameters = parameters
    self.summary = summary
  }
}

/// What the session needs of every scripted dependency, whatever its response type.
package protocol AnyScriptedDependency: Sendable {
  var name: String { get }
  var outcomes: [Outcome] { get }
  var pendingRequests: [PendingRequest] { get }
  func respond(request: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError)
  func stub(outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError)
}

/// A request waiting for `respond`.
package struct PendingRequest: Sendable {
  package var id: String
  package var description: String
  /// The effect (or background work) that made it.
  package var origin: String?
  /// The id of the `WorkTag` of the work that made it.
  package var work: UInt64?
  /// The address of the task that waits for it, when known (never printed): which task
  /// handle can cancel it.
  package var task: UInt? = nil
  /// The program's code that set the request going (`PostsViewModel.getPosts() at F:20`), when
  /// the driving thread did: whose pipeline a Combine request is.
  package var resumedIn: String? = nil
  /// Whether a Combine pipeline set it going (a `dataTaskPublisher`'s subscription).
  package var viaCombine = false
  /// The program's functions the task that waits for it returns into, innermost first, each
  /// with the line of its call (`APIClient.get(_:) at F:10, line 12`, `FeedViewModel.load() at
  /// F:28, line 30`), when an `await` set it going: a generic helper's caller says what its
  /// answer decodes into.
  package var callers: [String] = []
}

/// A dependency whose answers come from `respond` and `stub` commands, so a scenario decides
/// exactly what a network call or a database returns, and when.
///
/// ```swift
/// let api = context.dependency(
///   "search",
///   outcomes: [Outcome("ok", [Parameter("count", .int, default: .int(3))]), Outcome("status", [Parameter("code", .int)])]
/// ) { outcome in
///   outcome.name == "ok" ? .success(Repo.samples(outcome.arguments.int("count"))) : .failure(APIError(outcome.arguments.int("code")))
/// }
/// let repos = try await api.request("GET /search/repositories?q=swift")
/// ```
public final class ScriptedDependency<Response: Sendable>: AnyScriptedDependency {
  /// A chosen outcome with its arguments, handed to the decoder.
  public struct Answer: Sendable {
    public var name: String
    public var arguments: Arguments
  }

  public let name: String
  public let outcomes: [Outcome]
  private let decode: @Sendable (Answer) -> Result<Response, any Error>
  private let fallback: (@Sendable () -> String)?
  private let sink: any DependencyEventSink
  private let state = Mutex(State())

  private struct Waiter: Sendable {
    var request: PendingRequest
    var continuation: CheckedContinuation<Response, any Error>
  }
  private struct State: Sendable {
    var nextID = 0
    var waiting: [Waiter] = []
    var stub: (answer: Answer, latency: Duration)?
    /// Requests the app cancelled while they waited, oldest first: a `respond` naming one is
    /// dropped, as a server's late answer to a cancelled task is, so the same scenario holds
    /// for code that cancels (a fix) and code that does not.
    var cancelled: [PendingRequest] = []
  }

  package init(
    name: String, outcomes: [Outcome], sink: any DependencyEventSink, fallback: (@Sendable () -> String)? = nil,
    decode: @escaping @Sendable (Answer) -> Result<Response, any Error>
  ) {
    self.name = name
    self.outcomes = outcomes
    self.sink = sink
    self.fallback = fallback
    self.decode = decode
  }

  /// Makes a request described as `description` and waits for its scripted answer.
  ///
  /// Cancelling the calling task ends the request with `CancellationError`.
  public func request(_ description: String) async throws -> Response {
    try await request(description, fallback: nil)
  }

  /// `request(_:)`, with `fallback`, where given, answering in place of the dependency's own default.
  package func request(_ description: String, fallback: (@Sendable () -> String)?) async throws -> Response {
    let fallback = fallback ?? self.fallback
    let tag = WorkTag.current
    let (id, stub) = state.guarded { state -> (String, (answer: Answer, latency: Duration)?) in
      state.nextID += 1
      return ("r\(state.nextID)", state.stub)
    }
    sink.report(.requestPending(dependency: name, id: id, request: description))
    if let stub {
      do {
        try await Task.sleep(for: stub.latency)
      } catch {
        sink.report(.requestCancelled(dependency: name, id: id))
        throw error
      }
      sink.report(.requestAnswered(dependency: name, id: id, outcome: Self.text(stub.answer)))
      return try decode(stub.answer).get()
    }
    if let fallback {
      let chosen = fallback()
      guard outcomes.contains(where: { $0.name == chosen }),
        let answer = try? bind(outcome: Located(value: chosen, column: 1), arguments: [], endColumn: 1, allowLatency: false).answer
      else {
        preconditionFailure("the default answer of `\(name)` names `\(chosen)`, which is not one of its outcomes or needs arguments")
      }
      sink.report(.requestAnswered(dependency: name, id: id, outcome: Self.text(answer) + " (default; `stub \(name) ...` forces one)"))
      return try decode(answer).get()
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
        let cancelled = state.guarded { state -> Bool in
          let request = PendingRequest(id: id, description: description, origin: tag?.label, work: tag?.id)
          if Task.isCancelled {
            state.cancelled.append(request)
            return true
          }
          state.waiting.append(Waiter(request: request, continuation: continuation))
          return false
        }
        if cancelled {
          sink.report(.requestCancelled(dependency: name, id: id))
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let waiter = state.guarded { state -> Waiter? in
        guard let index = state.waiting.firstIndex(where: { $0.request.id == id }) else { return nil }
        let waiter = state.waiting.remove(at: index)
        state.cancelled.append(waiter.request)
        return waiter
      }
      if let waiter {
        sink.report(.requestCancelled(dependency: name, id: id))
        waiter.continuation.resume(throwing: CancellationError())
      }
    }
  }

  /// Makes a request that cannot wait (a synchronous call): a stub or the default answers it at
  /// once; nil when neither does. A stub's latency is not waited for: nothing can wait here.
  package func requestNow(_ description: String, fallback: (@Sendable () -> String)? = nil) -> Result<Response, any Error>? {
    let fallback = fallback ?? self.fallback
    let (id, stub) = state.guarded { state -> (String, (answer: Answer, latency: Duration)?) in
      state.nextID += 1
      return ("r\(state.nextID)", state.stub)
    }
    sink.report(.requestPending(dependency: name, id: id, request: description))
    if let stub {
      sink.report(.requestAnswered(dependency: name, id: id, outcome: Self.text(stub.answer)))
      return decode(stub.answer)
    }
    guard let fallback else {
      sink.report(.requestAnswered(dependency: name, id: id, outcome: "nothing: nobody answered it, so the step fails (a Bool, number or string gets false, 0 or \"\", an enum its first case, to go on)"))
      return nil
    }
    let chosen = fallback()
    guard let answer = try? bind(outcome: Located(value: chosen, column: 1), arguments: [], endColumn: 1, allowLatency: false).answer else {
      return nil
    }
    sink.report(.requestAnswered(dependency: name, id: id, outcome: Self.text(answer) + " (default; `stub \(name) ...` forces one)"))
    return decode(answer)
  }

  package var pendingRequests: [PendingRequest] { state.guarded { $0.waiting.map(\.request) } }

  package func respond(request: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    let answer = try bind(outcome: outcome, arguments: arguments, endColumn: endColumn, allowLatency: false)
    // The oldest pending request, or the one named: `async let` starts several at once, and
    // which of them a scenario answers first should not depend on the order they started in.
    let (waiter, pending) = state.guarded { state -> (Waiter?, [PendingRequest]) in
      guard let request else { return (state.waiting.isEmpty ? nil : state.waiting.removeFirst(), []) }
      let index = state.waiting.firstIndex { Self.selects(request, $0.request) }
      guard let index else { return (nil, state.waiting.map(\.request)) }
      return (state.waiting.remove(at: index), [])
    }
    guard let waiter else {
      guard let request else {
        throw ScenarioError(.nothingToRespondTo(dependency: name), column: outcome.column)
      }
      let dropped = state.guarded { state -> PendingRequest? in
        let index = state.cancelled.firstIndex { Self.selects(request, $0) }
        return index.map { state.cancelled.remove(at: $0) }
      }
      if let dropped {
        sink.report(.note("\(name) #\(dropped.id) (\(dropped.description)) was cancelled by the app before this answer: the answer is dropped, as a cancelled task's is"))
        return
      }
      let names = pending.map { PendingRequestName(id: $0.id, description: $0.description) }
      throw ScenarioError(.noSuchPendingRequest(dependency: name, wanted: request.wanted, pending: names), column: request.column)
    }
    sink.report(.requestAnswered(dependency: name, id: waiter.request.id, outcome: Self.text(answer.answer)))
    waiter.continuation.resume(with: decode(answer.answer))
  }

  /// Whether `selector` names `request`: by id, by text its description contains, or by route.
  private static func selects(_ selector: RequestSelector, _ request: PendingRequest) -> Bool {
    switch selector {
    case .id(let id): request.id == "r\(id.value)"
    case .matching(let text): request.description.contains(text.value)
    case .route(let method, let path): request.description.hasPrefix("\(method.value) \(path.value)")
    }
  }

  package func stub(outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    let stub = try bind(outcome: outcome, arguments: arguments, endColumn: endColumn, allowLatency: true)
    state.guarded { $0.stub = stub }
    sink.report(.note("\(name): future requests get \(Self.text(stub.answer)) after \(stub.latency.commandText)"))
  }

  private func bind(
    outcome: Located<String>, arguments: [CommandArgument], endColumn: Int, allowLatency: Bool
  ) throws(ScenarioError) -> (answer: Answer, latency: Duration) {
    guard let definition = outcomes.first(where: { $0.name == outcome.value }) else {
      let names = outcomes.map(\.name)
      throw ScenarioError(
        .unknownOutcome(
          dependency: name, outcome: outcome.value, expected: names.joined(separator: ", "),
          nearest: Suggestion.nearest(to: outcome.value, in: names)),
        column: outcome.column)
    }
    var parameters = definition.parameters
    if allowLatency { parameters.append(Parameter("latency", .duration, default: .duration(.zero))) }
    let bound = try Arguments.bind(
      arguments, to: parameters, owner: "outcome `\(name) \(outcome.value)`", endColumn: endColumn)
    let shown = Arguments.dropping("latency", from: bound)
    let answer = Answer(name: outcome.value, arguments: shown)
    return (answer, allowLatency ? bound.duration("latency") : .zero)
  }

  private static func text(_ answer: Answer) -> String {
    let arguments = answer.arguments.text
    return arguments.isEmpty ? answer.name : answer.name + " " + arguments
  }
}
