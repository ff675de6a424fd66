/// One view-model's registration as `adopt` generates it.
struct ModelPlan: Sendable, Equatable {
  /// An action: a method the command line can call.
  struct Action: Sendable, Equatable {
    /// The name `send` takes.
    var name: String
    /// The method as Swift names it, with `async`, `throws` and what it returns.
    var summary: String
    /// `Parameter(...)` expressions, in order.
    var parameters: [String]
    /// `action`, `asyncAction` or `action(tracking:)`.
    var kind: Kind
    /// The call, with `viewModel` and `arguments` in scope.
    var call: String
    /// The enum (qualified) whose case this action is, for a model whose one door takes one
    /// (element-x's `process(viewAction:)`); nil for a method of its own.
    var enumType: String? = nil

    enum Kind: String, Sendable { case sync, async, tracking }
  }

  /// When the app's views offer an action (`ActionGates`): any of its alternatives, each a
  /// conjunction of conditions on the model.
  struct Gate: Sendable, Equatable {
    struct Part: Sendable, Equatable {
      /// Swift, with `viewModel` in scope.
      var expression: String
      /// As the app wrote it.
      var shown: String
      /// `PATH:LINE` of the place it guards.
      var place: String
    }

    var alternatives: [[Part]]
    /// The model's actions whose code writes what the condition reads, in the actions' order:
    /// what `audit` sends first to open it.
    var openers: [String] = []

    /// The whole condition as Swift.
    var expression: String {
      alternatives.map { parts in parts.map { "(\($0.expression))" }.joined(separator: " && ") }
        .joined(separator: " || ")
    }

    /// What a transcript says of it: `` `if context.viewState.memberDetails != nil` (View.swift:94) ``.
    var shown: String {
      alternatives.map { parts in
        parts.map { "`\($0.shown)`" }.joined(separator: ", ") + " (" + (parts.first.map { Self.shortPlace($0.place) } ?? "") + ")"
      }.joined(separator: " or ")
    }

    /// `RoomMemberDetailsScreen.swift:94` of a place's whole path.
    static func shortPlace(_ place: String) -> String { String(place.split(separator: "/").last ?? Substring(place)) }
  }

  /// A method left out, and why.
  struct Skipped: Sendable, Equatable {
    var selector: String
    var reason: String
  }

  /// An `init` parameter nothing in the app can fill.
  struct Missing: Sendable, Equatable {
    var parameter: String
    var type: String
  }

  var type: String
  var path: String
  var line: Int
  /// The name `use` takes: the type's name without `ViewModel`, lower camel case.
  var name: String
  /// The factory's expression, with `context` in scope; nil when a parameter is missing.
  var factory: String?
  /// Functions the factory calls to read enum options (`choice1(context)`), and long lists of
  /// their words (`choiceWords1`), declared at file scope under names of the model's.
  var choices: [String] = []
  var wordLists: [[String]] = []
  /// `Parameter(...)` expressions for `use NAME key=value` (an `init` parameter of a plain type).
  var options: [String] = []
  var missing: [Missing] = []
  var actions: [Action] = []
  var properties: [String] = []
  /// The key path from the model of each property reached through something it holds, by name
  /// (`context.searchQuery`: `ContextBindings`); a property of the model's own is its name.
  var propertyPaths: [String: String] = [:]
  /// The actions a view's `.task` runs, in order: the model's `connect` (SwiftUI cancels a
  /// `.task` when the view disappears, as `leave` cancels `connect`).
  var connect: [String] = []
  /// The actions each ButtonKit `AsyncButton` runs, one at a time (`ViewTrigger.oneAtATimeButton`).
  var oneAtATime: [[String]] = []
  /// Actions only the model's own code calls (`SelfCalls`): `audit` does not send them.
  var calledOnlyByModel: [String] = []
  /// Registered properties no view of the app binds or assigns: the code's own (`audit` never
  /// sets them). Empty where no view holding the model was read.
  var notSetByViews: [String] = []
  /// What a user does to send each action, by action name (`the "Add" button (FeedView.swift:12)`):
  /// how `audit`'s findings say the user gets there.
  var controls: [String: [String]] = [:]
  /// Where the app's views start its work.
  var triggers: [ViewTrigger] = []
  /// When the app's views offer each action, by name (`ActionGates`); actions offered always
  /// have none.
  var gates: [String: Gate] = [:]
  var skipped: [Skipped] = []
  /// What the report says of how the model is made (a mock in place of a live client).
  var notes: [String] = []
  /// Why adopt cannot make the model, when no parameter is to blame (its init is private).
  var problem: String?
  /// The compiler's error on the generated registration, which is then left out.
  var registrationError: String?
  /// Whether the user's `Overrides.swift` defines a model of this name.
  var isOverridden = false

