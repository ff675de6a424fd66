/// A `Result` a stand-in returns, answered as its parts are: `value=`/`json=` is its success's
/// value (`()` for `Result<Void, _>`, whatever was written), `none` its success's default (`()`,
/// nil, empty, or the package's `StandInEmpty` of its type) where it has one, `error=` its failure: the message itself where the failure is
/// any `Error`, else as the package's `StandInFailure` for the type makes one, else the failure
/// enum's first case where its cases carry nothing. Services the
/// app's code calls through a protocol return them from async functions (205 of element-x's 302
/// stood-in async members return `Result<Void, ...>`); none has a default of its own, since
/// success or failure is the scenario's to say, so an unanswered one waits like a request.
protocol StandInResult {
  /// The success `json` makes, or why it is not one.
  static func standInSuccess(json: String, member: String) throws(StandInError) -> Self
  /// The success made of its value's default, where that value has one.
  static var standInDefaultSuccess: Self? { get }
  /// The failure an `error="message"` answer makes, where one can be made.
  static func standInFailure(_ message: String) -> Self?
}

extension Result: StandInResult {
  static func standInSuccess(json: String, member: String) throws(StandInError) -> Self {
    .success(try StandIn.value(.json(json), as: Success.self, member: member).get())
  }

  static var standInDefaultSuccess: Self? {
    (StandIn.defaultValue(Success.self) ?? StandInEmpties.make(Success.self)).map { .success($0) }
  }

  static func standInFailure(_ message: String) -> Self? {
    if let failure = StandInError(message) as? Failure { return .failure(failure) }
    if let failure = StandInFailures.make(Failure.self, message) { return .failure(failure) }
    if let first = EnumCases.make(Failure.self, index: 0) { return .failure(first) }
    return nil
  }
}
