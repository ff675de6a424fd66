/// A word of a command and where it stands, so later checks can point at it.
package struct Located<Wrapped: Equatable & Sendable>: Equatable, Sendable {
  package var value: Wrapped
  package var column: Int
}

/// An argument to an action, an option or an outcome: positional or `name=value`.
package struct Argument: Equatable, Sendable {
  /// The name, for `name=value`; nil for a positional argument.
  package var name: String?
  package var value: Value
  package var column: Int
}

/// Which effects a command names.
package enum EffectSelection: Equatable, Sendable {
  /// No effect named: the command's default.
  case unspecified
  /// `all`.
  case all
  /// `#N ...`.
  case ids([Located<Int>])
}

/// A parsed command of the vmrepl language.
package enum Command: Equatable, Sendable {
  case models
  case use(model: Located<String>, options: [Argument])
  case describe
  case connect
  case disconnect
  case send(action: Located<String>, arguments: [Argument], awaited: Bool)
  case await(EffectSelection)
  case cancel(EffectSelection)
  case advance(Duration)
  case settle
  case set(property: Located<String>, value: Located<Value>)
  case state(path: Located<String>?)
  case expectState(path: Located<String>, comparison: String, value: Located<Value>)
  case expectEffect(id: Located<Int>, status: Located<String>)
  case expectTime(comparison: String, value: Duration)
  case expectLog(text: String)
  case respond(dependency: Located<String>, outcome: Located<String>, arguments: [Argument])
  case stub(dependency: Located<String>, outcome: Located<String>, arguments: [Argument])
  case seed(UInt64)
  case date(date: Located<String>?, timeZone: Located<String>?, locale: Located<String>?)
  case effects
  case time
  case log
  case help(Located<String>?)
  case quit

  /// Whether the command can change the model, so its output ends with the view state.
  package var showsState: Bool {
    switch self {
    case .use, .connect, .disconnect, .send, .await, .cancel, .advance, .settle, .set, .respond,
      .stub:
      return true
    default:
      return false
    }
  }
}