  /// Protocols whose generated conformance (`BooksAPIStandIn`) the factory passes.
  var seams: [String] = []
  /// The callback seams the factory passes (`onSave:`), declared with the package's stand-ins.
  var callbacks: [StandInSource.Declaration] = []

  init(
    type: DeclaredType, path: String, index: TypeIndex, standIns: TypeIndex = TypeIndex([]), opened: String? = nil,
    triggers: [ViewTrigger] = [], canSeam: @escaping (String) -> Bool = { _ in false }
  ) {
    self.type = type.qualifiedName
    self.path = path
    line = type.line
    // `HomeView.ViewModel` is `homeView`; `SearchViewModel` is `search`.
    var short = type.parents.isEmpty ? type.name : type.parents.joined() + (type.name == "ViewModel" ? "" : type.name)
    for suffix in ["ViewModel", "VM"] where short.hasSuffix(suffix) && short.count > suffix.count {
      short = String(short.dropLast(suffix.count))
    }
    name = Self.lowerFirst(short)
    let members = index.allMembers(of: type)
    var factories = FactoryInference(index: index, standIns: standIns, canSeam: canSeam)
    if let opened {
      notes.append("`\(opened)` in \(path): adopt's copy of the file leaves the word out, so that a registration can name it")
    }
    if opened == nil && Self.isFilePrivate(type, index: index) {
      // A registration lives in another file: it cannot name a private type.
      problem = "it is private to its file (\(path)), so no registration can name it: make it `internal` to register it"
    } else if let made = factories.construct(type, members: members, depth: 0, optionsFor: type.name) {
      factory = made.expression
      options = made.options
      setUp(from: triggers, members: members, factories: &factories)
      notes += factories.notes
      seams = factories.seams.sorted()
      choices = factories.choices
      wordLists = factories.wordLists
      callbacks = factories.callbacks
    } else {
      missing = factories.missing
      problem = factories.problem
    }
    var used: Set<String> = []
    for method in members.methods {
      // An enum of actions whose cases carry nothing is as writable as a word (`send process
      // viewAction=logout`), yet each case is a tap of its own: an action per case too, where
      // the method is a door that returns nothing (not a `label(for action:) -> String`).
      let isDoor = method.returnType.map { ["Void", "()"].contains($0) } ?? true
      let caseActions = ActionInference.caseActions(for: method, index: index, owner: type.qualifiedName)
      let inferred = isDoor && caseActions != nil
        ? .failure(ActionInference.Reason(text: nil))
        : ActionInference.action(for: method, index: index, owner: type.qualifiedName, typeName: index.written(type))
      switch inferred {
      case .success(var action):
        if used.contains(action.name) {
          action.name += method.parameters.first.map { Self.upperFirst($0.label ?? $0.name) } ?? "\(method.line)"
        }
        guard !used.contains(action.name) else {
          skipped.append(Skipped(selector: method.selector, reason: "another method has its name"))
          continue
        }
        used.insert(action.name)
        actions.append(action)
      case .failure(let reason):
        if let (cases, left) = caseActions {
          // An enum of actions the views send (`process(viewAction:)`): an action per case,
          // named as the case, after the method's own name where another action has it.
          for var action in cases {
            if used.contains(action.name) { action.name = method.name + Self.upperFirst(action.name) }
            guard !used.contains(action.name) else {
              skipped.append(Skipped(selector: action.summary, reason: "another method has its name"))
              continue
            }
            used.insert(action.name)
            actions.append(action)
          }
          skipped += left
          continue
        }
        // Each action whose parameter adopt makes has its own options' names, seams and notes.
        var arguments = FactoryInference(index: index, standIns: standIns, canSeam: canSeam)
        if factory != nil, var (action, made) = ActionInference.madeAction(for: method, index: index, owner: type.qualifiedName, typeName: index.written(type), factories: &arguments) {
          if used.contains(action.name) { action.name += method.parameters.first.map { Self.upperFirst($0.label ?? $0.name) } ?? "\(method.line)" }
          if !used.contains(action.name) {
            used.insert(action.name)
            actions.append(action)
            adoptArguments(of: arguments, action: action.name, made: made)
            continue
          }
        }
        if let reason = reason.text { skipped.append(Skipped(selector: method.selector, reason: reason)) }
      }
    }
    for property in members.properties {
      guard !property.isStatic, property.isVar, property.setterAccess >= .internal,
            let declared = property.type, ["String", "Int", "Double", "Bool"].contains(declared)
      else { continue }
      properties.append(property.name)
    }
    for (name, path) in ContextBindings.read(type, index: index) where !properties.contains(name) {
      properties.append(name)
      propertyPaths[name] = path
    }
  }

