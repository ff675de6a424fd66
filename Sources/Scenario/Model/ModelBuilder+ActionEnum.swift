extension ModelBuilder {
  /// Makes every case of a `Decodable` action enum an action, its associated values the
  /// arguments: `send search word="swift" page=2`, or positionally `send search swift 2`.
  ///
  /// ```swift
  /// enum Action: Decodable {
  ///   case load
  ///   case search(word: String, page: Int?)
  ///   case select(Int)
  /// }
  ///
  /// model.actions(Action.self) { viewModel, action in viewModel.send(action) }
  /// ```
  ///
  /// Associated values may be `String`, integers, floating-point numbers, `Bool`, `Duration`,
  /// `CaseIterable` raw-value enums (written as their raw values), any `CommandValueConvertible`
  /// type, arrays of these (written as lists, `ids=[1, 2]`), or optionals of these, which a
  /// command may leave out. Unlabeled values are named `_0`, `_1`. Commands use the Swift case
  /// and label names even when `CodingKeys` rename them. `summaries` gives `describe` a line per
  /// case name.
  public mutating func actions<Action: Decodable>(
    _ type: Action.Type, summaries: [String: String] = [:],
    perform: @escaping @MainActor (Model, Action) throws -> Void
  ) {
    addCases(type, summaries: summaries) { cases, name, model in
      .sync { arguments in
        try perform(model, try cases.make(name, arguments))
        return nil
      }
    }
  }

  /// Like `actions(_:summaries:perform:)`, for an entry point that hands back work to track (a
  /// `Task` or an `Effect`): `send` reports it as an effect, `await send` waits for it.
  public mutating func actions<Action: Decodable>(
    _ type: Action.Type, summaries: [String: String] = [:],
    tracking perform: @escaping @MainActor (Model, Action) throws -> (any TrackedWork)?
  ) {
    addCases(type, summaries: summaries) { cases, name, model in
      .sync { arguments in try perform(model, try cases.make(name, arguments)) }
    }
  }

  /// Like `actions(_:summaries:perform:)`, for an awaitable entry point
  /// (`await viewModel.send(action)`): `send` starts it as an effect, `await send` waits for it.
  public mutating func asyncActions<Action: Decodable>(
    _ type: Action.Type, summaries: [String: String] = [:],
    perform: @escaping @MainActor (Model, Action) async throws -> Void
  ) {
    addCases(type, summaries: summaries) { cases, name, model in
      .async { arguments in try await perform(model, try cases.make(name, arguments)) }
    }
  }
}
