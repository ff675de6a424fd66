extension ScenarioError.Reason {
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
    case .gateOfUnknownAction(let action, let nearest):
      return "`offered` names `\(action)`, which is no action of this model" + Self.didYouMean(nearest)
    case .reachedByUnknownAction(let action, let nearest):
      return "`reachedBy` names `\(action)`, which is no action or property of this model" + Self.didYouMean(nearest)
    case .notSetOfUnknownProperty(let property, let nearest):
      return "`notSetByViews` names `\(property)`, which is no property of this model" + Self.didYouMean(nearest)
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
    case .badReference(let word, let what, let prefix, let example):
      return "`\(word)` is not \(what) reference; expected `\(prefix)` and a number, like `\(example)`"
    case .expectedValue:
      return "expected a value"
    case .unclosedJSON(let text, let closer):
      return "the JSON value `\(text)` is not closed; expected `\(closer)`"
    case .unknownEscape(let escaped):
      return "unknown escape `\\\(escaped)` in a string; expected \\\", \\\\ or \\n"
    case .notANumberOrDuration(let word):
      return "`\(word)` is not a number or a duration"
    case .notACommand(let found):
      return "expected a command, found `\(found)`; commands are words like `send` (`help` lists them)"
    case .commandIsAction(let word, let action):
      return "unknown command `\(word)`; did you mean `send \(action)`?"
    case .failsTwice:
      return "`fails` once is enough: `fails fails ...` says nothing more"
    case .stepCannotStart(let inner, let usage):
      return "`step` starts `connect`, `disconnect`, `send`, `set`, `cancel` or `respond` without running their jobs, not `\(inner)`; usage: \(usage.usage)"
    case .badJobNumber(let got):
      return "`step` takes the number of a job that may run next, 1 or more (`ready` lists them), or `until EXPR`; got `\(got)`"
    case .stubTakesNoRequest(let dependency, let request):
      return "`stub` sets what future requests get and takes no request; `respond \(dependency) \(request) ...` answers a pending one"
    case .badStepNumber(let got):
      return "expected a step number (`history` lists them), got `\(got)`"
    case .routeWithoutPath(let method):
      return "`\(method)` needs a path after it, like `\(method) /items` (`*` stands for any run of characters)"
    case .badDeparture(let word):
      return "`\(word)` is not a departure; write CHOICE:CANDIDATE, a choice point from 1 and a candidate from 2 (candidate 1 is first in, first out), like `4:2`, or `fifo`"
    case .choicePinnedTwice(let choice):
      return "choice point \(choice) is pinned twice; a choice point runs one candidate"
    case .unexpectedInUsage(let word, let usage):
      return "unexpected `\(word)`; usage: \(usage.usage)"
    case .needs(let what, let usage):
      return "`\(usage.rawValue)` needs \(what); usage: \(usage.usage)"
    case .secondDate(let word):
      return "unexpected `\(word)`: `date` takes one date; usage: \(CommandName.date.usage)"
    case .unknownEffectStatus(let word, let nearest):
      return "unknown effect status `\(word)`; expected running, finished, cancelled or failed" + Self.didYouMean(nearest)
    case .expectTimeOperator:
      return "`expect time` compares with ==, !=, <, <=, > or >="
    case .expectLogForm:
      return "`expect log` takes `contains \"TEXT\"`"
    case .notOneOf(let parameter, let cases, let got, let nearest):
      return "`\(parameter)` expects one of \(cases.joined(separator: ", ")), got `\(got)`" + Self.didYouMean(nearest)
    case .wrongKind(let parameter, let expects, let got):
      return "`\(parameter)` expects \(expects), got \(got.kindName) `\(got)`"
    case .unknownOutcome(let dependency, let outcome, let expected, let nearest):
      return "`\(dependency)` has no outcome `\(outcome)`; expected \(expected)" + Self.didYouMean(nearest)
    case .noSuchArgument(let owner, let name, let nearest, let takes):
      return "\(owner) has no argument `\(name)`" + Self.didYouMean(nearest)
        + (takes.isEmpty ? "; it takes none" : " (it takes " + takes.joined(separator: ", ") + ")")
    case .tooManyArguments(let owner, let value, let takes):
      return "\(owner): too many arguments at `\(value)`; " + (takes == 0 ? "it takes none" : "it takes \(takes)")
    case .givenTwice(let owner, let parameter):
      return "\(owner): `\(parameter)` is given twice"
    case .argumentMissing(let owner, let parameter, let type, let positional):
      return "\(owner) needs `\(parameter)` (\(type)); " + (positional ? "write it after the action's name" : "write `\(parameter)=VALUE`")
    case .noCassette(let path):
      return "no cassette at \(path); record one with `use MODEL http=record:FILE`"
    case .notACassette(let path, let problem):
      return "the cassette \(path) is not one vmrepl wrote: \(problem)"
    case .notInCassette(let path, let request, let nearest):
      return "the cassette \(path) has no recording of \(request)"
        + (nearest.map { "; the nearest recorded request is \($0)" } ?? "; it records no request")
        + " (the app gets URLError.resourceUnavailable)"
    case .notAnHTTPMode(let word):
      return "`http=\(word)` is not an HTTP mode; expected script, live, record:FILE or replay:FILE"
    case .httpModeNotAWord:
      return "`http=` takes script, live, record:FILE or replay:FILE"
    case .unknownTransportError(let name, let expected):
      return "unknown transport error `\(name)`; expected \(expected.joined(separator: ", "))"
    case .notAnHTTPStatus(let status):
      return "`\(status)` is not an HTTP status; expected 100 to 599"
    case .oneBodyOnly:
      return "give one body: `json=`, `text=` or `body=@FILE`"
    case .invalidJSON(let json):
      return "`json=` is not valid JSON: \(json)"
    case .bodyWithoutAt:
      return "`body=` names a file with `@`: body=@fixtures/items.json"
    case .badHeader(let line):
      return "a header is `NAME: VALUE`, not `\(line)`"
    case .noFile(let path, let folder):
      return "no file at \(path) (looked in \(folder))"
    case .routeForHTTPOnly(let dependency, let method, let path):
      return "`\(dependency)` is stubbed by outcome alone; a route (`\(method) \(path)`) is for `http`"
    case .logLacks(let text):
      return "expectation failed: the log does not contain \(CommandValue.quote(text))"
    case .filesNotAFolderName:
      return "`files=` names a folder beside the scenario"
    case .noFolderToSeed(let folder):
      return "`files=` names a folder to copy into the sandbox's home; there is none at \(folder)"
    case .noSandbox:
      return "there is no storage sandbox in this process (VMREPL_NO_SANDBOX is set)"
    case .defaultsListKinds:
      return "a list for UserDefaults holds numbers, booleans and strings only"
    case .defaultsValueKind(let kind):
      return "UserDefaults keeps numbers, booleans, strings and lists of them; \(kind) is none"
    case .nothingToConnect(let model):
      return "model `\(model)` has no lifecycle work to connect"
    case .nothingConnected:
      return "nothing is connected; `connect` first"
    case .actionThrew(let action, let error):
      return "action `\(action)` threw: \(error)"
    case .nothingToCancel:
      return "no effect is running; nothing to cancel"
    case .effectEnded(let id, let status):
      return "effect #\(id) has already \(status); nothing to cancel"
    case .localeFixed(let current, let requested):
      return "the locale cannot be changed here: Foundation on Linux gives every program `\(current)`, whatever the machine's LANG, so it is already the same everywhere; to check another locale, format with an explicit `Locale(identifier: \"\(requested)\")`"
    case .badDate(let text):
      return "bad date `\(text)`: expected YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], optionally ending in Z or an offset like +09:00 (example: date 2026-03-15T08:30:00Z)"
    case .dateOutOfRange(let text, let from, let to):
      return "date `\(text)` is out of range: the virtual clock reaches years \(from) to \(to)"
    case .awaitTimerLimit(let limit):
      return "await gave up after \(limit) timers with work still running (a timer that repeats forever?)"
    case .awaitWallLimit(let limit, let work):
      return "await gave up after \(limit) of wall time waiting for \(work.joined(separator: ", "))"
    case .simulationStopped(let words):
      return words
    case .interactiveOnly(let command, let file):
      return "`\(command.rawValue)` works in the interactive REPL only; in a script, put the lines of `\(file)` here instead"
    case .cannotExploreHere:
      return "`explore` is carried out by a front end (the REPL, `run`, `replay`), and this session has none; `vmrepl explore FILE` explores a scenario"
    case .noScriptedDependencies(let model):
      return "model `\(model)` has no scripted dependencies"
    case .standInUnanswered(let member, let signature):
      return "the stand-in `\(member)` (`\(signature)`) was called and nobody answered it: add `stub \(member) value=...` (or `json=`, `error=`) before this step"
    case .cannotUndo(let count, let current):
      return "cannot undo \(count) step\(count == 1 ? "" : "s"): step \(current) is \(current - 1) step\(current == 2 ? "" : "s") after the `use` at step 1"
    case .cannotRedo(let count, let undone):
      return "cannot redo \(count) steps: \(undone) undone step\(undone == 1 ? "" : "s") can be redone"
    case .noSuchJob(let candidate, let ready):
      return "there is no job \(candidate) to step: \(ready == 0 ? "no job may run next" : ready == 1 ? "only 1 job may run next" : "only \(ready) jobs may run next") (`ready` lists them)"
    case .onlyOutsideWork(let work):
      return "nothing to step yet: no job is ready and no timer is set, but work outside the simulation is under way (\(work)); `await` waits for it"
    case .untilLimit(let condition, let jobs, let at):
      return "`\(condition)` still does not hold after \(jobs) jobs; stopped there (at \(at))"
    case .neverHolds(let condition, let after, let at):
      return "`\(condition)` never holds: nothing is left to run and no timer is set\(after), at \(at)"
    case .cannotOrder(let actual, let expected, let comparison):
      return "cannot order \(actual) and \(expected.kindName) `\(expected)` with `\(comparison)`; use == or !="
    case .cannotCompare(let actual, let expected):
      return "cannot compare \(actual) with \(expected.kindName) `\(expected)`"
    case .containsNeedsText(let expected):
      return "a string contains text; got \(expected.kindName) `\(expected)`"
    case .containsNeedsCollection(let actual):
      return "`contains` needs a list, a string or a dictionary; this is \(actual)"
    case .unwritablePayload(let action, let field, let type):
      return "`\(action)` has `\(field): \(type)`, which a command cannot write; "
        + "use String, an integer, a floating-point number, Bool, Duration, a String or Int raw-value enum that is CaseIterable, "
        + "an array of these, or make the type CommandValueConvertible"
    case .doesNotFit(let field, let value, let type):
      return "`\(field)` = \(value) does not fit \(type)"
    case .actionNotMade(let action, let error):
      return "`\(action)` could not be made: \(error)"
    case .message(let text):
      return text
    }
  }
}
