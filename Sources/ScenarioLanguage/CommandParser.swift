import ScheduleNotation
/// Turns a line into a `Command`, with errors that point at the word that is wrong.
package enum CommandParser {
  /// The command on `line`, or nil for a blank or comment-only line. `actions` are the current
  /// model's action names, so a mistyped command that is really an action gets `send` suggested.
  package static func parse(_ line: String, actions: [String] = []) throws(ScenarioError) -> Command? {
    let tokens: [Token]
    do {
      tokens = try Lexer.tokenize(line)
    } catch {
      // `fails "unbalanced quote" set word "swift`: a word the lexer rejects after `fails` and its
      // command's name is the error the line checks.
      if let failing = failing(line, lexerError: error, actions: actions) { return failing }
      throw error
    }
    guard !tokens.isEmpty else { return nil }
    return try command(tokens, lineLength: line.count, actions: actions)
  }

  /// The `fails` line whose command the lexer rejected at `lexerError`'s column, when the words
  /// before it are `fails`, its optional text and a command's name.
  private static func failing(_ line: String, lexerError: ScenarioError, actions: [String]) -> Command? {
    guard let column = lexerError.column, column > 1,
      let before = try? Lexer.tokenize(String(line.prefix(column - 1))),
      let first = before.first?.word, (try? CommandName.resolve(first, column: 1)) == .fails
    else { return nil }
    var reader = TokenReader(tokens: Array(before.dropFirst()), name: .fails, lineLength: line.count)
    reader.nameColumn = before[0].column
    reader.actions = actions
    guard case .failing(let expectation, _)? = try? reader.failingCommand() else { return nil }
    return .failing(expectation, .failure(lexerError))
  }

  /// The command `tokens` (a line's, or what follows `fails`) hold, its name first.
  static func command(_ tokens: [Token], lineLength: Int, actions: [String]) throws(ScenarioError) -> Command {
    let first = tokens[0]
    guard let word = first.word else {
      throw ScenarioError(.notACommand(found: first.text), column: first.column)
    }
    let name: CommandName
    do {
      name = try CommandName.resolve(word, column: first.column)
    } catch {
      if let action = Suggestion.nearest(to: word, in: actions), !CommandName.names.contains(where: { $0.hasPrefix(word) }) {
        throw ScenarioError(.commandIsAction(word, action: action), column: first.column)
      }
      throw error
    }
    var reader = TokenReader(tokens: Array(tokens.dropFirst()), name: name, lineLength: lineLength)
    reader.nameColumn = first.column
    reader.actions = actions
    let command = try reader.command()
    try reader.expectEnd()
    return command
  }
}

/// Reads a command's arguments from its tokens.
struct TokenReader {
  var tokens: [Token]
  var name: CommandName
  var lineLength: Int
  var position = 0
  /// The column of the command's name.
  var nameColumn = 1
  /// The model's action names, for `fails` to suggest `send ACTION` for a mistyped command.
  var actions: [String] = []

  var next: Token? { position < tokens.count ? tokens[position] : nil }
  var endColumn: Int { lineLength + 1 }

  mutating func take() -> Token? {
    defer { position += 1 }
    return next
  }

  func missing(_ what: String) -> ScenarioError {
    ScenarioError(.missing(what, in: name), column: endColumn)
  }

  mutating func expectEnd() throws(ScenarioError) {
    if let extra = next {
      throw ScenarioError(.unexpectedWord(extra.text, after: name), column: extra.column)
    }
  }

  mutating func word(_ what: String) throws(ScenarioError) -> Located<String> {
    guard let token = take() else { throw missing(what) }
    guard let word = token.word else {
      throw ScenarioError(.expected(what, found: token.text, usage: name), column: token.column)
    }
    return Located(value: word, column: token.column)
  }

  mutating func value(_ what: String) throws(ScenarioError) -> Located<CommandValue> {
    guard let token = take() else { throw missing(what) }
    guard let value = token.value else {
      throw ScenarioError(.expected(what, found: token.text), column: token.column)
    }
    return Located(value: value, column: token.column)
  }

  mutating func duration() throws(ScenarioError) -> Duration {
    let located = try value("a duration such as 2s or 250ms")
    switch located.value {
    case .duration(let duration):
      if duration < .zero {
        throw ScenarioError(.negativeDuration("\(located.value)"), column: located.column)
      }
      return duration
    case .int(let number):
      throw ScenarioError(.durationWithoutUnit("\(number)"), column: located.column)
    case .double(let number):
      throw ScenarioError(.durationWithoutUnit("\(number)"), column: located.column)
    default:
      throw ScenarioError(.badDuration(tokens[position - 1].text), column: located.column)
    }
  }

