import Foundation

/// When the app's views offer each of a model's actions, read from every place its code writes
/// one (`ActionSites`): `createDirectChat` only while `.sheet(item: $context.inviteConfirmationUser)`
/// shows its confirmation, `ignoreConfirmed` only while the alert showing the
/// `IgnoreUserAlertItem` that carries it is up.
///
/// An action is gated only where every place that sends it is guarded by something the model
/// holds; one place that nothing readable guards, or a call on a value adopt cannot type, leaves
/// it offered always. So a gate is never stronger than what the code asks: what `audit` then
/// skips, no user could do.
enum ActionGates {
  /// What the app's files that name the model or its action enum say of it (`source` reads one
  /// by path): the gates of `plan`'s actions (the model `type`), by action name, and its
  /// properties no view sets.
  static func read(
    _ plan: ModelPlan, type: DeclaredType, files: [SourceFacts], index: TypeIndex, titles: [String: String] = [:],
    source: (String) -> String?
  ) -> (gates: [String: ModelPlan.Gate], notSetByViews: [String], controls: [String: [String]]) {
    let cases = plan.actions.filter { $0.enumType != nil }
    let methods = plan.actions.filter { $0.enumType == nil }
    let actionEnum = cases.first.flatMap(\.enumType).map(LinuxSupport.bareName)
    var modelNames: Set<String> = [type.name, type.name + "Type", type.name + "Protocol"]
    for inherited in type.inherited where LinuxSupport.bareName(inherited).hasPrefix(type.name) {
      modelNames.insert(LinuxSupport.bareName(inherited))
    }
    let target = ActionSites.Target(
      modelNames: modelNames, actionEnum: actionEnum, cases: Set(cases.map(\.name)),
      methods: Set(methods.map { ModelPlan.methodName(of: $0.summary) }), properties: Set(plan.properties), titles: titles)
    guard !target.cases.isEmpty || !target.methods.isEmpty || !target.properties.isEmpty else { return ([:], [], [:]) }
    let named = modelNames.union(actionEnum.map { [$0] } ?? [])
    var read = ActionSites()
    for file in files where file.outsideTarget == nil && !file.isVendored && !file.mentions.isDisjoint(with: named) {
      guard let text = source(file.path) else { continue }
      let found = ActionSites.read(text, path: file.path, target: target)
      read.sites += found.sites
      read.presentations += found.presentations
      read.writes.formUnion(found.writes)
      read.fields += found.fields
      read.holdsModel = read.holdsModel || found.holdsModel
    }
    // Only where some view holding the model was read: a model whose views adopt did not find
    // (a UIKit screen handed it untyped) keeps every property settable.
    let notSet = read.holdsModel ? plan.properties.filter { !read.writes.contains($0) } : []
    return (gates(of: plan, type: type, read: read, index: index, source: source), notSet, controls(of: plan, read: read))
  }

  /// What a user does to send each action or set each property, by name: each control the views
  /// send it from (`the "Add" button (FeedView.swift:12)`), each field bound to it (`the
  /// "Search" field (SearchView.swift:9)`), in the order read.
  static func controls(of plan: ModelPlan, read: ActionSites) -> [String: [String]] {
    var controls: [String: [String]] = [:]
    for property in plan.properties {
      for field in read.fields where field.name == property {
        guard let control = field.control else { continue }
        let text = "\(control) (\(ModelPlan.Gate.shortPlace(field.path)):\(field.line))"
        if !(controls[property] ?? []).contains(text) { controls[property, default: []].append(text) }
      }
    }
    for action in plan.actions {
      let name = action.enumType == nil ? ModelPlan.methodName(of: action.summary) : action.name
      for site in read.sites where site.name == name {
        guard let control = site.control else { continue }
        let text = "\(control) (\(ModelPlan.Gate.shortPlace(site.path)):\(site.line))"
        if !(controls[action.name] ?? []).contains(text) { controls[action.name, default: []].append(text) }
      }
    }
    return controls
  }

