package import ScenarioLanguage
package import StandInSupport

/// A member of a generated stand-in as a scripted dependency: `respond` and `stub` answer its
/// calls (`value=`, `json=`, `error=`, `none`), and each call is a request in the transcript.
package final class StandInDependency: AnyScriptedDependency {
  /// What adopt declared of the member.
  package let declaration: StandInDeclaration
  private let scripted: ScriptedDependency<StandInReply>
  private let sink: any DependencyEventSink

  /// The outcomes every stand-in member takes.
  static let outcomes = [
    Outcome("value", [Parameter("_0", .value)], "what the call returns, as a value (a string, a number, a list...); a `Result`'s success"),
    Outcome("json", [Parameter("_0", .string)], "what the call returns, as JSON text decoded into its return type"),
    Outcome("error", [Parameter("_0", .string, default: .string("stand-in error"))], "an error the call throws; a `Result`'s failure (this message, or its error enum's first case)"),
    Outcome("none", [], "the return type's own default: (), nil or empty (a `Result`'s success of one) (\"\" for a string), a placeholder color or image, a stand-in type's new instance, an app struct made of empty parts, the app's own English string for a localized-string lookup (its en.lproj table)"),
  ]

  /// The outcomes of a model value adopt made a sample of: a value, or the sample.
  static let sampleOutcomes = [
    Outcome("value", [Parameter("_0", .value)], "the model value, as a value (a string, a number, a list...)"),
    Outcome("json", [Parameter("_0", .string)], "the model value, as JSON text decoded into its type"),
    Outcome("sample", [], "a sample of its type's shape: empty strings, zero numbers, no optionals, empty lists"),
  ]

  package let outcomes: [Outcome]

  package init(_ declaration: StandInDeclaration, sink: any DependencyEventSink) {
    self.declaration = declaration
    self.sink = sink
    outcomes = declaration.isSample ? Self.sampleOutcomes : Self.outcomes
    // A member whose type has a default returns it unasked (and the transcript says so); any
    // other waits for `respond`, or fails a synchronous step. A sample's default is the sample.
    let unasked = declaration.isSample ? "sample" : "none"
    let fallback: (@Sendable () -> String)? = declaration.hasDefault ? { @Sendable in unasked } : nil
    scripted = ScriptedDependency(name: declaration.member, outcomes: outcomes, sink: sink, fallback: fallback) { answer in
      switch answer.name {
      case "value": .success(.json(Self.json(answer.arguments["_0"] ?? .null)))
      case "json": .success(.json(answer.arguments.string("_0")))
      case "error": .success(.error(answer.arguments.string("_0")))
      default: .success(.none)
      }
    }
  }

  package var name: String { declaration.member }
  package var pendingRequests: [PendingRequest] { scripted.pendingRequests }

  package func respond(request: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    try scripted.respond(request: request, outcome: outcome, arguments: arguments, endColumn: endColumn)
  }

  package func stub(outcome: Located<String>, arguments: [CommandArgument], endColumn: Int) throws(ScenarioError) {
    try scripted.stub(outcome: outcome, arguments: arguments, endColumn: endColumn)
  }

  /// A synchronous call: answered at once, or unanswered with the command that would answer it.
  func answerNow(_ call: StandInCall) -> StandInReply {
    switch scripted.requestNow(description(call), fallback: runtimeDefault(call)) {
    case .success(let reply)?: return reply
    case .failure(let error)?: return .error("\(error)")
    case nil:
      let command = "`stub \(name) value=...` (or `json=`, `error=`) before this step"
      sink.fail(.standInUnanswered(member: name, signature: declaration.signature))
      return .unanswered(command: "add " + command)
    }
  }

  /// An asynchronous call: it waits for `respond` unless a stub or the default answers it.
  func answer(_ call: StandInCall) async throws -> StandInReply {
    try await scripted.request(description(call), fallback: runtimeDefault(call))
  }

  /// The default of a call whose return type has one at run time that adopt could not see in
  /// its signature (mastodon's `Account.emojiMeta: MastodonContent.Emojis`, a type alias of a
  /// dictionary): the call's own type decides, as the transcript then says.
  private func runtimeDefault(_ call: StandInCall) -> (@Sendable () -> String)? {
    call.hasDefault && !declaration.hasDefault && !declaration.isSample ? { @Sendable in "none" } : nil
  }

  private func description(_ call: StandInCall) -> String {
    call.text + Self.whyMark + declaration.why + ")"
  }

  /// What starts the why of a stand-in call's request description.
  static let whyMark = " (stand-in: "

  /// What a request asked, without why a stand-in stands in (`leave()` of `leave() (stand-in: ...)`).
  package static func asked(_ description: String) -> String {
    description.components(separatedBy: whyMark).first ?? description
  }

  /// A command value as JSON text: `"abc"`, `3`, `[1, 2]`, `null`, written by the language's
  /// JSON writer.
  static func json(_ value: CommandValue) -> String { JSON.write(node(value)) }

  private static func node(_ value: CommandValue) -> JSON.Node {
    switch value {
    case .string(let text), .word(let text): .string(text)
    case .int(let number): .number(String(number))
    case .double(let number): .number(String(number))
    case .bool(let flag): .bool(flag)
    case .list(let values): .array(values.map(node))
    case .null, .duration, .effect, .request: .null
    }
  }
}

/// Answers the process's generated stand-ins from one session's dependencies: installed at
/// `use`, as `http`'s router is.
package final class StandInRouter: StandInAnswering {
  private let byMember: [String: StandInDependency]

  package init(_ dependencies: [StandInDependency]) {
    byMember = Dictionary(dependencies.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  package func answerNow(_ call: StandInCall) -> StandInReply {
    guard let dependency = byMember[call.member] else { return Self.undeclared(call) }
    return dependency.answerNow(call)
  }

  package func answer(_ call: StandInCall) async throws -> StandInReply {
    guard let dependency = byMember[call.member] else { return Self.undeclared(call) }
    return try await dependency.answer(call)
  }

  private static func undeclared(_ call: StandInCall) -> StandInReply {
    call.hasDefault ? .none : .unanswered(command: "`\(call.member)` is not among the stand-ins this package declares: run `vmrepl adopt` again")
  }
}