  mutating func arguments() -> [CommandArgument] {
    var arguments: [CommandArgument] = []
    while let token = take() {
      switch token.kind {
      case .keyValue(let name, let value):
        arguments.append(CommandArgument(name: name, value: value, column: token.column))
      case .value(let value):
        arguments.append(CommandArgument(name: nil, value: value, column: token.column))
      case .comparison:
        position -= 1
        return arguments
      }
    }
    return arguments
  }

  mutating func effectSelection(allowAll: Bool) throws(ScenarioError) -> EffectSelection {
    guard next != nil else { return .unspecified }
    if allowAll, let token = next, token.word == "all" {
      position += 1
      return .all
    }
    var ids: [Located<Int>] = []
    while let token = take() {
      guard case .value(.effect(let id)) = token.kind else {
        let expected = allowAll ? "effect references like `#1`, or `all`" : "effect references like `#1`"
        throw ScenarioError(.expected(expected, found: token.text), column: token.column)
      }
      ids.append(Located(value: id, column: token.column))
    }
    return .ids(ids)
  }

  mutating func comparison() throws(ScenarioError) -> Comparison {
    guard let token = take() else { throw missing("a comparison (==, !=, <, <=, >, >= or contains)") }
    if case .comparison(let comparison) = token.kind { return comparison }
    if token.word == "contains" { return .contains }
    throw ScenarioError(.expected("a comparison (==, !=, <, <=, >, >= or contains)", found: token.text), column: token.column)
  }

  /// The command, read as its description says (`CommandName.spec`).
  mutating func command() throws(ScenarioError) -> Command {
    try name.spec.parse(&self)
  }

  /// `fails ["TEXT"] COMMAND`: the command after it, with what its error must say. A command
  /// that does not parse is kept with its error, which is then the error the line checks.
  mutating func failingCommand() throws(ScenarioError) -> Command {
    var text: Located<String>?
    if let token = next, case .value(.string(let value)) = token.kind {
      _ = take()
      text = Located(value: value, column: token.column)
    }
    guard let token = next else { throw missing("a command that must fail, like `fails send refesh`") }
    if token.word.flatMap({ try? CommandName.resolve($0, column: token.column) }) == .fails {
      throw ScenarioError(.failsTwice, column: token.column)
    }
    let rest = Array(tokens[position...])
    position = tokens.count
    let expectation = ErrorExpectation(text: text, column: nameColumn)
    do {
      return .failing(expectation, .success(try CommandParser.command(rest, lineLength: lineLength, actions: actions)))
    } catch {
      return .failing(expectation, .failure(error))
    }
  }

  /// `step [N] | step until EXPR | step COMMAND`: `step connect`, `step send add item=x` start
  /// the command's work, and nothing runs.
  mutating func stepCommand() throws(ScenarioError) -> SessionCommand {
    guard let following = next else { return .step(nil) }
    if following.word == "until" {
      _ = take()
      return .stepUntil(try condition())
    }
    if let word = following.word {
      _ = take()
      let inner = try CommandName.resolve(word, column: following.column)
      var reader = TokenReader(tokens: Array(tokens[position...]), name: inner, lineLength: lineLength)
      let command = try reader.command()
      try reader.expectEnd()
      position = tokens.count
      switch command {
      case .session(let command):
        switch command {
        case .connect, .disconnect, .send(_, _, awaited: false), .set, .cancel, .respond: return .stepInto(command)
        default: break
        }
      case .timeline, .frontEnd, .failing: break
      }
      throw ScenarioError(.stepCannotStart(inner.rawValue, usage: name), column: following.column)
    }
    let located = try value("the number of a job that may run next (`ready` lists them), or `until EXPR`")
    guard case .int(let number) = located.value, number >= 1 else {
      throw ScenarioError(.badJobNumber("\(located.value)"), column: located.column)
    }
    return .step(Located(value: number, column: located.column))
  }

  /// A whole number of steps, 1 or more.
  mutating func count() throws(ScenarioError) -> Located<Int> {
    let located = try value("a number of steps")
    guard case .int(let number) = located.value, number >= 1 else {
      throw ScenarioError(.outOfRange(option: name.rawValue, range: "a number of steps, 1 or more", got: "\(located.value)"), column: located.column)
    }
    return Located(value: number, column: located.column)
  }

  /// A step number of the history, 1 or more.
  mutating func step() throws(ScenarioError) -> Located<Int> {
    let located = try value("a step number (`history` lists them)")
    guard case .int(let number) = located.value, number >= 1 else {
      throw ScenarioError(.badStepNumber("\(located.value)"), column: located.column)
    }
    return Located(value: number, column: located.column)
  }

