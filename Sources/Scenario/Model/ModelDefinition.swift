/// Makes a view-model available to the REPL: its name, how to make it, what it can do, and what
/// state to show.
///
/// ```swift
/// let counter = ModelDefinition(
///   "counter", summary: "a counter that increments after a delay",
///   options: [.duration("delay", default: .seconds(1), "how long an increment takes")]
/// ) { context in
///   CounterViewModel(delay: context.options.duration("delay"))
/// } describe: { model in
///   model.action("increment", "count up after the delay") { viewModel, _ in viewModel.increment() }
///   model.asyncAction("reload", "await the reload") { viewModel, _ in await viewModel.reload() }
///   model.property("step", \.step)
///   model.connect { viewModel in await viewModel.observe() }
/// }
/// ```
public struct ModelDefinition: Sendable {
  /// The name `use` takes.
  public let name: String
  /// One line for `models`.
  public let summary: String
  /// Options `use NAME key=value` accepts.
  public let options: [Parameter]
  let instantiate: @MainActor @Sendable (ModelContext) throws -> ModelInstance

  /// Defines a model made by `make` and described by `describe`.
  public init<Model: AnyObject>(
    _ name: String,
    summary: String,
    options: [Parameter] = [],
    make: @escaping @MainActor @Sendable (ModelContext) throws -> Model,
    describe: @escaping @MainActor @Sendable (inout ModelBuilder<Model>) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.options = options
    self.instantiate = { context in
      let model = try make(context)
      var builder = ModelBuilder<Model>()
      describe(&builder)
      return try builder.bind(to: model, typeName: Scenario.typeName(Model.self))
    }
  }
}

/// An action as the session sees it, bound to one model instance.
struct BoundAction {
  enum Kind {
    case sync(@MainActor (Arguments) throws -> (any TrackedWork)?)
    case async(@MainActor (Arguments) async throws -> Void)
  }
  var name: String
  var summary: String
  var parameters: [Parameter]
  var kind: Kind
  /// Rejects arguments that bind but cannot be used (300 for a `UInt8`) before anything runs.
  var check: (@MainActor (Arguments) throws(ScenarioError) -> Void)? = nil
}

/// A bindable property, bound to one model instance.
struct BoundProperty {
  var name: String
  var summary: String
  var type: ParameterType
  var set: @MainActor (CommandValue) -> Void
}

/// A model instance with its actions, properties, lifecycle and state.
@MainActor
struct ModelInstance {
  var typeName: String
  var object: AnyObject
  var actions: [BoundAction]
  var properties: [BoundProperty]
  var connect: (@MainActor () async throws -> Void)?
  var connectSummary: String
  /// The actions the view's lifecycle work runs (a `.task`'s calls): SwiftUI cancels them when
  /// the view disappears, wherever they were started.
  var connectRuns: [String]
  /// Groups of actions one button runs that starts no new run while one is running
  /// (ButtonKit's `AsyncButton`): quick taps cannot run two of a group at once.
  var oneAtATime: [[String]] = []
  /// Actions only the model's own code calls (no view or other file of the app names them).
  var calledOnlyByModel: [String] = []
  /// Properties no view of the app sets (`ModelBuilder.notSetByViews`).
  var notSetByViews: [String] = []
  /// What a user does to send each action (`ModelBuilder.reachedBy`), by action name.
  var controls: [String: [String]] = [:]
  /// The actions the app's views offer only in some states (`ModelBuilder.offered`), by name.
  var gates: [String: ActionGate] = [:]
  /// Reads the view state: the projection's value, the fields `show` names, or the model's
  /// stored properties.
  var state: @MainActor () -> StateValue
}

/// When the app's views offer an action: the condition as the app wrote it, and its value now.
@MainActor
struct ActionGate {
  var condition: String
  /// The actions whose code writes what the condition reads (`ModelBuilder.offered`'s `openedBy`).
  var openers: [String] = []
  var isOpen: @MainActor () -> Bool
}

/// Collects what a view-model can do; `ModelDefinition`'s `describe` closure fills it in.
@MainActor
public struct ModelBuilder<Model: AnyObject> {
  private var actions: [(Model) -> BoundAction] = []
  private var properties: [(Model) -> BoundProperty] = []
  private var connectBody: (@MainActor (Model) async throws -> Void)?
  private var connectSummary = ""
  private var connectRuns: [String] = []
  private var oneAtATime: [[String]] = []
  private var calledOnlyByModel: [String] = []
  private var notSetByViews: [String] = []
  private var controls: [(action: String, ways: [String])] = []
  private var gates: [(action: String, condition: String, openers: [String], isOpen: @MainActor (Model) -> Bool)] = []
  private var stateProjection: (@MainActor (Model) -> Any)?
  /// Not main-actor closures: the state closure that calls them is one, and each main-actor
  /// closure asks the runtime which executor runs it (a check as dear as reading the field).
  private var shownFields: [(Model) -> StateValue.Field] = []
  /// What `describe` got wrong (an action enum the command line cannot write); `use` reports it.
  private var problems: [ScenarioError] = []

