import Synchronization

/// One call of a generated stand-in, as the session sees it.
public struct StandInCall: Sendable {
  /// The member called, as `respond` and `stub` name it: `KeychainHelper.token`.
  public var member: String
  /// The call as the transcript shows it: `token(for: "user")`.
  public var text: String
  /// Whether the member's return type has a value of its own to give when nobody answered
  /// (`()`, `nil`, an empty collection).
  public var hasDefault: Bool

  /// A call of `member` written `text`.
  public init(member: String, text: String, hasDefault: Bool) {
    self.member = member
    self.text = text
    self.hasDefault = hasDefault
  }
}

/// What a scenario answered a stand-in's call with.
public enum StandInReply: Sendable, Equatable {
  /// A value, as JSON text: `"abc"`, `3`, `{"id": 1}`.
  case json(String)
  /// A thrown error, with its message.
  case error(String)
  /// The return type's own default: `()`, `nil`, an empty collection.
  case none
  /// Nobody answers a synchronous call: the step fails, naming `command`.
  case unanswered(command: String)
}

/// Who answers stand-ins' calls: the session installs one while a model is in use.
public protocol StandInAnswering: Sendable {
  /// Answers a synchronous call at once.
  func answerNow(_ call: StandInCall) -> StandInReply
  /// Answers an asynchronous call, waiting for `respond` where nothing answers it at once;
  /// throws `CancellationError` when the calling task is cancelled first.
  func answer(_ call: StandInCall) async throws -> StandInReply
}

/// The stand-ins `adopt` generated into a package, declared before the REPL starts so that a
/// session knows them before their first call (`stub` may come first).
public struct StandInDeclaration: Sendable, Equatable {
  /// `KeychainHelper.token`.
  public var member: String
  /// The member's Swift signature: `func token(for user: String) -> String?`.
  public var signature: String
  /// Why it stands in: `its file imports Security, an Apple framework with no Linux version`.
  public var why: String
  /// Whether its return type has a default (`()`, `nil`, empty).
  public var hasDefault: Bool
  /// The models whose code can reach it (`describe` lists it for those); empty: every model.
  public var models: [String]
  /// Whether it is a callback the app's caller hands the model (`onSave:`), which adopt made a
  /// closure that does nothing: what the caller would do next (reset a flag, close the screen)
  /// is not here, and `audit` says so instead of blaming the model.
  public var isCallback: Bool
  /// Whether it is a model value adopt could not construct (`StandIn.sample`): unanswered, it is
  /// a sample of its type's shape, and the transcript says `sample`.
  public var isSample: Bool
  /// The type it returns, where its signature does not say (a value an `init` assigns,
  /// `isEnabled = Current.sensors.isEnabled(sensor: sensor)`, returns the property's `Bool`).
  public var returns: String?

  /// A stand-in member `member`, declared `signature`, standing in because `why`, reached by
  /// `models` (empty: by every model).
  public init(
    _ member: String, signature: String, why: String, hasDefault: Bool, models: [String] = [], isCallback: Bool = false,
    isSample: Bool = false, returns: String? = nil
  ) {
    self.returns = returns
    self.member = member
    self.signature = signature
    self.why = why
    self.hasDefault = hasDefault
    self.models = models
    self.isCallback = isCallback
    self.isSample = isSample
  }
}

/// The process's stand-ins and who answers them: one lock-owning place, since generated code
/// calls from any thread or task.
public enum StandIns {
  private static let state = Mutex<(declared: [StandInDeclaration], answering: (any StandInAnswering)?)>(([], nil))

  /// Declares the package's stand-ins (the generated `main.swift` does, once).
  public static func declare(_ declarations: [StandInDeclaration]) {
    state.withLock { $0.declared = declarations }
  }

  /// The declared stand-ins, in the order declared.
  public static var declared: [StandInDeclaration] { state.withLock { $0.declared } }

  /// Makes `answering` the one that answers (nil: none does).
  public static func install(_ answering: (any StandInAnswering)?) {
    state.withLock { $0.answering = answering }
  }

  static var answering: (any StandInAnswering)? { state.withLock { $0.answering } }

  private static let defaultsObserver = Mutex<(@Sendable (StandInCall) -> Void)?>(nil)

  /// Tells `observer` of each call answered with its return type's default (`()`, `nil`, empty):
  /// `audit`'s worker writes them where a trap leaves them behind, since a trap that follows one
  /// may be the stand-in's doing (a registration function whose body Linux could not build).
  public static func observeDefaults(_ observer: (@Sendable (StandInCall) -> Void)?) {
    defaultsObserver.withLock { $0 = observer }
  }

  /// Tells the observer, if any, that `call` was answered with its type's default.
  static func answeredByDefault(_ call: StandInCall) {
    defaultsObserver.withLock { $0 }?(call)
  }
}