  /// `METHOD PATH` before an outcome (`GET /items/*`), if the next word is an HTTP method.
  mutating func route() throws(ScenarioError) -> RequestSelector? {
    guard let token = next, let method = token.word, RequestSelector.methods.contains(method) else { return nil }
    _ = take()
    guard let pathToken = next, let path = pathToken.word ?? pathToken.value?.text, path.hasPrefix("/") else {
      throw ScenarioError(.routeWithoutPath(method: method), column: next?.column ?? min(token.column + method.count + 1, endColumn))
    }
    _ = take()
    return .route(method: Located(value: method, column: token.column), path: Located(value: path, column: pathToken.column))
  }

  /// `OUTCOME [key=value ...]` of `respond` and `stub`.
  mutating func answer() throws(ScenarioError) -> (Located<String>, [CommandArgument]) {
    // `status=403` is short for the outcome `status` with 403 as its first argument.
    var shorthand: [CommandArgument] = []
    let outcome: Located<String>
    if let token = next, case .keyValue(let name, let value) = token.kind {
      _ = take()
      outcome = Located(value: name, column: token.column)
      shorthand = [CommandArgument(name: nil, value: value, column: token.column + name.count + 1)]
    } else {
      outcome = try word("an outcome such as `ok`")
    }
    return (outcome, shorthand + arguments())
  }

  /// `schedule`, `schedule fifo` or `schedule CHOICE:CANDIDATE ...`.
  mutating func scheduleSetting() throws(ScenarioError) -> ScheduleSetting {
    guard next != nil else { return .show }
    if next?.word == "fifo" {
      _ = take()
      return .fifo
    }
    var departures: [Departure] = []
    while let token = take() {
      guard let departure = Departure(token.text) else {
        throw ScenarioError(.badDeparture(token.text), column: token.column)
      }
      if departures.contains(where: { $0.choice == departure.choice }) {
        throw ScenarioError(.choicePinnedTwice(departure.choice), column: token.column)
      }
      departures.append(departure)
    }
    return .pinned(departures.sorted())
  }

  /// `explore [N] [strategy=pct|random] [depth=D] [seed=S]`.
  mutating func exploreRequest() throws(ScenarioError) -> ExploreRequest {
    var request = ExploreRequest()
    if let token = next, case .value(let value) = token.kind {
      _ = take()
      guard case .int(let count) = value, count >= 1 else {
        throw ScenarioError(.expected("a number of schedules, 1 or more", found: token.text, usage: name), column: token.column)
      }
      request.schedules = count
    }
    while let token = take() {
      guard case .keyValue(let key, let value) = token.kind else {
        throw ScenarioError(.unexpectedWord(token.text, after: name), column: token.column)
      }
      let column = token.column + key.count + 1
      switch key {
      case "strategy":
        guard let text = value.text, let strategy = ExploreStrategy(rawValue: text) else {
          throw Suggestion.unknown("strategy", value.text ?? "\(value)", among: ExploreStrategy.allCases.map(\.rawValue), listedAs: "strategies", column: column)
        }
        request.strategy = strategy
      case "depth":
        guard case .int(let depth) = value, (1...10).contains(depth) else {
          throw ScenarioError(.outOfRange(option: "depth", range: "a whole number from 1 to 10", got: "\(value)"), column: column)
        }
        request.depth = depth
      case "seed":
        guard case .int(let seed) = value, seed >= 0 else {
          throw ScenarioError(.outOfRange(option: "seed", range: "a whole number 0 or more", got: "\(value)"), column: column)
        }
        request.seed = UInt64(seed)
      default:
        throw ScenarioError(
          .unknownOption(key, of: name, nearest: Suggestion.nearest(to: key, in: ["strategy", "depth", "seed"])), column: token.column)
      }
    }
    return request
  }

  /// `date [DATE] [tz=ZONE] [locale=ID]`, in any order.
  /// `defaults`, or `defaults KEY VALUE [suite=NAME]` (`nil` removes the key).
  mutating func defaultsCommand() throws(ScenarioError) -> SessionCommand {
    guard next != nil else { return .defaults(key: nil, value: nil, suite: nil) }
    var suite: Located<String>?
    var words: [Token] = []
    while let token = take() {
      switch token.kind {
      case .keyValue("suite", let value):
        guard let text = value.text else {
          throw ScenarioError(.expected("a suite name after `suite=`", found: "\(value)"), column: token.column)
        }
        suite = Located(value: text, column: token.column + 6)
      case .keyValue(let option, _):
        throw ScenarioError(.unknownOption(option, of: name, nearest: Suggestion.nearest(to: option, in: ["suite"])), column: token.column)
      default:
        words.append(token)
      }
    }
    guard words.count == 2, let key = words[0].value?.text, let value = words[1].value else {
      let column = words.count > 2 ? words[2].column : (words.last.map { $0.column + $0.text.count } ?? 1)
      throw ScenarioError(
        words.count > 2 ? .unexpectedInUsage(words[2].text, usage: name) : .needs("a key and a value", usage: name), column: column)
    }
    return .defaults(key: Located(value: key, column: words[0].column), value: Located(value: value, column: words[1].column), suite: suite)
  }

