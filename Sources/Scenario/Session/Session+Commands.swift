import Foundation
import Simulation
import StandInSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How the session carries out each of its commands: the one switch over `SessionCommand`, and
/// the handlers of `use` and `set`; the step around it (running jobs, gathering what happened)
/// is `Session.perform`'s.
extension Session {
  func apply(_ command: SessionCommand, to result: inout StepResult) throws(ScenarioError) {
    switch command {
    case .models: result.output = modelList()
    case .use(let model, let options): try use(model, options: options, line: result.source)
    case .describe: result.output = try describe()
    case .connect: try connect()
    case .disconnect: try disconnect()
    case .leave: result.output = try leave()
    case .send(let action, let arguments, let awaited):
      try send(action, arguments: arguments, awaited: awaited, source: result.source)
    case .await(let selection): try awaitEffects(selection)
    case .cancel(let selection): try cancel(selection)
    case .advance(let duration): try tracker.advance(by: duration)
    case .advanceUntil(let condition): result.output = try runUntil(condition, showsReady: false)
    case .ready: result.output = try readyListing()
    case .watch(let path): result.output = try watch(path)
    case .watchOff:
      let paths = watches.paths
      watches.removeAll()
      simulation.observeJobs(nil)
      result.output = [paths.isEmpty ? "no path was watched" : "stopped watching " + paths.map { "`\($0)`" }.joined(separator: ", ")]
    case .step(let candidate): result.output = try step(candidate)
    case .stepUntil(let condition): result.output = try runUntil(condition, showsReady: true)
    case .stepInto(let inner):
      try apply(inner, to: &result)
      result.output += readyLines()
    case .settle:
      _ = try requireModel()
      try tracker.settle()
    case .set(let property, let value): try set(property, value)
    case .state(let path): result.output = try showState(path)
    case .expectState(let path, let comparison, let value):
      result.output = try expectState(path, comparison, value)
    case .expectEffect(let id, let status): result.output = try expectEffect(id, status)
    case .expectTime(let comparison, let value): result.output = try expectTime(comparison, value)
    case .expectLog(let text): result.output = try expectLog(text)
    case .expectWarnings(let comparison, let count): result.output = try expectWarnings(comparison, count)
    case .expectRequests(let dependency, let comparison, let count):
      _ = try scriptedDependency(dependency)
      result.output = try expectRequests(dependency, comparison, count)
    case .expectIdle: result.output = try expectIdle()
    case .expectFreed: result.output = try expectFreed()
    case .respond(let dependency, let request, let outcome, let arguments):
      try scriptedDependency(dependency).respond(
        request: request, outcome: outcome, arguments: arguments, endColumn: result.source.count + 1)
    case .stub(let dependency, let route, let outcome, let arguments):
      guard instance != nil else {
        // Before `use`: kept for the next model, whose `init` may already call what it answers.
        result.output = try keepStub(dependency, route: route, outcome: outcome, arguments: arguments, endColumn: result.source.count + 1)
        break
      }
      try applyStub(try scriptedDependency(dependency), route: route, outcome: outcome, arguments: arguments, endColumn: result.source.count + 1)
    case .seed(let seed):
      random.reseed(seed)
      simulation.seedRandomness(seed)
      sink.emit(.note("random source seeded with \(seed)"))
    case .date(let date, let timeZone, let locale):
      result.output = try world.apply(date: date, timeZone: timeZone, locale: locale)
    case .schedule(let setting): result.output = schedule(setting)
    case .effects: result.output = tracker.listing()
    case .defaults(let key, let value, let suite):
      guard let key, let value else {
        result.output = Storage.listing(session: number).filter { !$0.hasPrefix("files:") && !$0.hasPrefix("  \(Storage.shownRoot)/") }
        break
      }
      // The next `use` empties the storage, then gets this, then the model's `init` runs.
      pendingDefaults.append((key.value, value.value, suite?.value))
      guard instance != nil else {
        sink.emit(.note("UserDefaults: \(key.value) = \(value.value) when the next `use` starts the model"))
        break
      }
      let note = try ScenarioError.pointing(at: value.column) { () throws(ScenarioError) in
        try Storage.setDefault(key.value, value.value, suite: suite?.value)
      }
      sink.emit(.note(note))
    case .storage: result.output = Storage.listing(session: number)
    case .requests: result.output = requestListing()
    case .time: result.output = ["time: \(now.secondsText)"]
    case .log: result.output = logLines.isEmpty ? ["(the log is empty)"] : logLines
    case .help(let topic): result.output = try help(topic)
    case .race(let text):
      // Only `explore` acts on it: one order (this one) cannot show whether a race exists.
      let failure = text.map { " whose failure contains \(CommandValue.quote($0.value))" } ?? " with a failure first in, first out does not have"
      result.output = ["race: `explore` must find a schedule\(failure)"]
    case .quit: break
    }
  }

