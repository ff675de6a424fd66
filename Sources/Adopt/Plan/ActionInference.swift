/// Which methods become actions, and how the command line's arguments reach them.
enum ActionInference {
  /// Why a method is no action; `text` is nil for methods no one would expect as one.
  struct Reason: Error {
    var text: String?
  }

  /// The cases of an app enum without payloads, when `type`, written inside `owner`, names one.
  ///
  /// The type is the one the name means from `owner`: a dotted name (`AccountStatusesListView.Mode`)
  /// is that type, a bare one a type `owner` can see (`FactoryInference.sees`); another type of
  /// the same last name elsewhere (IceCubesApp's `StatusEditor.EditorStore.Mode`) is not it.
  static func simpleCases(of type: String, index: TypeIndex, owner: String = "") -> [String]? {
    let written = type.filter { !$0.isWhitespace }
    guard let declared = index.type(LinuxSupport.bareName(written), from: owner), declared.kind == .enum,
          !declared.cases.isEmpty, !declared.hasPayloads,
          written.contains(".")
            ? declared.qualifiedName == written || declared.qualifiedName.hasSuffix("." + written)
              || written.hasSuffix("." + declared.qualifiedName)
            : FactoryInference.sees(declared, from: owner)
    else { return nil }
    return declared.cases
  }

  /// Names a view-model's method never gets as an action: protocol plumbing.
  static let plumbing: Set<String> = ["hash", "encode", "description", "debugDescription", "isEqual"]

  /// Whether a method of the model's type is one an action calls: an instance method, or a
  /// static one that does work over time (`async`), which the app's views call on the type
  /// (Scrumdinger's `try await ScrumStore.save(scrums: store.scrums)`); a static helper that
  /// returns at once (a formatter) is no action.
  static func isCallable(_ method: Method) -> Bool { !method.isStatic || method.isAsync }

  /// What an action calls the method on: the model, or for a static method its type as the
  /// registration writes it.
  static func receiver(of method: Method, written: String) -> String { method.isStatic ? written : "viewModel" }

  /// How a summary marks a static method: after its signature, so that its name stays first.
  static let staticMark = " (static)"

  /// The action `method` of the type `owner` (its whole name) becomes, or why none. `typeName`
  /// is the type as the registration names it, for a static method's call.
  static func action(for method: Method, index: TypeIndex, owner: String = "", typeName: String? = nil) -> Result<ModelPlan.Action, Reason> {
    guard isCallable(method), method.access >= .internal, !plumbing.contains(method.name),
          let first = method.name.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
          !method.name.hasPrefix("_")
    else { return .failure(Reason(text: nil)) }
    if method.isGeneric { return .failure(Reason(text: "generic")) }
    if method.onlyTraps { return .failure(Reason(text: "its body only traps (`fatalError`): a subclass implements it")) }
    guard let (parameters, arguments) = read(method.parameters, index: index, owner: owner) else {
      let parameter = method.parameters.first { written($0, index: index, owner: owner) == nil }
      return .failure(Reason(text: parameter.map { "takes `\($0.name): \($0.type)`, which a command cannot write" }))
    }
    return .success(called(method, parameters: parameters, arguments: arguments, on: typeName ?? owner))
  }