  /// How `Mending` names a property (not an action) whose line did not compile: `Type.property NAME`.
  static let propertyMark = "property "

  /// Leaves out the actions whose generated line did not compile (`failed`: `Type.action` to
  /// the compiler's words), each said among the methods that are no action.
  mutating func leaveOut(_ failed: [String: String]) {
    for (key, error) in failed.sorted(by: { $0.key < $1.key }) {
      let name = String(key.dropFirst(type.count + 1))
      if name.hasPrefix(Self.propertyMark) {
        let property = String(name.dropFirst(Self.propertyMark.count))
        guard properties.contains(property) else { continue }
        properties.removeAll { $0 == property }
        notes.append("`set \(property)` is left out: its registration did not compile (\(error))")
        continue
      }
      guard let action = actions.first(where: { $0.name == name }) else { continue }
      actions.removeAll { $0.name == name }
      notes.removeAll { $0.hasPrefix("`send \(name)` makes ") }
      skipped.append(Skipped(selector: Self.selector(of: action.summary), reason: "its registration did not compile (\(error))"))
    }
  }

  /// Takes in what making an action's arguments needed: the seams and callbacks the package
  /// declares, and a note saying how `send` makes the values.
  private mutating func adoptArguments(of factories: FactoryInference, action: String, made: [String]) {
    seams = Array(Set(seams).union(factories.seams)).sorted()
    for callback in factories.callbacks where !callbacks.contains(where: { $0.member == callback.member }) {
      callbacks.append(callback)
    }
    notes.append("`send \(action)` makes \(made.joined(separator: " and ")) as `use` makes a model's values, from the action's own parameters (each has a default)")
  }

  /// The optional objects the app's views hand the model before its work (`viewModel.client =
  /// client` in `.onAppear`, a client the view takes from its environment), set by the
  /// registration after `init` where adopt can make one; without them every action returns at
  /// its `guard let client`.
  private mutating func setUp(from triggers: [ViewTrigger], members: Members, factories: inout FactoryInference) {
    guard let factory else { return }
    let bare = type.split(separator: ".").last.map(String.init) ?? type
    var assignments: [String] = []
    for trigger in triggers where trigger.model == type || trigger.model == bare {
      for name in trigger.sets where !assignments.contains(where: { $0.hasPrefix("model.\(name) = ") }) {
        guard let property = members.properties.first(where: { $0.name == name && !$0.isStatic && $0.isVar && !$0.isComputed }),
              property.setterAccess >= .internal, let declared = property.type, declared.hasSuffix("?"),
              let made = factories.object(String(declared.dropLast()), property: name, of: type)
        else { continue }
        assignments.append("model.\(name) = \(made.expression)")
        options = made.options
        notes.append("`\(name)` set after `init` as \(trigger.view) sets it (.\(trigger.modifier), line \(trigger.line)), to `\(made.expression)`")
      }
    }
    guard !assignments.isEmpty else { return }
    let tries = factory.hasPrefix("try ") ? "try " : ""
    self.factory = tries + "{ () \(tries.isEmpty ? "" : "throws ")-> \(type) in let model = \(factory); "
      + assignments.map { $0 + "; " }.joined() + "return model }()"
  }