  init() {}

  /// A synchronous action: `send NAME` calls `perform` and returns at once. Work it starts and
  /// hides is reported as background work.
  public mutating func action(
    _ name: String, _ summary: String, parameters: [Parameter] = [],
    perform: @escaping @MainActor (Model, Arguments) throws -> Void
  ) {
    actions.append { model in
      BoundAction(name: name, summary: summary, parameters: parameters, kind: .sync { arguments in
        try perform(model, arguments)
        return nil
      })
    }
  }

  /// A synchronous action that hands back work to track (a `Task` or an `Effect`): `send NAME`
  /// reports it as an effect `#N`, and `await send NAME` waits for it.
  public mutating func action(
    _ name: String, _ summary: String, parameters: [Parameter] = [],
    tracking perform: @escaping @MainActor (Model, Arguments) throws -> (any TrackedWork)?
  ) {
    actions.append { model in
      BoundAction(name: name, summary: summary, parameters: parameters, kind: .sync { arguments in
        try perform(model, arguments)
      })
    }
  }

  /// An action with an awaitable entry point (`await viewModel.sendAsync(...)`): `send NAME`
  /// starts it as an effect, `await send NAME` waits for it.
  public mutating func asyncAction(
    _ name: String, _ summary: String, parameters: [Parameter] = [],
    perform: @escaping @MainActor (Model, Arguments) async throws -> Void
  ) {
    actions.append { model in
      BoundAction(name: name, summary: summary, parameters: parameters, kind: .async { arguments in
        try await perform(model, arguments)
      })
    }
  }

  /// A bindable property that `set NAME VALUE` writes, as a text field or a toggle would.
  public mutating func property<Property: CommandValueConvertible>(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, Property>, _ summary: String = ""
  ) {
    properties.append { model in
      BoundProperty(name: name, summary: summary, type: Property.valueType) { value in
        if let converted = Property(commandValue: value) { model[keyPath: keyPath] = converted }
      }
    }
  }

  /// The view's lifecycle work, what SwiftUI's `.task` runs: `connect` starts it as an effect and
  /// `disconnect` cancels it.
  ///
  /// `runs` names the actions it calls (`["refresh"]` for `.task { await viewModel.refresh() }`):
  /// `audit` cancels those actions' effects when the screen leaves, as SwiftUI cancels a `.task`.
  public mutating func connect(
    _ summary: String = "", runs: [String] = [], perform: @escaping @MainActor (Model) async throws -> Void
  ) {
    connectBody = perform
    connectSummary = summary
    connectRuns = runs
  }

  /// Actions one button runs that starts no new run while one is running: ButtonKit's
  /// `AsyncButton { if following { await viewModel.unfollow() } else { await viewModel.follow() } }`
  /// is `model.oneAtATime(["unfollow", "follow"])`. `audit` does not send two of them quickly:
  /// no user can.
  public mutating func oneAtATime(_ actions: [String]) {
    oneAtATime.append(actions)
  }

  /// Actions only the model's own code calls: steps of its work, not things a user does
  /// (element-x's `resetWith(password:)`, which the model calls once its reset flow asks for a
  /// password, and which traps when called first). `send` still runs them; `audit` does not send
  /// them, since no view can.
  public mutating func calledOnlyByModel(_ actions: [String]) {
    calledOnlyByModel += actions
  }

  /// Properties no view of the app sets: none binds them (`TextField("Search", text:
  /// $viewModel.query)`) or assigns them, so only the app's code writes them (a page counter,
  /// a list the model fills). `set` still writes one, with a note; `audit` never sets them,
  /// since a value no user can give makes findings no user meets.
  public mutating func notSetByViews(_ properties: [String]) {
    notSetByViews += properties
  }

  /// What a user does to send `action`, or to set a property, as the app's views say:
  /// `model.reachedBy("add", ["the \"Add\" button (CartView.swift:12)"])`,
  /// `model.reachedBy("query", ["the \"Search\" field (SearchView.swift:9)"])`. `audit`'s
  /// findings say how a user gets there with it ("a user gets there with the "Add" button, twice").
  public mutating func reachedBy(_ action: String, _ ways: [String]) {
    controls.append((action, ways))
  }

  /// An action the app's views offer only while `isOpen` holds: element-x's `createDirectChat`,
  /// sent from the confirmation a `.sheet(item: $context.inviteConfirmationUser)` shows, is
  /// `model.offered("createDirectChat", when: "...") { $0.context.inviteConfirmationUser != nil }`.
  /// `send` still runs it, with a note that no view would now; `audit` does not send it then.
  ///
  /// `openedBy` names the actions whose code writes what the condition reads (IceCubesApp's
  /// `handleSelection(option:)` adds to the `votes` that `postVotes` is offered for): where the
  /// condition does not hold, `audit` sends the first of them a view offers, then the action.
  public mutating func offered(
    _ action: String, when condition: String, openedBy openers: [String] = [], _ isOpen: @escaping @MainActor (Model) -> Bool
  ) {
    gates.append((action, condition, openers, isOpen))
  }