  /// The action of a method that takes a value of the app a command cannot write but adopt can
  /// make (IceCubesApp's `CurrentAccount.setClient(client: MastodonClient)`, which the app calls
  /// on each account switch): the value is made as an init's parameter would be, from the
  /// action's own parameters, each with its default (`send setClient server="b.social"`), so
  /// that two sends can pass two values. `factories` is the action's own; nil where a parameter
  /// can be neither written nor made.
  static func madeAction(
    for method: Method, index: TypeIndex, owner: String, typeName: String? = nil, factories: inout FactoryInference
  ) -> (action: ModelPlan.Action, made: [String])? {
    guard isCallable(method), method.access >= .internal, !plumbing.contains(method.name), !method.isGeneric, !method.onlyTraps,
          !method.name.hasPrefix("_"), !method.parameters.isEmpty
    else { return nil }
    var parameters: [String] = []
    var arguments: [String] = []
    var made: [String] = []
    for parameter in method.parameters {
      if let (declared, argument) = written(parameter, index: index, owner: owner) {
        parameters.append(declared)
        arguments.append(argument)
      } else if let value = factories.argument(parameter, of: owner) {
        parameters += value.parameters
        arguments.append((parameter.label.map { "\($0): " } ?? "") + value.expression)
        made.append("`\(parameter.name): \(parameter.type)`")
      } else {
        return nil
      }
    }
    // Two parameters one name (`server:` and a made client's `server`) would be one argument.
    let names = parameters.map { $0.split(separator: "\"").dropFirst().first.map(String.init) ?? $0 }
    guard !made.isEmpty, Set(names).count == names.count else { return nil }
    return (called(method, parameters: parameters, arguments: arguments, on: typeName ?? owner), made)
  }

  /// A command's parameter and the expression that reads it, for a parameter a command can
  /// write (`String`, numbers, `Bool`, lists of them, an app enum without payloads), else nil.
  static func written(_ parameter: ParameterFacts, index: TypeIndex, owner: String) -> (parameter: String, argument: String)? {
    var type = parameter.type
    let isOptional = type.hasSuffix("?")
    if isOptional { type.removeLast() }
    let key = "\"\(parameter.name)\""
    let kind: String
    let read: String
    if let written = WrittenTypes.table[type] {
      kind = written.kind
      read = WrittenTypes.read(written, key: key, from: "arguments")
    } else if let cases = simpleCases(of: type, index: index, owner: owner) {
      // An enum of the app without payloads: its case names, as `send sort by=newest` writes one.
      // One nested in the model, written bare in its method, is qualified in the registration.
      type = index.qualified(type, from: owner)
      kind = ".oneOf([" + cases.map { "\"\($0)\"" }.joined(separator: ", ") + "])"
      let choices = cases.dropLast().map { "case \"\($0)\": return \(type).\($0)" }.joined(separator: "; ")
      read = "({ () -> \(type) in switch arguments.string(\(key)) { \(choices)\(choices.isEmpty ? "" : "; ")default: return \(type).\(cases.last!) } })()"
    } else {
      return nil
    }
    let value = isOptional ? "(arguments[\(key)] == CommandValue.null ? nil : \(read))" : read
    return ("Parameter(\(key), \(kind)" + (isOptional ? ", default: .null" : "") + ")", (parameter.label.map { "\($0): " } ?? "") + value)
  }

  /// Every parameter written (`written`), or nil where one cannot be.
  static func read(_ parameters: [ParameterFacts], index: TypeIndex, owner: String) -> (parameters: [String], arguments: [String])? {
    var result: ([String], [String]) = ([], [])
    for parameter in parameters {
      guard let (declared, argument) = written(parameter, index: index, owner: owner) else { return nil }
      result.0.append(declared)
      result.1.append(argument)
    }
    return result
  }