  /// The gates of `plan`'s actions, by action name, from the places `read` found.
  private static func gates(
    of plan: ModelPlan, type: DeclaredType, read: ActionSites, index: TypeIndex, source: (String) -> String?
  ) -> [String: ModelPlan.Gate] {
    var gates: [String: ModelPlan.Gate] = [:]
    for action in plan.actions {
      let name = action.enumType == nil ? ModelPlan.methodName(of: action.summary) : action.name
      let sites = read.sites.filter { $0.name == name }
      guard !sites.isEmpty else { continue }
      var alternatives: [[ModelPlan.Gate.Part]] = []
      var open = false
      for site in sites {
        let ways = site.carrier.map { carrierWays($0, presentations: read.presentations, index: index) } ?? [site.conditions]
        for way in ways {
          let parts = way.compactMap { condition -> ModelPlan.Gate.Part? in
            guard let expression = render(condition, model: type, index: index) else { return nil }
            return .init(expression: expression, shown: condition.shown, place: condition.place ?? "\(site.path):\(site.line)")
          }
          if parts.isEmpty { open = true } else if !alternatives.contains(parts) { alternatives.append(parts) }
        }
        if ways.isEmpty { open = true }
        if open { break }
      }
      guard !open, !alternatives.isEmpty else { continue }
      gates[action.name] = ModelPlan.Gate(alternatives: alternatives)
    }
    if !gates.isEmpty, let text = source(plan.path) {
      let bodies = ActionBodies(text, model: type.name, actions: plan.actions)
      for (name, gate) in gates {
        // What a user does on the screen itself first (a choice), then what waits for an answer
        // (a fetch): a probe sends them in this order, and a fetch sent to open a vote would
        // answer the fetch the vote races.
        let writers = plan.actions.filter { $0.name != name && bodies.writes($0.name, anyOf: Self.readNames(gate)) }
        gates[name]?.openers = writers.filter { $0.kind == .sync }.map(\.name) + writers.filter { $0.kind != .sync }.map(\.name)
      }
    }
    return gates
  }

  /// The members a gate reads (`memberDetails` of `viewModel.context.viewState.memberDetails != nil`),
  /// without the ways to them and what every value has (`isEmpty`, `count`).
  static func readNames(_ gate: ModelPlan.Gate) -> Set<String> {
    let skip: Set<String> = ["context", "viewState", "bindings", "state", "isEmpty", "count", "first", "last", "rawValue", "none", "some", "description"]
    var names: Set<String> = []
    for part in gate.alternatives.joined() {
      var rest = Substring(part.expression)
      while let dot = rest.firstIndex(of: ".") {
        let name = rest[rest.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if let first = name.first, first.isLowercase, !skip.contains(String(name)) { names.insert(String(name)) }
        rest = rest[rest.index(after: dot)...]
      }
    }
    return names
  }

  /// The ways a value of `carrier` reaches a view: each presentation of a model-held property
  /// of its type (`.alert(item: $context.ignoreUserAlert)`, `ignoreUserAlert: IgnoreUserAlertItem?`).
  static func carrierWays(_ carrier: String, presentations: [ActionSites.Presentation], index: TypeIndex) -> [[ActionSites.Condition]] {
    presentations.compactMap { presentation in
      let holds = index.types.values.contains { declared in
        declared.contains { entry in
          entry.type.members.properties.contains { $0.name == presentation.member && $0.type.map(LinuxSupport.bareName) == carrier }
        }
      }
      guard holds else { return nil }
      return [ActionSites.Condition(
        template: presentation.template + " != nil", roots: presentation.roots,
        shown: presentation.shown, place: "\(presentation.path):\(presentation.line)")]
    }
  }

  /// A condition as Swift with `viewModel` (the model) in scope: each root the model itself
  /// (`viewModel: FeedViewModel`) or its property of the root's type (`context:
  /// RoomMemberDetailsScreenViewModel.Context` is the model's `context`, declared by its
  /// superclass `StateStoreViewModel`); nil when a root is neither.
  static func render(_ condition: ActionSites.Condition, model: DeclaredType, index: TypeIndex) -> String? {
    var text = condition.template
    for (root, rootType) in condition.roots {
      var written = Substring(rootType)
      if let angle = written.firstIndex(of: "<") { written = written[..<angle] }
      let parts = written.split(separator: ".")
      let path: String
      if parts.count <= 1 {
        path = "viewModel"
      } else if let property = property(ofType: String(parts.last!), preferring: root, in: model, index: index) {
        path = "viewModel." + property
      } else {
        return nil
      }
      text = text.replacingOccurrences(of: "⟨\(root)⟩", with: path)
    }
    return text.contains("⟨") ? nil : text
  }

  /// The name of a property of `model` (its own, its extensions', its superclasses') whose type
  /// is `type`: the one named `name` if there is one.
  static func property(ofType type: String, preferring name: String, in model: DeclaredType, index: TypeIndex) -> String? {
    var current: DeclaredType? = model
    var seen: Set<String> = []
    while let declared = current, seen.insert(declared.qualifiedName).inserted {
      let properties = index.allMembers(of: declared).properties.filter {
        !$0.isStatic && $0.access >= .internal && $0.type.map(LinuxSupport.bareName) == type
      }
      if let chosen = properties.first(where: { $0.name == name }) ?? properties.first { return chosen.name }
      // The superclass, written as itself or through a type alias (element-x's
      // `RoomMemberDetailsScreenViewModelType = StateStoreViewModel<...>`).
      current = declared.kind == .class ? declared.inherited.first.flatMap { written in
        index.type(LinuxSupport.bareName(written))
          ?? index.aliased(LinuxSupport.bareName(written), from: declared.qualifiedName).flatMap { index.type(LinuxSupport.bareName($0)) }
      } : nil
    }
    return nil
  }
}
