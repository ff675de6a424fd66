extension ScenarioError {
  /// What went wrong, by kind, with the words that differ from one error to the next. `text` is
  /// the one place each kind's message is written (as swift-argument-parser's
  /// `ErrorMessageGenerator` is for its errors), so a message shared by several commands reads
  /// the same everywhere and is tested once (`ErrorReasonTests`).
  package enum Reason: Equatable, Sendable {
    /// A word after everything the command takes.
    case unexpectedWord(String, after: CommandName)
    /// The command ends where it needs `what`.
    case missing(String, in: CommandName)
    /// A word that is not what the command takes there; with `usage`, the command's usage too.
    case expected(String, found: String, usage: CommandName? = nil)
    /// A number with no unit where a duration goes.
    case durationWithoutUnit(String)
    /// A duration below zero.
    case negativeDuration(String)
    /// Something that is neither a number nor a duration where a duration goes.
    case badDuration(String)
    /// A `key=` option the command does not have, with the nearest one it has.
    case unknownOption(String, of: CommandName, nearest: String?)
    /// A duration whose unit is none of ns, us, ms, s, m or h, with the nearest unit.
    case unknownDurationUnit(String, unit: String, nearest: String?)
    /// A duration past what virtual time can count.
    case durationTooLong(String)
    /// A word that starts like a number and is not one.
    case notANumber(String)
    /// A comparison operator that is none of ==, !=, <, <=, >, >=.
    case unknownOperator(String)
    /// A `key=` with nothing after the `=`.
    case optionWithoutValue(String)
    /// A string or list whose closing mark never comes: `mark` names the opener (`quote`,
    /// `bracket`), `what` the value, `closer` what to add.
    case unbalanced(mark: String, what: String, closer: String)
    /// A word naming nothing known of its kind (a model, an action, a command...).
    case unknown(kind: String, word: String, nearest: String?, listedAs: Listing?, suffix: String, otherwise: String)
    /// A prefix of several commands.
    case ambiguousCommand(String, candidates: [CommandName])
    /// A whole number outside what an option takes: `range` says what it takes.
    case outOfRange(option: String, range: String, got: String)
    /// A history command before the history's `use`.
    case noHistory
    /// A step number past the history's end.
    case noSuchStep(Int, steps: Int)
    /// An effect number no effect has.
    case noSuchEffect(Int, effects: Int)
    /// A check of `expect` that does not hold: what it claimed and what is.
    case expectationFailed(claim: String, actual: String)
    /// Nothing can run and no timer is left, but work waits on what can never come; the lines
    /// after the first say what each piece of work waits on.
    case deadlock(String)
    /// `await` cannot finish because the work waits on requests the scenario has not answered:
    /// nothing is stuck. The lines say which request and the line that answers it.
    case waitingOnScenario(String)
    /// `respond` to a scripted dependency (`http` too) with no pending request to answer.
    case nothingToRespondTo(dependency: String)
    /// `respond` naming a request (`#r2`, `"TEXT"`, a route) that is not pending: what it named,
    /// and the requests that are (id and description), oldest first.
    case noSuchPendingRequest(dependency: String, wanted: String, pending: [PendingRequestName])
    /// A state path that cannot be read as one: `problem` says where it breaks.
    case badStatePath(String, problem: String)
    /// An action's arguments do not fit it, or it threw: the action and what went wrong.
    case actionFailed(action: String, problem: String)
    /// A state path's step that the value there cannot take: `here` names the path so far.
    case cannotFollowPath(here: String, problem: String)
    /// An action enum the registration cannot read: `problem` says what went wrong.
    case actionEnumUnreadable(problem: String)
    /// `step` with nothing to run: no job ready, no timer set; `requests` names what the work
    /// waits for when it waits on requests the scenario answers.
    case nothingToStep(requests: String?)
    /// `undo` before any session, or `redo` with nothing undone.
    case nothingToUndo, nothingToRedo
    /// A command that needs a model before `use`.
    case noModelInUse
    /// Something the session does on the disk or with the view-model failed: what it tried, and
    /// why (`could not write t.svg: ...`).
    case couldNot(String, because: String)
    /// A `fails` line whose command succeeded; `what` says which error it wanted.
    case expectedErrorMissing(String)
    /// A `fails "TEXT"` line whose command failed with another error.
    case expectedErrorDiffers(expected: String, got: String)
    /// A message of its own, not (yet) shared by any other error.
    case message(String)

    /// The message users see.
    package var text: String {
      switch self {
      case .unexpectedWord(let word, let command):
        return "unexpected `\(word)` after `\(command.rawValue)`; usage: \(command.usage)"
      case .missing(let what, let command):
        return "`\(command.rawValue)` needs \(what); usage: \(command.usage) (example: \(command.example))"
      case .expected(let what, let found, let usage):
        return "expected \(what), found `\(found)`" + (usage.map { "; usage: \($0.usage)" } ?? "")
      case .durationWithoutUnit(let number):
        return "bad duration `\(number)`: it has no unit; expected ns, us, ms, s, m or h (like `\(number)s`)"
      case .negativeDuration(let text):
        return "a duration cannot be negative, got `\(text)`"
      case .badDuration(let text):
        return "bad duration `\(text)`: expected a number and a unit, like 2s or 250ms"
      case .unknownDurationUnit(let word, let unit, let nearest):
        return "bad duration `\(word)`: unknown unit `\(unit)`; expected ns, us, ms, s, m or h" + Self.didYouMean(nearest)
      case .durationTooLong(let word):
        return "duration `\(word)` is too long"
      case .notANumber(let word):
        return "`\(word)` is not a number; expected something like 42, -3 or 1.5"
      case .unknownOperator(let symbol):
        return "unknown operator `\(symbol)`; expected one of ==, !=, <, <=, >, >="
      case .optionWithoutValue(let key):
        return "`\(key)=` has no value; write `\(key)=VALUE`"
      case .unbalanced(let mark, let what, let closer):
        return "unbalanced \(mark): the \(what) that starts here is not closed; add a `\(closer)`"
      case .unknownOption(let option, let command, let nearest):
        return "unknown option `\(option)` of `\(command.rawValue)`" + Self.didYouMean(nearest) + "; usage: \(command.usage)"
      case .unknown(let kind, let word, let nearest, let listedAs, let suffix, let otherwise):
        let list = listedAs.map { " (\($0.plural): \($0.all.joined(separator: ", ")))" } ?? ""
        return "unknown \(kind) `\(word)`" + Self.didYouMean(nearest) + list + suffix + (nearest == nil ? otherwise : "")
      case .ambiguousCommand(let word, let candidates):
        return "ambiguous command `\(word)`: it starts " + candidates.map { "`\($0.rawValue)`" }.joined(separator: ", ")
      case .outOfRange(let option, let range, let got):
        return "`\(option)` takes \(range), got `\(got)`"
      case .noHistory:
        return "no history yet; `use MODEL` first"
      case .noSuchStep(let step, let steps):
        return "there is no step \(step); the history has steps 1 to \(steps) (`history` lists them)"
      case .noSuchEffect(let id, let effects):
        return "there is no effect #\(id); " + (effects == 0 ? "no effect has started" : "effects are #1 to #\(effects)")
      case .expectationFailed(let claim, let actual):
        return "expectation failed: \(claim), but it is \(actual)"
      case .deadlock(let details):
        return "deadlock: nothing can run and no timer is left, but work is still waiting:\n" + details
      case .waitingOnScenario(let details):
        return "await cannot finish: the work waits on requests the scenario has not answered yet (not a deadlock: a `respond` line lets it go on):\n" + details
      case .nothingToRespondTo(let dependency):
        return "`\(dependency)` has no pending request to answer; `stub \(dependency) ...` answers future ones"
      case .noSuchPendingRequest(let dependency, let wanted, let pending):
        let listed = pending.isEmpty ? "it has no pending request" : "pending: " + pending.map { "#\($0.id) (\($0.description))" }.joined(separator: ", ")
        return "`\(dependency)` has no pending request \(wanted); \(listed)"
      case .badStatePath(let path, let problem):
        return "bad state path `\(path)`: \(problem)"
      case .actionFailed(let action, let problem):
        return "action `\(action)`: \(problem)"
      case .cannotFollowPath(let here, let problem):
        return "\(here) \(problem)"
      case .actionEnumUnreadable(let problem):
        return problem + "; an action enum needs the Decodable conformance the compiler writes (no hand-written init(from:))"
      case .nothingToStep(let requests?):
        return "nothing to step: no job is ready and no timer is set; waiting for \(requests) (`respond` answers)"
      case .nothingToStep(nil):
        return "nothing to step: no job is ready and no timer is set (the simulation is idle)"
      case .nothingToUndo:
        return "nothing to undo: no session yet; `use MODEL` first"
      case .nothingToRedo:
        return "nothing to redo: no step has been undone since the last new command"
      case .noModelInUse:
        return "no model in use; `use MODEL` first (`models` lists them)"
      case .couldNot(let what, let reason):
        return "could not \(what): \(reason)"
      case .expectedErrorMissing(let what):
        return "`fails` expected the command to fail\(what), but it succeeded"
      case .expectedErrorDiffers(let expected, let got):
        return "`fails` expected an error containing \(CommandValue.quote(expected)), but the error was: \(got)"
      case .message(let text):
        return text
      }
    }

    /// Every candidate an unknown word was looked for among, as the message lists them.
    package struct Listing: Equatable, Sendable {
      /// What they are called together: `models`, `actions`.
      package var plural: String
      package var all: [String]
    }

    /// `; did you mean `x`?`, or nothing.
    static func didYouMean(_ nearest: String?) -> String {
      nearest.map { "; did you mean `\($0)`?" } ?? ""
    }
  }
}

/// A pending request as an error lists it: `#r2 (GET /items)`.
package struct PendingRequestName: Equatable, Sendable {
  package var id: String
  package var description: String

  package init(id: String, description: String) {
    self.id = id
    self.description = description
  }
}