  mutating func dateCommand() throws(ScenarioError) -> SessionCommand {
    var date: Located<String>?
    var zone: Located<String>?
    var locale: Located<String>?
    while let token = take() {
      switch token.kind {
      case .keyValue("tz", let value), .keyValue("locale", let value):
        guard let text = value.text else {
          throw ScenarioError(.expected("a name after `\(token.text.prefix { $0 != "=" })=`", found: "\(value)"), column: token.column)
        }
        let option = token.text.hasPrefix("tz=") ? "tz" : "locale"
        let located = Located(value: text, column: token.column + option.count + 1)
        if option == "tz" { zone = located } else { locale = located }
      case .keyValue(let option, _):
        throw ScenarioError(.unknownOption(option, of: name, nearest: Suggestion.nearest(to: option, in: ["tz", "locale"])), column: token.column)
      default:
        guard date == nil else {
          throw ScenarioError(.secondDate(token.text), column: token.column)
        }
        date = Located(value: token.text.hasPrefix("\"") ? (token.value?.text ?? token.text) : token.text, column: token.column)
      }
    }
    return .date(date: date, timeZone: zone, locale: locale)
  }

  /// The expression after `until`: what `expect` takes.
  mutating func condition() throws(ScenarioError) -> Condition {
    guard next != nil else { throw missing("an expression of `expect`'s language after `until` (`uiState.isLoading == false`, `#1 finished`, `time >= 1s`)") }
    switch try expectation() {
    case .expectState(let path, let comparison, let value): return .state(path: path, comparison: comparison, value: value)
    case .expectEffect(let id, let status): return .effect(id: id, status: status)
    case .expectTime(let comparison, let value): return .time(comparison: comparison, value: value)
    case .expectLog(let text): return .log(text: text)
    default: throw missing("an expression of `expect`'s language after `until`")
    }
  }

  mutating func expectation() throws(ScenarioError) -> SessionCommand {
    guard let subject = take() else { throw missing("something to check") }
    if case .value(.effect(let id)) = subject.kind {
      let word = try word("a status: running, finished, cancelled or failed")
      guard let status = EffectStatus(rawValue: word.value) else {
        let nearest = Suggestion.nearest(to: word.value, in: EffectStatus.allCases.map(\.rawValue))
        throw ScenarioError(.unknownEffectStatus(word.value, nearest: nearest), column: word.column)
      }
      return .expectEffect(id: Located(value: id, column: subject.column), status: Located(value: status, column: word.column))
    }
    guard let path = subject.word else {
      throw ScenarioError(.expected("a state path, `#N`, `time` or `log` after `expect`", found: subject.text), column: subject.column)
    }
    if path == "time" {
      let comparison = try comparison()
      guard comparison != .contains else {
        throw ScenarioError(.expectTimeOperator, column: subject.column)
      }
      return .expectTime(comparison: comparison, value: try duration())
    }
    // `idle` and `freed` alone, and `warnings` compared with a count; a state field of any of them is
    // still reached with a value of another kind or a longer path.
    if path == "idle", next == nil {
      return .expectIdle
    }
    if path == "freed", next == nil {
      return .expectFreed
    }
    if path == "warnings" {
      let comparison = try comparison()
      let count = try value("a number of warnings")
      guard case .int(let number) = count.value, comparison != .contains else {
        return .expectState(path: Located(value: path, column: subject.column), comparison: comparison, value: count)
      }
      return .expectWarnings(comparison: comparison, count: Located(value: number, column: count.column))
    }
    // `requests DEPENDENCY OP N`; `requests` followed by a comparison is a state field of that name.
    if path == "requests", let dependency = next?.word, dependency != "contains" {
      _ = take()
      let comparison = try comparison()
      let count = try value("a number of requests")
      guard case .int(let number) = count.value, comparison != .contains else {
        throw ScenarioError(.expected("a number of requests", found: "\(count.value)"), column: count.column)
      }
      return .expectRequests(
        dependency: Located(value: dependency, column: subject.column + path.count + 1), comparison: comparison,
        count: Located(value: number, column: count.column))
    }
    if path == "log" {
      let comparison = try comparison()
      guard comparison == .contains else {
        throw ScenarioError(.expectLogForm, column: subject.column)
      }
      let text = try value("the text to look for")
      guard let string = text.value.text else {
        throw ScenarioError(.expected("a quoted text after `contains`", found: "\(text.value)"), column: text.column)
      }
      return .expectLog(text: string)
    }
    let comparison = try comparison()
    let value = try value("a value to compare with")
    return .expectState(
      path: Located(value: path, column: subject.column), comparison: comparison, value: value)
  }
}
