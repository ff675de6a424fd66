import SwiftSyntax

/// How a view starts a model's work: `.task { await viewModel.refresh() }` in `FeedView` is
/// `ViewTrigger(view: "FeedView", model: "FeedViewModel", modifier: "task", calls: ["refresh"])`.
///
/// SwiftUI cancels a `.task`'s work when the view disappears: the model's registration makes
/// it the model's `connect`, which `leave` cancels, so `audit` sees what outlives it.
struct ViewTrigger: Sendable, Equatable {
  /// The view's type.
  var view: String
  /// The model's type, from the view's property (`@StateObject var viewModel = FeedViewModel()`,
  /// `@ObservedObject var viewModel: FeedViewModel`).
  var model: String
  /// `task`, `onAppear`, `onDisappear` or `refreshable`; `AsyncButton` for the action of
  /// ButtonKit's button, which starts no new run while one is running.
  var modifier: String
  /// The model's methods the closure calls, in order (base names).
  var calls: [String]
  /// The modifier's line.
  var line: Int
  /// The model's properties the closure sets first (`viewModel.client = client`, a service the
  /// view takes from its environment), in order.
  var sets: [String] = []

  /// The modifiers whose closures are read.
  static let modifiers: Set<String> = ["task", "onAppear", "onDisappear", "refreshable"]

  /// ButtonKit's button: "when the process is in progress, another button press will not
  /// result in a new Task being issued" (its README), so the actions its closure calls run one
  /// at a time, whichever of them a tap picks.
  static let oneAtATimeButton = "AsyncButton"
}

/// Reads a file's view triggers: the lifecycle modifiers of each type whose stored properties
/// hold a model.
final class ViewTriggerVisitor: SyntaxVisitor {
  private(set) var triggers: [ViewTrigger] = []
  private let converter: SourceLocationConverter
  /// Whether the file imports ButtonKit, whose `AsyncButton` runs one task at a time.
  private let importsButtonKit: Bool
  /// The enclosing types, innermost last, with their properties' types by name.
  private var types: [(name: String, properties: [String: String])] = []
  /// Every type the file declared so far, with its properties: what its extensions see.
  private var declared: [String: [String: String]] = [:]

  init(converter: SourceLocationConverter, importsButtonKit: Bool = false) {
    self.converter = converter
    self.importsButtonKit = importsButtonKit
    super.init(viewMode: .sourceAccurate)
  }

  /// The triggers of a parsed file.
  static func triggers(in tree: SourceFileSyntax, path: String) -> [ViewTrigger] {
    let buttonKit = tree.statements.contains { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "ButtonKit" }
    let visitor = ViewTriggerVisitor(converter: SourceLocationConverter(fileName: path, tree: tree), importsButtonKit: buttonKit)
    visitor.walk(tree)
    // A chain is read from its last modifier in: in the order written, by line.
    return visitor.triggers.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    let properties = Self.properties(of: node.memberBlock)
    declared[node.name.text] = properties
    types.append((node.name.text, properties))
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    let properties = Self.properties(of: node.memberBlock)
    declared[node.name.text] = properties
    types.append((node.name.text, properties))
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // An extension of a view sees its properties only where the file declares the view too.
    let name = FactsVisitor.typeText(node.extendedType)
    types.append((name, declared[name] ?? Self.properties(of: node.memberBlock)))
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let view = types.last else { return .visitChildren }
    let name: TokenSyntax
    let closure: ClosureExprSyntax?
    if let member = node.calledExpression.as(MemberAccessExprSyntax.self), ViewTrigger.modifiers.contains(member.declName.baseName.text) {
      name = member.declName.baseName
      closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
    } else if importsButtonKit, let button = node.calledExpression.as(DeclReferenceExprSyntax.self),
      button.baseName.text == ViewTrigger.oneAtATimeButton
    {
      // `AsyncButton { action } label: { ... }`, `AsyncButton("Title") { action }`, `action:`.
      name = button.baseName
      closure = node.arguments.first { $0.label?.text == "action" }?.expression.as(ClosureExprSyntax.self) ?? node.trailingClosure
    } else {
      return .visitChildren
    }
    guard let closure else { return .visitChildren }
    // The calls `viewModel.refresh()` / `self.viewModel.refresh()` / `await viewModel.load()`,
    // and the properties set (`viewModel.client = client`).
    var byModel: [(model: String, calls: [String], sets: [String])] = []
    func note(_ base: ExprSyntax, _ name: String, isCall: Bool) {
      var holder = base.trimmedDescription
      if holder.hasPrefix("self.") { holder.removeFirst(5) }
      if holder.hasPrefix("_") { holder.removeFirst() }
      guard let model = view.properties[holder] else { return }
      let index = byModel.firstIndex { $0.model == model } ?? {
        byModel.append((model, [], []))
        return byModel.count - 1
      }()
      if isCall { byModel[index].calls.append(name) } else if !byModel[index].sets.contains(name) { byModel[index].sets.append(name) }
    }
    for statement in closure.statements {
      if let (base, name) = Self.assignedProperty(in: statement.item) { note(base, name, isCall: false) }
      for call in Self.calls(in: Syntax(statement)) {
        guard let held = call.calledExpression.as(MemberAccessExprSyntax.self), let base = held.base else { continue }
        note(base, held.declName.baseName.text, isCall: true)
      }
    }
    // The modifier's own line: the call's start is the start of the whole chain.
    let line = name.startLocation(converter: converter).line
    for (model, calls, sets) in byModel {
      triggers.append(ViewTrigger(view: view.name, model: model, modifier: name.text, calls: calls, line: line, sets: sets))
    }
    return .visitChildren
  }

  /// `viewModel` and `client` of the statement `viewModel.client = client`.
  private static func assignedProperty(in item: CodeBlockItemSyntax.Item) -> (ExprSyntax, String)? {
    guard let sequence = item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
    let elements = Array(sequence.elements)
    guard elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(MemberAccessExprSyntax.self), let base = target.base
    else { return nil }
    return (base, target.declName.baseName.text)
  }

  private static func calls(in node: Syntax) -> [FunctionCallExprSyntax] {
    final class Calls: SyntaxVisitor {
      var found: [FunctionCallExprSyntax] = []
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
      }
      // A closure inside (`Task { ... }`, a button) is not the modifier's own work.
      override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
    let visitor = Calls(viewMode: .sourceAccurate)
    visitor.walk(node)
    return visitor.found
  }

  /// The type of each stored property that holds an object: declared (`: FeedViewModel`,
  /// `: FeedViewModel?`) or made (`= FeedViewModel()`).
  static func properties(of members: MemberBlockSyntax) -> [String: String] {
    var found: [String: String] = [:]
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
        var type = binding.typeAnnotation.map { FactsVisitor.typeText($0.type) }
        if type == nil, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) {
          type = call.calledExpression.trimmedDescription
        }
        guard var type, type.first?.isUppercase == true else { continue }
        if type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        found[name] = type
      }
    }
    return found
  }
}
