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
    /// `ModelBuilder.offered` names no action of the model: the name, and the nearest one.
    case gateOfUnknownAction(action: String, nearest: String?)
    /// `ModelBuilder.notSetByViews` names no property of the model: the name, and the nearest one.
    case notSetOfUnknownProperty(property: String, nearest: String?)
    /// `ModelBuilder.reachedBy` names no action of the model: the name, and the nearest one.
    case reachedByUnknownAction(action: String, nearest: String?)
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

    // MARK: The language's own words

    /// A `#N` or `#rN` reference that does not end after its number.
    case badReference(String, what: String, prefix: String, example: String)
    /// The line ends where a value goes.
    case expectedValue
    /// A JSON value (`json={...`) whose closing bracket never comes.
    case unclosedJSON(String, closer: String)
    /// A backslash before a character strings do not escape.
    case unknownEscape(String)
    /// A word where a number or a duration goes that is neither.
    case notANumberOrDuration(String)
    /// A line that starts with something other than a command's word.
    case notACommand(found: String)
    /// An unknown command that is the name of an action (`refresh` for `send refresh`).
    case commandIsAction(String, action: String)
    /// `fails fails ...`.
    case failsTwice
    /// `step` before a command that it cannot start job by job.
    case stepCannotStart(String, usage: CommandName)
    /// `step` with something other than a job's number or `until`.
    case badJobNumber(String)
    /// `stub` naming a request, which only `respond` does.
    case stubTakesNoRequest(dependency: String, request: String)
    /// A history step number that is not a whole number from 1.
    case badStepNumber(String)
    /// A route's method (`GET`) without a path after it.
    case routeWithoutPath(method: String)
    /// A word of `schedule pin` that is not CHOICE:CANDIDATE.
    case badDeparture(String)
    /// `schedule pin` naming a choice point twice.
    case choicePinnedTwice(Int)
    /// A word after what `command` takes, said with its usage alone (`defaults`).
    case unexpectedInUsage(String, usage: CommandName)
    /// `command` without what it needs, said with its usage alone.
    case needs(String, usage: CommandName)
    /// `date` given a second date.
    case secondDate(String)
    /// `expect #N STATUS` with a status that is none of the effect statuses.
    case unknownEffectStatus(String, nearest: String?)
    /// `expect time` with `contains`.
    case expectTimeOperator
    /// `expect log` with anything but `contains`.
    case expectLogForm

    // MARK: Scripted dependencies and their arguments

    /// A value none of a CaseIterable enum's cases spell.
    case notOneOf(parameter: String, cases: [String], got: String, nearest: String?)
    /// A value of the wrong kind for a parameter: `expects` says what it takes.
    case wrongKind(parameter: String, expects: String, got: CommandValue)
    /// An outcome the dependency does not have; `expected` lists the ones it has.
    case unknownOutcome(dependency: String, outcome: String, expected: String, nearest: String?)
    /// A `name=value` argument the owner (an action, an outcome, a model) does not take.
    case noSuchArgument(owner: String, name: String, nearest: String?, takes: [String])
    /// More positional arguments than the owner takes.
    case tooManyArguments(owner: String, at: CommandValue, takes: Int)
    /// One argument given twice.
    case givenTwice(owner: String, parameter: String)
    /// A required argument left out: `positional` when it is an unlabeled associated value.
    case argumentMissing(owner: String, parameter: String, type: String, positional: Bool)
    /// `http=replay:FILE` naming no file.
    case noCassette(path: String)
    /// A cassette file that does not decode: the decoder's words.
    case notACassette(path: String, problem: String)
    /// A replayed request the cassette has no recording of, with the nearest one it has.
    case notInCassette(path: String, request: String, nearest: String?)
    /// `http=WORD` that is no HTTP mode.
    case notAnHTTPMode(String)
    /// `http=` given a value that is not a word.
    case httpModeNotAWord
    /// `error=KIND` naming no transport error; `expected` lists them.
    case unknownTransportError(String, expected: [String])
    /// `status=CODE` outside 100 to 599.
    case notAnHTTPStatus(Int)
    /// Two of `json=`, `text=` and `body=@FILE`.
    case oneBodyOnly
    /// `json=` that does not parse.
    case invalidJSON(String)
    /// `body=` without `@`.
    case bodyWithoutAt
    /// A header line without a colon.
    case badHeader(String)
    /// `body=@FILE` naming no file: `folder` is where relative paths are looked up.
    case noFile(String, folder: String)
    /// A route (`stub NAME GET /x`) for a dependency other than `http`.
    case routeForHTTPOnly(dependency: String, method: String, path: String)

    // MARK: The session

    /// `expect log contains TEXT` where no line holds it.
    case logLacks(String)
    /// `files=` given a value that is not a folder's name.
    case filesNotAFolderName
    /// `files=FOLDER` naming no folder.
    case noFolderToSeed(String)
    /// A process started with `VMREPL_NO_SANDBOX`.
    case noSandbox
    /// A list for UserDefaults holding something other than numbers, booleans and strings.
    case defaultsListKinds
    /// A UserDefaults value of a kind it cannot keep.
    case defaultsValueKind(String)
    /// `connect` on a model without lifecycle work.
    case nothingToConnect(model: String)
    /// `disconnect` with nothing connected.
    case nothingConnected
    /// An action that threw as it was sent.
    case actionThrew(action: String, error: String)
    /// `cancel` with no effect running.
    case nothingToCancel
    /// `cancel #N` of an effect that has ended.
    case effectEnded(Int, status: String)
    /// `date ... locale=X` for a locale Foundation on Linux does not let change.
    case localeFixed(current: String, requested: String)
    /// A date that is none of the forms `date` takes.
    case badDate(String)
    /// A date outside the years the virtual clock reaches.
    case dateOutOfRange(String, from: Int, to: Int)
    /// `await` fired its timer limit with work still running.
    case awaitTimerLimit(Int)
    /// `await` waited its wall-time limit for work outside the simulation.
    case awaitWallLimit(String, waitingFor: [String])
    /// The simulation stopped the command (a runaway, Ctrl-C): its own words.
    case simulationStopped(String)
    /// `run FILE` or `save FILE` in a script.
    case interactiveOnly(CommandName, file: String)
    /// `explore` in a session no front end carries it out for (a timeline a program made).
    case cannotExploreHere
    /// `respond` or `stub` to a model without scripted dependencies.
    case noScriptedDependencies(model: String)
    /// A generated stand-in's synchronous call that nothing answered (`stub` would have).
    case standInUnanswered(member: String, signature: String)
    /// `undo N` past the `use`.
    case cannotUndo(Int, current: Int)
    /// `redo N` past what was undone.
    case cannotRedo(Int, undone: Int)
    /// `step N` where fewer jobs may run next.
    case noSuchJob(Int, ready: Int)
    /// `step` while only work outside the simulation is under way.
    case onlyOutsideWork(String)
    /// `step until` or `advance until` that ran its job limit.
    case untilLimit(condition: String, jobs: Int, at: String)
    /// `step until` or `advance until` whose condition can no longer come true.
    case neverHolds(condition: String, after: String, at: String)
    /// An ordering comparison between values that have no order.
    case cannotOrder(String, with: CommandValue, comparison: String)
    /// An equality comparison between values of kinds that cannot be compared.
    case cannotCompare(String, with: CommandValue)
    /// `contains` on a string with something other than text.
    case containsNeedsText(CommandValue)
    /// `contains` on a value that is no list, string or dictionary.
    case containsNeedsCollection(String)
    /// An action's associated value of a type commands cannot write.
    case unwritablePayload(action: String, field: String, type: String)
    /// A value that does not fit the associated value's type.
    case doesNotFit(field: String, value: String, type: String)
    /// An action the decoder could not make, in its words.
    case actionNotMade(action: String, error: String)

    // MARK: Any other

    /// A message a view-model's own code gives (`ScenarioError("...")`, the public initializer):
    /// vmrepl's own errors are each a kind above.
    case message(String)

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