  private func use(_ name: Located<String>, options: [CommandArgument], line: String) throws(ScenarioError) {
    guard let definition = models.first(where: { $0.name == name.value }) else {
      throw Suggestion.unknown("model", name.value, among: models.map(\.name), listedAs: "models", column: name.column)
    }
    // `http=` is every model's: how the process's URLSession traffic is answered.
    let httpOption = options.last { $0.name == "http" && !definition.options.contains(where: { $0.name == "http" }) }
    let httpMode = try httpOption.map { (option) throws(ScenarioError) -> HTTPMode in
      guard let text = option.value.text else {
        throw ScenarioError(.httpModeNotAWord, column: option.column)
      }
      return try HTTPMode.parse(text, column: option.column)
    } ?? .script
    let cassette = try cassette(for: httpMode, column: httpOption?.column)
    // `files=FOLDER` is every model's too: what its sandbox's home starts with.
    let filesOption = options.last { $0.name == "files" && !definition.options.contains(where: { $0.name == "files" }) }
    let bound = try Arguments.bind(
      options.filter { $0 != httpOption && $0 != filesOption }, to: definition.options, owner: "model `\(definition.name)`",
      endColumn: line.count + 1)
    // End the previous session's effects; hidden work it started cannot be reached.
    tracker.reset()
    log.clear()
    lastReading = nil
    random.reseed(0)
    simulation.seedRandomness(0)
    world.beginSession()
    try prepareStorage(files: filesOption)
    let context = ModelContext(options: bound, random: random, sink: sink, session: number)
    // Made before the model, whose `init` may already send a request.
    let http = HTTPDependency(mode: httpMode, sink: sink, cassette: cassette, readFile: fileReader())
    HTTPRouter.shared.install(http)
    simulation.setForeignWorkHook(URLSessionSettling(http: http, simulation: simulation))
    simulation.onURLSessionTaskResume { [weak http] task in
      http?.resumed(Unmanaged<URLSessionTask>.fromOpaque(task).takeUnretainedValue())
    }
    // Generated stand-ins (code adopt could not build on Linux) answer from this session too.
    let standIns = StandIns.declared.map { StandInDependency($0, sink: sink) }
    StandIns.install(StandInRouter(standIns))
    // The `stub` lines before this `use`, in their order, before the model's `init` runs.
    let stubs = pendingStubs
    pendingStubs = []
    for stub in stubs {
      let all: [any AnyScriptedDependency] = [http] + standIns
      guard let target = all.first(where: { $0.name == stub.dependency.value }) else { continue }
      try applyStub(target, route: stub.route, outcome: stub.outcome, arguments: stub.arguments, endColumn: stub.endColumn)
    }
    let tag = WorkTag(line)
    let made: ModelInstance
    do {
      made = try simulation.watched { try WorkTag.$current.withValue(tag) { try definition.instantiate(context) } }
    } catch var error as ScenarioError {
      error.column = error.column ?? name.column
      throw error
    } catch {
      throw ScenarioError(.couldNot("make model `\(definition.name)`", because: "\(error)"), column: name.column)
    }
    model = ModelInUse(definition: definition, context: context, instance: made)
    reusedKeptModel = keptAfterLeaving != nil && keptAfterLeaving === made.object
    leftScreenType = nil
    context.dependencies.append(http)
    context.dependencies += standIns
    tracker.dependencies = context.dependencies
    tracker.model = instance?.object
    tracker.follow(line, tag: tag, effect: nil)
    simulation.observeLanes(mainThreadChecker)
    publishing = PublishingWatch(made.object, checker: mainThreadChecker)
    // A new model: what was watched belonged to the last one.
    watches.removeAll()
    simulation.observeJobs(nil)
    let shown = bound.text
    sink.emit(.modelStarted(model: definition.name, type: made.typeName, options: shown))
  }