  /// One action per case of the app enum of actions a method's one parameter takes
  /// (element-x's `process(viewAction: AdvancedSettingsScreenViewAction)`, the one door its views
  /// send every tap through: `.optimizeMediaUploadsChanged`, `.updateHideInviteAvatars(Bool)`):
  /// `send updateHideInviteAvatars value=true` calls `viewModel.process(viewAction:
  /// .updateHideInviteAvatars(true))`. An enum whose cases carry no payload too
  /// (`SecureBackupLogoutConfirmationScreenViewAction`: `cancel`, `settings`, `logout`): each tap
  /// is its own action, which `audit` tries, gates and pairs as one; one action taking the case's
  /// name reached only its first two cases. A case whose payload a command cannot write is left
  /// out, with why; nil when the parameter is no such enum, or no case can be written.
  static func caseActions(
    for method: Method, index: TypeIndex, owner: String = ""
  ) -> (actions: [ModelPlan.Action], skipped: [ModelPlan.Skipped])? {
    guard !method.isStatic, method.access >= .internal, !method.isGeneric, !method.onlyTraps, method.parameters.count == 1,
          let parameter = method.parameters.first, !parameter.type.hasSuffix("?"),
          let declared = index.type(LinuxSupport.bareName(parameter.type), from: owner), declared.kind == .enum,
          !declared.cases.isEmpty, declared.genericParameters.isEmpty, declared.payloads.count == declared.cases.count,
          isActionEnum(declared.name) || isActionEnum(parameter.name.prefix(1).uppercased() + parameter.name.dropFirst())
    else { return nil }
    let type = parameter.type.contains(".") ? parameter.type : index.qualified(parameter.type, from: owner)
    var actions: [ModelPlan.Action] = []
    var skipped: [ModelPlan.Skipped] = []
    for (name, declaredPayload) in zip(declared.cases, declared.payloads) {
      // One value without a label is `value` (`send updateHideInviteAvatars value=true`).
      var payload = declaredPayload
      if payload.count == 1, payload[0].label == nil { payload[0].name = "value" }
      let selector = "\(method.name)(\((parameter.label ?? "_")): .\(name)" + (payload.isEmpty ? "" : "(" + payload.map { ($0.label ?? "_") + ":" }.joined() + ")") + ")"
      guard let (parameters, values) = read(payload, index: index, owner: declared.qualifiedName) else {
        let unwritten = payload.first { written($0, index: index, owner: declared.qualifiedName) == nil }
        skipped.append(ModelPlan.Skipped(selector: selector, reason: "its payload takes `\(unwritten?.type ?? "?")`, which a command cannot write"))
        continue
      }
      let value = "\(type).\(name)" + (payload.isEmpty ? "" : "(" + values.joined(separator: ", ") + ")")
      let call = "viewModel.\(method.name)(\(parameter.label.map { "\($0): " } ?? "")\(value))"
      let summary = selector + (method.isAsync ? " async" : "") + (method.isThrowing ? " throws" : "")
      var action = finished(method, name: name, summary: summary, parameters: parameters, call: call)
      action.enumType = type
      actions.append(action)
    }
    return actions.isEmpty ? nil : (actions, skipped)
  }

  /// Whether an enum's name says its cases are what a user does (`HomeScreenViewAction`,
  /// `Event`, `Intent`, `Input`), not values a method picks from (a sort order, a category, a
  /// navigation destination), whose cases would be no action by their names alone.
  static func isActionEnum(_ name: String) -> Bool {
    ["Action", "Event", "Intent", "Input"].contains { name.hasSuffix($0) }
  }

  /// The action calling `method` itself with `arguments`, on the model or, static, on its type
  /// `typeName`; its summary the method's signature.
  private static func called(_ method: Method, parameters: [String], arguments: [String], on typeName: String) -> ModelPlan.Action {
    let call = "\(receiver(of: method, written: typeName)).\(method.name)(\(arguments.joined(separator: ", ")))"
    var summary = method.selector + (method.isAsync ? " async" : "") + (method.isThrowing ? " throws" : "")
    if let returned = method.returnType { summary += " -> \(returned)" }
    if method.isStatic { summary += staticMark }
    return finished(method, name: method.name, summary: summary, parameters: parameters, call: call)
  }

  /// The action of `method` called as `call`: sync, async or tracking as the method is.
  private static func finished(_ method: Method, name: String, summary: String, parameters: [String], call: String) -> ModelPlan.Action {
    let kind: ModelPlan.Action.Kind
    let body: String
    if method.isAsync {
      kind = .async
      body = (method.returnType == nil ? "" : "_ = ") + (method.isThrowing ? "try " : "") + "await " + call
    } else if let returned = method.returnType, returned.hasPrefix("Task<") || returned == "Task" {
      kind = .tracking
      body = (method.isThrowing ? "try " : "") + call
    } else {
      kind = .sync
      body = (method.returnType == nil ? "" : "_ = ") + (method.isThrowing ? "try " : "") + call
    }
    return ModelPlan.Action(name: name, summary: summary, parameters: parameters, kind: kind, call: body)
  }
}
