import SwiftParser
import SwiftSyntax

/// Where the app's code writes one model's actions, and what the code around each place asks
/// before it is reached: element-x's `context.send(viewAction: .openDirectChat)` in a `Button`
/// inside `if context.viewState.memberDetails != nil, !context.viewState.isOwnMemberDetails`.
///
/// `audit` sends an action only where the views could: a button a screen does not show is no
/// user's to tap, and its action's trap no bug a user meets.
struct ActionSites: Sendable, Equatable {
  /// What a file's code asks on the way to a place: one condition, its model-held value written
  /// `⟨root⟩` (`⟨context⟩.viewState.memberDetails != nil`), the stored property it reads.
  struct Condition: Sendable, Equatable {
    /// The condition with each root written `⟨name⟩`.
    var template: String
    /// The roots it reads, with their declared types (`context`: `RoomMemberDetailsScreenViewModel.Context`).
    var roots: [String: String]
    /// As the app wrote it, for messages.
    var shown: String
    /// `PATH:LINE` where the app wrote it, when not at the place it guards (a presentation
    /// showing the value that carries a case).
    var place: String? = nil
  }

  /// One place that writes an action.
  struct Site: Sendable, Equatable {
    /// The case or the method's base name.
    var name: String
    var path: String
    var line: Int
    /// The conditions on reaching it that read only the model's properties: all must hold. Empty
    /// when nothing readable guards it (a button shown always).
    var conditions: [Condition]
    /// The type whose value carries the case to where it is sent (element-x's
    /// `IgnoreUserAlertItem.viewAction`, sent from the alert that shows the item), when it is
    /// written in a type that holds no model.
    var carrier: String?
    /// What the user does there, as the view says: `the "Add" button`, `pull to refresh`; nil
    /// where no control or modifier around it says.
    var control: String? = nil
  }

  /// A view shown while a model's value is there (`.alert(item: $context.ignoreUserAlert)`).
  struct Presentation: Sendable, Equatable {
    /// `⟨context⟩.ignoreUserAlert`.
    var template: String
    var roots: [String: String]
    /// The member it shows (`ignoreUserAlert`).
    var member: String
    var shown: String
    var path: String
    var line: Int
  }

  var sites: [Site] = []
  var presentations: [Presentation] = []
  /// The model's properties the code outside it sets: binds (`$viewModel.query` in a
  /// `TextField`), assigns (`viewModel.query = text`, `+=`), toggles or passes `inout`; on the
  /// model or on a value this file does not type, which may be it.
  var writes: Set<String> = []
  /// Where a view binds a model's property to a control a user types in or flips
  /// (`TextField("Search", text: $viewModel.query)`): `name` the property, `control` the field.
  var fields: [Site] = []
  /// Whether some type other than the model holds it in a property (a view's `@ObservedObject
  /// var viewModel: FeedViewModel`): the views that set its properties were read.
  var holdsModel = false

  /// What the model's actions are written as.
  struct Target: Sendable {
    /// The model's names a property's type may start with (`RoomMemberDetailsScreenViewModel`,
    /// its `...Type` and `...Protocol`).
    var modelNames: Set<String>
    /// The enum whose cases are actions (bare), or nil.
    var actionEnum: String?
    var cases: Set<String>
    var methods: Set<String>
    /// The model's settable properties, whose writes are read.
    var properties: Set<String> = []
    /// The app's `Localizable` strings: a button titled by a key (`Text("action.save")`) is
    /// named by its text ("Save").
    var titles: [String: String] = [:]
  }

  /// The places `source` (the file at `path`) writes `target`'s actions, and its presentations.
  static func read(_ source: String, path: String, target: Target) -> ActionSites {
    let tree = SyntaxTrees.parse(source)
    let visitor = ActionSiteVisitor(target: target, path: path, converter: SourceLocationConverter(fileName: path, tree: tree))
    visitor.functions = FunctionParameters.read(tree)
    visitor.walk(tree)
    return visitor.found
  }

