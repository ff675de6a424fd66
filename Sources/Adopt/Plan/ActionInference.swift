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

  /// The action `method` of the type `owner` (its whole name) becomes, or why none.
  static func action(for method: Method, index: TypeIndex, owner: String = "") -> Result<ModelPlan.Action, Reason> {
    guard !method.isStatic, method.access >= .internal, !plumbing.contains(method.name),
          let first = method.name.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
          !method.name.hasPrefix("_")
    else { return .failure(Reason(text: nil)) }
    if method.isGeneric { return .failure(Reason(text: "generic")) }
    if method.onlyTraps { return .failure(Reason(text: "its body only traps (`fatalError`): a subclass implements it")) }
    var parameters: [String] = []
    var arguments: [String] = []
    for parameter in method.parameters {
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
        return .failure(Reason(text: "takes `\(parameter.name): \(parameter.type)`, which a command cannot write"))
      }
      parameters.append("Parameter(\(key), \(kind)" + (isOptional ? ", default: .null" : "") + ")")
      let value = isOptional ? "(arguments[\(key)] == CommandValue.null ? nil : \(read))" : read
      arguments.append((parameter.label.map { "\($0): " } ?? "") + value)
    }
    let call = "viewModel.\(method.name)(\(arguments.joined(separator: ", ")))"
    var summary = method.selector + (method.isAsync ? " async" : "") + (method.isThrowing ? " throws" : "")
    if let returned = method.returnType { summary += " -> \(returned)" }
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
    return .success(ModelPlan.Action(name: method.name, summary: summary, parameters: parameters, kind: kind, call: body))
  }
}
