import ScenarioScripting
import Simulation

/// What a model offers a program that drives it without a scenario (`audit`): its actions and
/// properties with their types, and what the session is still waiting on.
package struct ModelSurface: Sendable, Equatable, Codable {
  /// An action `send` delivers.
  package struct Action: Sendable, Equatable, Codable {
    package var name: String
    package var summary: String
    /// Each parameter's name and type, in order.
    package var parameters: [Slot]
  }

  /// A parameter or a settable property: its name and type.
  package struct Slot: Sendable, Equatable, Codable {
    package var name: String
    package var type: ParameterType
  }

  package var model: String
  /// The Swift type's name.
  package var typeName: String
  package var summary: String
  package var actions: [Action]
  package var properties: [Slot]
  /// Whether `connect` starts lifecycle work.
  package var connects: Bool
  /// The actions that work runs (a view's `.task` calls them): the screen's leaving cancels them.
  package var lifecycleActions: [String] = []
  /// Groups of actions one button runs one at a time (`ModelBuilder.oneAtATime`).
  package var oneAtATime: [[String]] = []
  /// Actions only the model's own code calls (`ModelBuilder.calledOnlyByModel`): never sent by `audit`.
  package var calledOnlyByModel: [String] = []
  /// Properties no view of the app sets (`ModelBuilder.notSetByViews`): never set by `audit`.
  package var notSetByViews: [String] = []
  /// What a user does to send each action (`ModelBuilder.reachedBy`), by action name.
  package var controls: [String: [String]] = [:]
  /// The actions the app's views offer only in some states, with the condition as the app wrote
  /// it (`ModelBuilder.offered`): `audit` sends one only while it holds (`Session.closedGate`).
  package var gates: [String: String] = [:]
  /// The actions that may open each gate (`ModelBuilder.offered`'s `openedBy`), by gated action.
  package var openers: [String: [String]] = [:]
  /// Each scripted dependency (besides `http`) and its outcomes' names, in order.
  package var dependencies: [Dependency]
  /// The `stub` lines `audit` gave before `use` so that the model could be made: stand-ins of a
  /// `Bool`, a number or a string its init calls and nobody answers (`stub
  /// IAPHelper.hasLoadedProducts value=false`). Every probe of the model starts with them.
  package var answers: [String] = []

  package struct Dependency: Sendable, Equatable, Codable {
    package var name: String
    package var outcomes: [String]
  }
}

extension ParameterType: Codable {
  private enum Kind: String, Codable { case string, int, double, bool, duration, oneOf, list, value }
  private enum Keys: String, CodingKey { case kind, cases, element }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    switch try container.decode(Kind.self, forKey: .kind) {
    case .string: self = .string
    case .int: self = .int
    case .double: self = .double
    case .bool: self = .bool
    case .duration: self = .duration
    case .oneOf: self = .oneOf(try container.decode([String].self, forKey: .cases))
    case .list: self = .list(try container.decode(ParameterType.self, forKey: .element))
    case .value: self = .value
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    switch self {
    case .string: try container.encode(Kind.string, forKey: .kind)
    case .int: try container.encode(Kind.int, forKey: .kind)
    case .double: try container.encode(Kind.double, forKey: .kind)
    case .bool: try container.encode(Kind.bool, forKey: .kind)
    case .duration: try container.encode(Kind.duration, forKey: .kind)
    case .oneOf(let cases):
      try container.encode(Kind.oneOf, forKey: .kind)
      try container.encode(cases, forKey: .cases)
    case .list(let element):
      try container.encode(Kind.list, forKey: .kind)
      try container.encode(element, forKey: .element)
    case .value: try container.encode(Kind.value, forKey: .kind)
    }
  }
}

extension Session {
  /// The condition under which the app's views offer `action`, when it does not hold now; nil
  /// when a view could send it now (or offers it always).
  package func closedGate(of action: String) -> String? {
    guard let gate = instance?.gates[action], !gate.isOpen() else { return nil }
    return gate.condition
  }

  /// The model in use as a program sees it, or nil when none is.
  package var surface: ModelSurface? {
    guard let instance, let definition else { return nil }
    return ModelSurface(
      model: definition.name, typeName: instance.typeName, summary: definition.summary,
      actions: instance.actions.map { action in
        ModelSurface.Action(
          name: action.name, summary: action.summary,
          parameters: action.parameters.map { ModelSurface.Slot(name: $0.name, type: $0.type) })
      },
      properties: instance.properties.map { ModelSurface.Slot(name: $0.name, type: $0.type) },
      connects: instance.connect != nil,
      lifecycleActions: instance.connectRuns,
      oneAtATime: instance.oneAtATime,
      calledOnlyByModel: instance.calledOnlyByModel,
      notSetByViews: instance.notSetByViews,
      controls: instance.controls,
      gates: instance.gates.mapValues(\.condition),
      openers: instance.gates.mapValues(\.openers).filter { !$0.value.isEmpty },
      dependencies: (context?.dependencies ?? []).filter { $0.name != "http" }.map {
        ModelSurface.Dependency(name: $0.name, outcomes: $0.outcomes.map(\.name))
      })
  }

  /// Every request waiting for `respond`, oldest first within each dependency: its dependency,
  /// its id (`r2`), its description (`GET https://api.example.com/items?q=a`), the code that set
  /// it going and the functions that code returns into (`PendingRequest.callers`).
  package var pendingRequestList: [(dependency: String, id: String, description: String, site: String?, callers: [String])] {
    tracker.pendingRequests().map { ($0.dependency, $0.request.id, $0.request.description, $0.request.resumedIn, $0.request.callers) }
  }

  /// The model object of the session's last `use`, while anything keeps it alive: one still
  /// alive after `finish` is shared beyond the session (a singleton, `static let shared`).
  package var lastModelObject: AnyObject? { tracker.model }

  /// Whether a timer of the program is armed (a sleep, a run-loop timer, a Dispatch deadline).
  package var hasArmedTimers: Bool { !simulation.pendingTimers.isEmpty }

  /// The effects of `send` still running, oldest first: their ids and their lines' action names.
  package var runningSends: [(id: Int, action: String)] {
    tracker.effects.filter { $0.isRunning && !$0.isLifecycle }.map { effect in
      (effect.id, effect.action.split(separator: " ").dropFirst().first.map(String.init) ?? effect.action)
    }
  }

  /// Whether an effect that is not the view's lifecycle work is running.
  package var hasRunningActionEffects: Bool { tracker.effects.contains { $0.isRunning && !$0.isLifecycle } }
}