  /// The presentation modifiers: what they show exists while their `item:` or `presenting:` value
  /// does, or while their `isPresented:` flag is set.
  static let presentingModifiers: Set<String> = ["sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "inspector"]
}

/// Reads one file for `ActionSites`.
final class ActionSiteVisitor: SyntaxVisitor {
  private(set) var found = ActionSites()
  private let target: ActionSites.Target
  private let path: String
  private let converter: SourceLocationConverter
  /// The enclosing types, innermost last: their names and stored properties' types.
  private var types: [(name: String, properties: [String: String])] = []
  /// Every type of the file so far with its properties: what its extensions see.
  private var declared: [String: [String: String]] = [:]
  /// The file's functions by name, with their parameters' types: what a bare `.case` argument
  /// of a call to one is.
  var functions: [String: [String]] = [:]

  init(target: ActionSites.Target, path: String, converter: SourceLocationConverter) {
    self.target = target
    self.path = path
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Types, and what is not the app (previews)

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.memberBlock, node.inheritanceClause)
  }
  override func visitPost(_ node: StructDeclSyntax) { leave() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.memberBlock, node.inheritanceClause)
  }
  override func visitPost(_ node: ClassDeclSyntax) { leave() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.memberBlock, node.inheritanceClause)
  }
  override func visitPost(_ node: EnumDeclSyntax) { leave() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    enter(node.name.text, node.memberBlock, node.inheritanceClause)
  }
  override func visitPost(_ node: ActorDeclSyntax) { leave() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = LinuxSupport.bareName(FactsVisitor.typeText(node.extendedType))
    // `visitPost` runs for a skipped node too: what it pops is pushed here either way.
    if Self.isPreview(name, node.inheritanceClause) {
      types.append((name, [:]))
      return .skipChildren
    }
    var properties = ViewTriggerVisitor.properties(of: node.memberBlock)
    properties.merge(declared[name] ?? [:]) { own, _ in own }
    types.append((name, properties))
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leave() }
  // `#Preview { ... }` shows the screen in a state of its own making.
  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
    node.macroName.text == "Preview" ? .skipChildren : .visitChildren
  }
  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    node.macroName.text == "Preview" ? .skipChildren : .visitChildren
  }

  private func enter(_ name: String, _ members: MemberBlockSyntax, _ inheritance: InheritanceClauseSyntax?) -> SyntaxVisitorContinueKind {
    // A preview's code shows the screen in states it makes up: not what a user can reach.
    // (`visitPost` runs for it too, and pops what is pushed here.)
    if Self.isPreview(name, inheritance) {
      types.append((name, [:]))
      return .skipChildren
    }
    let properties = ViewTriggerVisitor.properties(of: members)
    declared[name] = properties
    types.append((name, properties))
    if !target.modelNames.contains(name), properties.values.contains(where: isModelType) { found.holdsModel = true }
    return .visitChildren
  }

  private func leave() { if !types.isEmpty { types.removeLast() } }

  static func isPreview(_ name: String, _ inheritance: InheritanceClauseSyntax?) -> Bool {
    name.hasSuffix("_Previews") || name.hasSuffix("Previews")
      || (inheritance?.inheritedTypes.contains { LinuxSupport.bareName($0.type.trimmedDescription) == "PreviewProvider" } ?? false)
  }


  // MARK: Places

  /// The model's roots the innermost type holds: its properties whose type is the model's
  /// (`viewModel: FeedViewModel`) or one of its nested types (`context: FeedViewModel.Context`).
  private var roots: [String: String] {
    guard let properties = types.last?.properties else { return [:] }
    return properties.filter { isModelType($0.value) }
  }

  private func isModelType(_ type: String) -> Bool {
    var text = Substring(type)
    for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
    if let angle = text.firstIndex(of: "<") { text = text[..<angle] }
    let first = text.split(separator: ".").first.map(String.init) ?? ""
    return target.modelNames.contains(first)
  }

  /// Whether the innermost type is the model itself: its own calls are its work, no user's.
  private var insideModel: Bool {
    guard let name = types.last?.name else { return false }
    return target.modelNames.contains(name)
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.declName.baseName.text
    if target.properties.contains(name), let base = node.base, !insideModel, Self.isWrite(node) {
      // The model's, or a value this file does not type (a closure's parameter, a local):
      // perhaps the model, so its write counts. Another typed object's property does not.
      let holder = Self.holder(base)
      let type = holder.flatMap { types.last?.properties[$0] }
      if holder != "self", type.map(isModelType) ?? true {
        found.writes.insert(name)
        if base.trimmedDescription.hasPrefix("$"), let field = Self.field(around: Syntax(node), titles: target.titles) {
          found.fields.append(.init(name: name, path: path, line: line(of: Syntax(node)), conditions: [], carrier: nil, control: field))
        }
      }
    }
    if target.cases.contains(name), isCaseValue(node) {
      guard !insideModel, !Self.isPattern(node) else { return .visitChildren }
      switch node.base == nil ? isActionEnumValue(node) : true {
      case true?: note(name, at: Syntax(node), isValue: true)
      // Another enum's case of the same name (a coordinator's `actionsSubject.send(.openDirectChat(roomID:))`).
      case false?: break
      // Perhaps the action's: a place no condition guards.
      case nil: found.sites.append(.init(name: name, path: path, line: line(of: Syntax(node)), conditions: [], carrier: nil))
      }
    } else if target.methods.contains(name), let base = node.base {
      guard !insideModel else { return .visitChildren }
      let holder = Self.holder(base)
      if let holder, let type = types.last?.properties[holder] {
        // Another object's method of the same name: not this model's.
        if isModelType(type) { note(name, at: Syntax(node), isValue: false) }
      } else if node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(node).id, holder != "self" {
        // A call on a value this file does not type (a local, a parameter): perhaps the model's,
        // so a place no condition guards.
        found.sites.append(.init(name: name, path: path, line: line(of: Syntax(node)), conditions: [], carrier: nil))
      }
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
          ActionSites.presentingModifiers.contains(member.declName.baseName.text)
    else { return .visitChildren }
    for argument in node.arguments where ["item", "presenting"].contains(argument.label?.text ?? "") {
      guard let (template, roots) = Self.binding(argument.expression, roots: self.roots), let last = template.split(separator: ".").last
      else { continue }
      found.presentations.append(.init(
        template: template, roots: roots, member: String(last),
        shown: ".\(member.declName.baseName.text)(\(argument.label!.text): \(argument.expression.trimmedDescription))",
        path: path, line: line(of: Syntax(member.declName))))
    }
    return .visitChildren
  }

  /// Whether a bare `.createDirectChat` is a value of the action enum, read from where it is
  /// written: an argument of a call on the model (`context.send(viewAction: .x)`) or of the
  /// file's function taking the enum, the value of a variable or a member typed as the enum
  /// (`let action: RoomMemberDetailsScreenViewAction = ...`, `var viewAction: ... { .ignoreConfirmed }`).
  /// false where the place says another type (`actionsSubject.send(...)` of a subject of the
  /// coordinator's own actions, a comparison); nil where nothing says.
  private func isActionEnumValue(_ node: MemberAccessExprSyntax) -> Bool? {
    guard let actionEnum = target.actionEnum else { return nil }
    func mentions(_ type: String) -> Bool { type.names(actionEnum) }
    var value = Syntax(node)
    // `.startCall(roomID: id, isVoiceCall: true)`: the call is the value.
    if let call = value.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { value = Syntax(call) }
    // Through a ternary's branches, parentheses and operator sequences.
    while let parent = value.parent,
          parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(SequenceExprSyntax.self)
            || parent.is(ExprListSyntax.self) || (parent.as(TupleExprSyntax.self)?.elements.count == 1) || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
            || parent.is(LabeledExprListSyntax.self) && parent.parent?.is(TupleExprSyntax.self) == true {
      if let sequence = parent.as(SequenceExprSyntax.self),
         sequence.elements.contains(where: { $0.as(BinaryOperatorExprSyntax.self).map { ["==", "!=", "~="].contains($0.operator.text) } ?? false }) {
        return false
      }
      value = parent
    }
    guard let parent = value.parent else { return nil }
    if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
        guard let holder = Self.holder(base) else { return nil }
        if holder == "self" { return functions[member.declName.baseName.text].map { $0.contains(where: mentions) } }
        if let type = types.last?.properties[holder] { return isModelType(type) || mentions(type) }
        return nil
      }
      if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
        return functions[callee.baseName.text].map { $0.contains(where: mentions) }
      }
      return nil
    }
    if let initializer = parent.as(InitializerClauseSyntax.self), let binding = initializer.parent?.as(PatternBindingSyntax.self) {
      return binding.typeAnnotation.map { mentions($0.type.trimmedDescription) }
    }
    // A `return`, or the one expression of a body: the declared type of what encloses it.
    if parent.is(ReturnStmtSyntax.self) || parent.is(CodeBlockItemSyntax.self) {
      var current = parent.parent
      while let node = current {
        if let function = node.as(FunctionDeclSyntax.self) {
          return function.signature.returnClause.map { mentions($0.type.trimmedDescription) } ?? false
        }
        if let binding = node.as(PatternBindingSyntax.self) {
          return binding.typeAnnotation.map { mentions($0.type.trimmedDescription) }
        }
        if node.is(ClosureExprSyntax.self) || node.is(MemberBlockItemSyntax.self) { return nil }
        current = node.parent
      }
      return nil
    }
    return false
  }


  /// `.createDirectChat` or `RoomMemberDetailsScreenViewAction.createDirectChat`: a value of the
  /// action enum, not another type's member of the same name.
  private func isCaseValue(_ node: MemberAccessExprSyntax) -> Bool {
    guard let base = node.base else { return true }
    guard let actionEnum = target.actionEnum else { return false }
    let text = base.trimmedDescription
    return text == actionEnum || text.hasSuffix("." + actionEnum)
  }

  /// Whether `node` is a pattern (`case .createDirectChat:`, `if case .x = action`), not a value.
  static func isPattern(_ node: MemberAccessExprSyntax) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(ExpressionPatternSyntax.self) || parent.is(SwitchCaseLabelSyntax.self) || parent.is(MatchingPatternConditionSyntax.self) {
        return true
      }
      if parent.is(CodeBlockItemSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return false }
      current = parent.parent
    }
    return false
  }

  /// Whether `node` (`viewModel.query`) is set where it is written: a binding (`$viewModel.query`),
  /// the left side of `=` or `+=`, an `inout` argument, or `.toggle()`'s value.
  static func isWrite(_ node: MemberAccessExprSyntax) -> Bool {
    if let base = node.base, base.trimmedDescription.hasPrefix("$") { return true }
    guard let parent = node.parent else { return false }
    if parent.is(InOutExprSyntax.self) { return true }
    if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
       ["toggle", "append", "removeAll", "insert"].contains(member.declName.baseName.text) {
      return true
    }
    // As parsed (`a`, `=`, `b` in a sequence) or folded (an infix expression).
    if let list = parent.as(ExprListSyntax.self) {
      let elements = Array(list)
      guard let index = elements.firstIndex(where: { $0.id == node.id }), index + 1 < elements.count else { return false }
      return assigns(elements[index + 1])
    }
    if let infix = parent.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == node.id {
      return assigns(infix.operator)
    }
    return false
  }

  /// `=`, or an operator that assigns (`+=`, `-=`), not a comparison (`==`, `<=`).
  private static func assigns(_ op: ExprSyntax) -> Bool {
    if op.is(AssignmentExprSyntax.self) { return true }
    guard let text = op.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
    return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
  }

  /// `viewModel` of `viewModel`, `self.viewModel`, `_viewModel`, `viewModel?`.
  static func holder(_ base: ExprSyntax) -> String? {
    var text = base.trimmedDescription
    if text.hasPrefix("self.") { text.removeFirst(5) }
    while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
    if text.hasPrefix("_") || text.hasPrefix("$") { text.removeFirst() }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !text.isEmpty ? text : nil
  }

  private func line(of node: Syntax) -> Int { node.startLocation(converter: converter).line }

  private func note(_ name: String, at node: Syntax, isValue: Bool) {
    let roots = self.roots
    let line = line(of: node)
    // A case written in a type that holds no model travels in that type's values: it is sent
    // where one is shown.
    if isValue, roots.isEmpty, let owner = types.last?.name {
      found.sites.append(.init(name: name, path: path, line: line, conditions: [], carrier: owner))
      return
    }
    found.sites.append(.init(
      name: name, path: path, line: line, conditions: conditions(around: node, roots: roots), carrier: nil,
      control: Self.control(around: node, titles: target.titles)))
  }

  // MARK: Controls

  /// What a user does to reach `node`, from the innermost control or modifier whose closure (or
  /// `action:` argument) holds it: `Button("Add") { ... }` is `the "Add" button`, one labelled
  /// by a `Text("Add")` or `Label("Add", ...)` too; `.refreshable` is `pull to refresh`.
  static func control(around node: Syntax, titles: [String: String] = [:]) -> String? {
    var child = node
    var inner: Syntax?
    while let parent = child.parent {
      if parent.is(MemberBlockItemSyntax.self) { return nil }
      if let call = parent.as(FunctionCallExprSyntax.self), child.id != call.calledExpression.id {
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, ["Button", "AsyncButton"].contains(name) {
          // A call in what the button shows (`label:`) is no tap's: it is read to draw it.
          if isLabel(child, inner: inner, of: call) { return nil }
          guard let label = buttonLabel(call) else { return "a button" }
          if let title = titles[label.text] { return "the \"\(title)\" button" }
          // A generated string's name with no text read: no title to show.
          return label.generated ? "a button" : "the \"\(label.text)\" button"
        }
        // A call in the setter of the binding a control is handed (IceCubesApp's list sheet:
        // `Toggle(list.title, isOn: .init(get: ..., set: { value in ... addToList(list:) }))`):
        // the control's, as a user meets it.
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, let kind = Self.fieldKinds[name],
           child.id == call.arguments.id, let argument = inner?.as(LabeledExprSyntax.self),
           let label = argument.label?.text, ["isOn", "text", "selection", "value"].contains(label)
        {
          guard let title = buttonLabel(call, trailingIsLabel: name != "Picker") else { return "a \(kind)" }
          if let text = titles[title.text] { return "the \"\(text)\" \(kind)" }
          return title.generated ? "a \(kind)" : "the \"\(title.text)\" \(kind)"
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
          switch member.declName.baseName.text {
          case "refreshable": return "pull to refresh"
          case "task":
            // `.task(id: viewModel.searchQuery)` runs again on each change of its value.
            let id = call.arguments.first { $0.label?.text == "id" }?.expression.trimmedDescription
            return "the screen appearing" + (id.map { " and each change of `\($0)`" } ?? "")
          case "onAppear": return "the screen appearing"
          case "onDisappear": return "the screen going"
          case "onSubmit": return "submitting the text"
          case "onTapGesture": return "a tap"
          case "onChange":
            let value = call.arguments.first?.expression.trimmedDescription
            return value.map { "a change of `\($0)`" } ?? "a change"
          default: break
          }
        }
      }
      inner = child
      child = parent
    }
    return nil
  }

  /// The controls a binding is handed to, by the word a finding names them with.
  static let fieldKinds = [
    "TextField": "field", "SecureField": "field", "TextEditor": "text editor", "Toggle": "toggle", "Picker": "picker",
    "Slider": "slider", "Stepper": "stepper", "DatePicker": "date picker", "ColorPicker": "color picker",
  ]

  /// The control a binding (`$viewModel.query`) is an argument of, as a user meets it:
  /// `TextField("Search", text:)` is `the "Search" field`, `Toggle("Wi-Fi", isOn:)` `the
  /// "Wi-Fi" toggle`, `.searchable(text:)` `the search field`; a title the code computes leaves
  /// the kind alone (`a field`). Nil where the binding goes elsewhere (a subview's parameter).
  static func field(around node: Syntax, titles: [String: String] = [:]) -> String? {
    guard let argument = node.parent?.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else {
      return nil
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "searchable" {
      return "the search field"
    }
    guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, let kind = fieldKinds[name] else { return nil }
    // Its title: the first argument, or the one `Text`/`Label` its label closure shows (a
    // picker's trailing closure is its options, not its label). The binding is a labelled
    // argument (`text:`, `isOn:`), never the title.
    guard let label = buttonLabel(call, trailingIsLabel: name != "Picker") else { return "a \(kind)" }
    if let title = titles[label.text] { return "the \"\(title)\" \(kind)" }
    return label.generated ? "a \(kind)" : "the \"\(label.text)\" \(kind)"
  }

  /// Whether `part` of a button's call is its label: the `label:` closure or argument, or the
  /// trailing closure where the action is an argument.
  private static func isLabel(_ part: Syntax, inner: Syntax?, of call: FunctionCallExprSyntax) -> Bool {
    if part.id == call.additionalTrailingClosures.id { return true }
    if let trailing = call.trailingClosure, part.id == trailing.id {
      return call.arguments.contains { $0.label?.text == "action" }
    }
    // An argument: the one that holds the call.
    if part.id == call.arguments.id, let argument = inner?.as(LabeledExprSyntax.self) {
      return argument.label?.text == "label"
    }
    return false
  }

  /// A button's title where the code writes it as text: its first argument, or the one
  /// `Text`/`Label` of its `label:` closure; a generated string's name (`L10n.actionSave`) as
  /// written, for `titles` to name.
  /// `trailingIsLabel`: the trailing closure draws the label whatever the arguments
  /// (`Toggle(isOn: $viewModel.muted) { Text("Mute") }`).
  static func buttonLabel(_ call: FunctionCallExprSyntax, trailingIsLabel: Bool = false) -> (text: String, generated: Bool)? {
    if let first = call.arguments.first, first.label == nil {
      if let text = literal(first.expression) { return (text, false) }
      if let name = generatedName(first.expression) { return (name, true) }
    }
    // `Button(action: viewModel.reload) { Text("Reload") }`: with the action an argument, the
    // trailing closure is the label.
    let hasAction = trailingIsLabel || call.arguments.contains { $0.label?.text == "action" }
    let labels = call.arguments.filter { $0.label?.text == "label" }.map { Syntax($0.expression) }
      + call.additionalTrailingClosures.filter { $0.label.text == "label" }.map { Syntax($0.closure) }
      + (hasAction ? call.trailingClosure.map { [Syntax($0)] } ?? [] : [])
    // One title: a label that shows one of several (`if requested { Text("Requested") } else
    // { Text("Follow") }`) names no one button.
    var titles: [(text: String, generated: Bool)?] = []
    for label in labels {
      for inner in label.tokens(viewMode: .sourceAccurate) where ["Text", "Label"].contains(inner.text) {
        guard let reference = inner.parent?.as(DeclReferenceExprSyntax.self),
              let made = reference.parent?.as(FunctionCallExprSyntax.self), made.calledExpression.id == reference.id
        else { continue }
        let first = made.arguments.first.flatMap { argument -> (text: String, generated: Bool)? in
          guard argument.label == nil else { return nil }
          return literal(argument.expression).map { ($0, false) } ?? generatedName(argument.expression).map { ($0, true) }
        }
        titles.append(first)
      }
    }
    return titles.count == 1 ? titles[0] : nil
  }

  /// `L10n.actionSave` (a static member of a capitalised type, dotted names only), as written.
  private static func generatedName(_ expression: ExprSyntax) -> String? {
    guard expression.is(MemberAccessExprSyntax.self) else { return nil }
    let text = expression.trimmedDescription
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }),
          parts[0].first?.isUppercase == true
    else { return nil }
    return text
  }

  /// The text of a string literal with no interpolation.
  static func literal(_ expression: ExprSyntax) -> String? {
    guard let string = expression.as(StringLiteralExprSyntax.self), string.segments.count == 1,
          let segment = string.segments.first?.as(StringSegmentSyntax.self)
    else { return nil }
    return segment.content.text
  }

  // MARK: Conditions

  /// What the code between `node` and its member's declaration asks before reaching it, as far
  /// as each condition reads only `roots`: an `if`'s conditions (its `else`, their negation), the
  /// `guard`s before it, the presentation it is shown in, a `.disabled` around it. A condition
  /// that reads anything else (a local, the view's own `@State`) is left out: what remains is
  /// weaker than what the code asks, never stronger.
  func conditions(around node: Syntax, roots: [String: String]) -> [ActionSites.Condition] {
    guard !roots.isEmpty else { return [] }
    var result: [ActionSites.Condition] = []
    var child = node
    while let parent = child.parent {
      if parent.is(MemberBlockItemSyntax.self) { break }
      if let branch = parent.as(IfExprSyntax.self), child.id != branch.conditions.id {
        let read = branch.conditions.map { Self.condition($0, roots: roots) }
        if child.id == branch.body.id {
          result += read.compactMap { $0 }
        } else if read.allSatisfy({ $0 != nil }), !read.isEmpty {
          // The `else`: not all of them held.
          let all = read.compactMap { $0 }
          result.append(.init(
            template: "!(" + all.map(\.template).joined(separator: " && ") + ")",
            roots: all.reduce(into: [:]) { $0.merge($1.roots) { a, _ in a } },
            shown: "not (" + all.map(\.shown).joined(separator: ", ") + ")"))
        }
      } else if let list = parent.as(CodeBlockItemListSyntax.self) {
        for item in list {
          if item.id == child.id { break }
          guard let guardStatement = item.item.as(GuardStmtSyntax.self) else { continue }
          result += guardStatement.conditions.compactMap { Self.condition($0, roots: roots) }
        }
      } else if let call = parent.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
        let modifier = member.declName.baseName.text
        if child.id == call.calledExpression.id {
          if modifier == "disabled", let argument = call.arguments.first?.expression,
             let read = Self.expression(argument, roots: roots) {
            result.append(.init(template: "!(" + read.template + ")", roots: read.roots, shown: ".disabled(\(argument.trimmedDescription))"))
          }
        } else if ActionSites.presentingModifiers.contains(modifier) {
          for argument in call.arguments {
            guard let label = argument.label?.text, ["item", "presenting", "isPresented"].contains(label),
                  let (template, used) = Self.binding(argument.expression, roots: roots)
            else { continue }
            result.append(.init(
              template: label == "isPresented" ? template : template + " != nil", roots: used,
              shown: ".\(modifier)(\(label): \(argument.expression.trimmedDescription))"))
          }
        }
      }
      child = parent
    }
    return result
  }

  /// One condition of an `if` or `guard`: an expression, or `let x = value` (the value is not nil).
  static func condition(_ element: ConditionElementSyntax, roots: [String: String]) -> ActionSites.Condition? {
    switch element.condition {
    case .expression(let expression):
      return Self.expression(expression, roots: roots)
    case .optionalBinding(let binding):
      guard let value = binding.initializer?.value, let read = Self.expression(value, roots: roots) else { return nil }
      return .init(template: "(" + read.template + ") != nil", roots: read.roots, shown: element.condition.trimmedDescription)
    case .matchingPattern(let match):
      // `if case let .confirmCode(confirmCode) = context.viewState.state`: the pattern names only
      // what it binds, so the match is asked of the model's value as written, its bindings unused.
      guard let read = Self.expression(match.initializer.value, roots: roots), !match.pattern.trimmedDescription.contains("⟨") else { return nil }
      let pattern = match.pattern.trimmedDescription
      return .init(
        template: "{ if case \(pattern) = \(read.template) { return true } else { return false } }()", roots: read.roots,
        shown: element.condition.trimmedDescription)
    default:
      return nil
    }
  }

  /// `expression` with each root written `⟨root⟩`, where it reads nothing but the roots.
  static func expression(_ expression: ExprSyntax, roots: [String: String]) -> ActionSites.Condition? {
    let rewriter = RootRewriter(roots: Set(roots.keys))
    let rewritten = rewriter.rewrite(Syntax(expression))
    guard rewriter.isClosed, !rewriter.used.isEmpty else { return nil }
    return .init(
      template: rewritten.trimmedDescription, roots: roots.filter { rewriter.used.contains($0.key) },
      shown: expression.trimmedDescription)
  }

  /// `$context.inviteConfirmationUser` (or `context.x`, `self.context.x`) as `⟨context⟩.inviteConfirmationUser`.
  static func binding(_ expression: ExprSyntax, roots: [String: String]) -> (String, [String: String])? {
    var text = expression.trimmedDescription
    if text.hasPrefix("$") { text.removeFirst() }
    if text.hasPrefix("self.") { text.removeFirst(5) }
    if text.hasPrefix("_") { text.removeFirst() }
    guard let dot = text.firstIndex(of: "."), let type = roots[String(text[..<dot])] else { return nil }
    let rest = text[dot...]
    guard rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
    let root = String(text[..<dot])
    return ("⟨\(root)⟩" + rest, [root: type])
  }
}