  /// Reads how the app's views start this model's work: the calls of a view's first `.task`
  /// that are registered actions without parameters become its `connect`.
  mutating func read(_ triggers: [ViewTrigger]) {
    let bare = type.split(separator: ".").last.map(String.init) ?? type
    for trigger in triggers where trigger.model == type || trigger.model == bare {
      self.triggers.append(trigger)
      if trigger.modifier == ViewTrigger.oneAtATimeButton {
        let group = trigger.calls.compactMap { call in actions.first { $0.summary.hasPrefix(call + "(") }?.name }
          .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if !group.isEmpty, !oneAtATime.contains(group) { oneAtATime.append(group) }
        continue
      }
      guard trigger.modifier == "task", !trigger.calls.isEmpty, connect.isEmpty else { continue }
      connect = trigger.calls.compactMap { call in
        actions.first { $0.parameters.isEmpty && $0.summary.hasPrefix(call + "(") }?.name
      }
    }
  }

  /// Notes the actions only the model's own code calls: no view, nor any other code of the app,
  /// names them. A top-level model only: a nested one's file-scope declaration holds other code.
  mutating func read(_ calls: SelfCalls) {
    guard !type.contains(".") else { return }
    let started = Set(connect + oneAtATime.flatMap { $0 })
    calledOnlyByModel = actions.filter { action in
      let method = String(action.summary.prefix { $0 != "(" && $0 != " " })
      return !started.contains(action.name) && calls.onlyBy(type, name: method)
    }.map(\.name)
  }

  /// The selector an action's summary names: `save(scrums:)` of `save(scrums:) async throws ->
  /// Int (static)`, `process(viewAction: .rename(to:))` of itself.
  static func selector(of summary: String) -> String {
    var text = summary
    if text.hasSuffix(ActionInference.staticMark) { text.removeLast(ActionInference.staticMark.count) }
    for effect in [") async", ") throws", ") ->"] {
      if let range = text.range(of: effect) { text = String(text[..<text.index(after: range.lowerBound)]) }
    }
    return text
  }

  /// The method an action's summary names: `refresh` of `refresh() async`.
  static func methodName(of summary: String) -> String { String(summary.prefix { $0 != "(" && $0 != " " }) }

  /// The view whose `.task` is the model's `connect`: `FeedView's .task (line 12)`.
  var connectSource: String? {
    // The first `.task` that calls something (one that only sets a property starts no work).
    guard !connect.isEmpty, let task = triggers.first(where: { $0.modifier == "task" && !$0.calls.isEmpty }) else { return nil }
    return "\(task.view)'s .task (line \(task.line))"
  }

  /// Whether `type` is private to its file, itself or through the type it is declared in.
  static func isFilePrivate(_ type: DeclaredType, index: TypeIndex) -> Bool {
    type.access <= .fileprivate || type.parents.isEmpty == false && index.type(type.parents[0])?.access ?? .internal <= .fileprivate
  }

  static func lowerFirst(_ text: String) -> String {
    // `URLListViewModel` reads `urlList`: the leading capitals of an acronym go down together.
    let scalars = Array(text)
    var upper = 0
    while upper < scalars.count, scalars[upper].isUppercase { upper += 1 }
    if upper <= 1 || upper == scalars.count { return text.prefix(1).lowercased() + text.dropFirst() }
    return String(scalars[..<(upper - 1)]).lowercased() + String(scalars[(upper - 1)...])
  }

  static func upperFirst(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