  /// Replaces the whole view state with `projection`'s value (by default the view-model's own
  /// stored properties, found by reflection).
  public mutating func state(_ projection: @escaping @MainActor (Model) -> Any) {
    stateProjection = projection
  }

  /// Shows only the named properties, in the order of the calls, under the view-model's type
  /// name: `model.show("uiState", \.uiState)` keeps the path `uiState.isLoading` while leaving
  /// out dependencies and configuration the view-model stores.
  public mutating func show<Shown>(_ name: String, _ keyPath: KeyPath<Model, Shown>) {
    // Read as its own type: an `Int` or a `String` becomes its state value without a trip
    // through `Any` (a main-thread check reads the shown fields around every job off main).
    shownFields.append(Self.fieldReader(name, keyPath))
  }

  /// Reads the field `keyPath` reaches, named `name`, as a state value.
  private nonisolated static func fieldReader<Shown>(_ name: String, _ keyPath: KeyPath<Model, Shown>) -> (Model) -> StateValue.Field {
    { model in StateValue.Field(name: name, value: StateValue.reflecting(typed: model[keyPath: keyPath])) }
  }

  /// The readers of `model`'s shown fields: closures of no generic type, so that calling them is
  /// not generic code either.
  private nonisolated static func fieldReaders(_ fields: [(Model) -> StateValue.Field], of model: Model) -> [() -> StateValue.Field] {
    fields.map { field in { field(model) } }
  }

  /// One action per case of `type`, each performed by what `kind` makes.
  mutating func addCases<Action: Decodable>(
    _ type: Action.Type, summaries: [String: String],
    kind: @escaping @MainActor (ActionCases<Action>, String, Model) -> BoundAction.Kind
  ) {
    let cases: ActionCases<Action>
    do {
      cases = try ActionCases<Action>()
    } catch {
      problems.append(error)
      return
    }
    let typeName = Scenario.typeName(Action.self)
    for actionCase in cases.cases {
      actions.append { model in
        BoundAction(
          name: actionCase.name, summary: summaries[actionCase.name] ?? "\(typeName).\(actionCase.signature)",
          parameters: actionCase.parameters, kind: kind(cases, actionCase.name, model),
          check: { arguments throws(ScenarioError) in _ = try cases.make(actionCase.name, arguments) })
      }
    }
  }

  func bind(to model: Model, typeName: String) throws(ScenarioError) -> ModelInstance {
    if let problem = problems.first { throw problem }
    let bound = actions.map { $0(model) }
    // A gate of a name no action has would never be checked: a typo in a hand-written `describe`.
    if let gate = gates.first(where: { gate in !bound.contains { $0.name == gate.action } }) {
      throw ScenarioError(.gateOfUnknownAction(action: gate.action, nearest: Suggestion.nearest(to: gate.action, in: bound.map(\.name))))
    }
    let boundProperties = properties.map { $0(model) }
    let reachable = bound.map(\.name) + boundProperties.map(\.name)
    if let control = controls.first(where: { !reachable.contains($0.action) }) {
      throw ScenarioError(.reachedByUnknownAction(action: control.action, nearest: Suggestion.nearest(to: control.action, in: reachable)))
    }
    if let unknown = notSetByViews.first(where: { name in !boundProperties.contains { $0.name == name } }) {
      throw ScenarioError(.notSetOfUnknownProperty(property: unknown, nearest: Suggestion.nearest(to: unknown, in: boundProperties.map(\.name))))
    }
    var connect: (@MainActor () async throws -> Void)?
    if let connectBody {
      connect = { try await connectBody(model) }
    }
    let state: @MainActor () -> StateValue
    if let projection = stateProjection {
      state = { StateValue.reflecting(projection(model)) }
    } else if !shownFields.isEmpty {
      let readers = Self.fieldReaders(shownFields, of: model)
      // A loop, not `map`: a closure written here would be the main actor's, and checked.
      state = {
        var fields: [StateValue.Field] = []
        fields.reserveCapacity(readers.count)
        for read in readers { fields.append(read()) }
        return .record(type: typeName, fields: fields)
      }
    } else {
      state = { StateValue.reflecting(model) }
    }
    return ModelInstance(
      typeName: typeName,
      object: model,
      actions: bound,
      properties: boundProperties,
      connect: connect,
      connectSummary: connectSummary,
      connectRuns: connectRuns,
      oneAtATime: oneAtATime,
      calledOnlyByModel: calledOnlyByModel,
      notSetByViews: notSetByViews,
      controls: controls.reduce(into: [:]) { $0[$1.action, default: []] += $1.ways },
      gates: gates.reduce(into: [:]) { gates, gate in
        let isOpen = gate.isOpen
        gates[gate.action] = ActionGate(condition: gate.condition, openers: gate.openers) { isOpen(model) }
      },
      state: state)
  }
}