/// The parameters' types of each function a file declares, by name.
enum FunctionParameters {
  static func read(_ tree: SourceFileSyntax) -> [String: [String]] {
    final class Visitor: SyntaxVisitor {
      var found: [String: [String]] = [:]
      override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        found[node.name.text, default: []] += node.signature.parameterClause.parameters.map { $0.type.trimmedDescription }
        return .visitChildren
      }
    }
    let visitor = Visitor(viewMode: .sourceAccurate)
    visitor.walk(tree)
    return visitor.found
  }
}

/// Writes each root an expression reads as `⟨root⟩`, and says whether it read nothing else.
private final class RootRewriter: SyntaxRewriter {
  let roots: Set<String>
  private(set) var used: Set<String> = []
  private(set) var isClosed = true

  init(roots: Set<String>) {
    self.roots = roots
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: MemberAccessExprSyntax) -> ExprSyntax {
    // `self.context`: the root.
    if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
      let name = node.declName.baseName.text
      guard roots.contains(name) else {
        isClosed = false
        return ExprSyntax(node)
      }
      used.insert(name)
      return ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("⟨\(name)⟩")))
    }
    // Only the base is a reference; the member's name is the member's.
    guard let base = node.base else { return ExprSyntax(node) }
    return ExprSyntax(node.with(\.base, visit(base)))
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> ExprSyntax {
    let name = node.baseName.text
    guard roots.contains(name) else {
      isClosed = false
      return ExprSyntax(node)
    }
    used.insert(name)
    return ExprSyntax(node.with(\.baseName, .identifier("⟨\(name)⟩").with(\.leadingTrivia, node.baseName.leadingTrivia)
      .with(\.trailingTrivia, node.baseName.trailingTrivia)))
  }

  // A closure reads what it captures, and runs when it likes: not a condition to copy.
  override func visit(_ node: ClosureExprSyntax) -> ExprSyntax {
    isClosed = false
    return ExprSyntax(node)
  }
}