  /// A `stub` line carried out on `target`.
  private func applyStub(
    _ target: any AnyScriptedDependency, route: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int
  ) throws(ScenarioError) {
    if case .route(let method, let path)? = route {
      guard let http = target as? HTTPDependency else {
        throw ScenarioError(.routeForHTTPOnly(dependency: target.name, method: method.value, path: path.value), column: method.column)
      }
      try http.stub(route: (method, path), outcome: outcome, arguments: arguments, endColumn: endColumn)
    } else {
      try target.stub(outcome: outcome, arguments: arguments, endColumn: endColumn)
    }
  }

  /// `stub` before `use`: kept for the next `use`, which answers with it from the model's `init`
  /// on (a stand-in the `init` calls, a request it sends). The dependency must be one every
  /// model has: `http`, or a stand-in of the package.
  private func keepStub(
    _ dependency: Located<String>, route: RequestSelector?, outcome: Located<String>, arguments: [CommandArgument], endColumn: Int
  ) throws(ScenarioError) -> [String] {
    let names = ["http"] + StandIns.declared.map(\.member)
    guard names.contains(dependency.value) else {
      throw Suggestion.unknown("dependency", dependency.value, among: names, listedAs: "dependencies", column: dependency.column)
    }
    // Read now, on a dependency of its kind made for it: a stub that cannot be carried out is
    // this line's error, at its word, not the next `use`'s.
    // Its report is the `use`'s, when the stub is carried out: the check says nothing.
    let unheard = UnheardEvents()
    let scratch: any AnyScriptedDependency = dependency.value == "http"
      ? HTTPDependency(mode: .script, sink: unheard, cassette: nil, readFile: fileReader())
      : StandInDependency(StandIns.declared.first { $0.member == dependency.value }!, sink: unheard)
    try applyStub(scratch, route: route, outcome: outcome, arguments: arguments, endColumn: endColumn)
    pendingStubs.append((dependency, route, outcome, arguments, endColumn))
    return ["\(dependency.value): stubbed from the next `use` on"]
  }

  private func scriptedDependency(_ name: Located<String>) throws(ScenarioError) -> any AnyScriptedDependency {
    _ = try requireModel()
    let dependencies = context?.dependencies ?? []
    guard let dependency = dependencies.first(where: { $0.name == name.value }) else {
      if dependencies.isEmpty {
        throw ScenarioError(.noScriptedDependencies(model: definition?.name ?? ""), column: name.column)
      }
      throw Suggestion.unknown("dependency", name.value, among: dependencies.map(\.name), listedAs: "dependencies", column: name.column)
    }
    return dependency
  }

  private func set(_ property: Located<String>, _ value: Located<CommandValue>) throws(ScenarioError) {
    let instance = try requireModel()
    guard let bound = instance.properties.first(where: { $0.name == property.value }) else {
      let names = instance.properties.map(\.name)
      let known = names.isEmpty ? "; the model has no bindable properties" : " (properties: " + names.joined(separator: ", ") + ")"
      throw Suggestion.unknown("property", property.value, among: names, suffix: known, column: property.column)
    }
    let converted = try bound.type.convert(value.value, name: property.value, column: value.column)
    // A value no view of the app gives: written as asked, and said so.
    if instance.notSetByViews.contains(bound.name) {
      sink.emit(.note("no view of the app binds or assigns `\(bound.name)`; set as asked"))
    }
    // The value is part of the name: two edits of one field are two pieces of work.
    let label = "set \(property.value) \(value.value)"
    let tag = WorkTag(label)
    simulation.watched { WorkTag.$current.withValue(tag) { bound.set(converted) } }
    tracker.follow(label, tag: tag, effect: nil)
  }
}

/// Where the events of a dependency made only to check a `stub` line go: nowhere.
private struct UnheardEvents: DependencyEventSink {
  func report(_ event: DependencyEvent) {}
  func fail(_ reason: ScenarioError.Reason) {}
}
