import SwiftParser
import SwiftSyntax

/// The member of a type or extension that holds a line of a file: what `adopt` blanks out alone
/// when the compiler rejects that line, so that a file of thirty helpers loses one, not all.
enum MemberLocator {
  /// A member's place and how the report names it.
  struct Member: Equatable, Sendable {
    /// UTF-8 offsets of its text, leading and trailing trivia left out.
    var range: Range<Int>
    var firstLine: Int
    var lastLine: Int
    /// `func widthOfString(usingFont:)` in `extension String` (the report puts it in backquotes).
    var label: String
    /// Its body as a seam, where its signature can stay (see `StandInSource.bodySeam`); the
    /// declaration's `why` is left for the caller to say.
    var seam: Adoption.BodySeam? = nil
    /// The text of its signature (attributes and body left out), to tell an error in it.
    var signature = ""
  }

  /// The innermost function, property, initializer or subscript of a type or extension whose
  /// lines hold `line`; nil when the line is outside every member (a type's header).
  static func member(atLine line: Int, in source: String) -> Member? {
    member(atLine: line, in: Parsed(source))
  }

  /// A file parsed once, with its line table: a build of a large app can print tens of
  /// thousands of errors for one file (pocket-casts' `ThemeColor.swift`, 6,609 lines, 73,285
  /// errors), and parsing it again for each took adopt longer than the build.
  struct Parsed {
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(_ source: String) {
      tree = SyntaxTrees.parse(source)
      converter = SourceLocationConverter(fileName: "", tree: tree)
    }
  }

  /// `member(atLine:in:)` of a file parsed once.
  static func member(atLine line: Int, in parsed: Parsed) -> Member? {
    let (tree, converter) = (parsed.tree, parsed.converter)
    var blocks: [(MemberBlockSyntax, String)] = topLevelBlocks(of: tree).map { ($0, Self.name(of: Syntax($0.parent!))) }
    var found: Member?
    while let (block, container) = blocks.popLast() {
      for item in items(of: block) {
        let first = item.decl.startLocation(converter: converter).line
        let last = item.decl.endLocation(converter: converter).line
        guard first <= line, line <= last else { continue }
        if let nested = memberBlock(of: Syntax(item.decl)) {
          blocks.append((nested, name(of: Syntax(item.decl))))
          continue
        }
        found = make(item.decl, in: container, converter: converter) ?? found
      }
    }
    return found
  }

  /// The member of a type or extension whose body holds `node` (a `#selector` in a method), or nil
  /// when `node` is in no member's body (a type's header, a global function).
  static func member(holding node: some SyntaxProtocol, converter: SourceLocationConverter) -> Member? {
    var current = Syntax(node).parent
    while let here = current {
      // An item's parents: the list, the member block, then the type or extension.
      if let item = here.as(MemberBlockItemSyntax.self), let block = declaration(around: item),
         memberBlock(of: block) != nil, label(of: item.decl) != nil {
        return make(item.decl, in: name(of: block), converter: converter)
      }
      current = here.parent
    }
    return nil
  }

  /// The call statement of a member's body that holds `node` (`NotificationCenter.default
  /// .addObserver(self, selector: #selector(changed), ...)`), as a seam in its place: the
  /// member's range is the statement's, its seam `StandIn.call("Theme.addObserver", "TEXT") as
  /// Void`. Nil when `node` is in no statement of its own (a value bound with `let`).
  static func statementSeam(holding node: some SyntaxProtocol, converter: SourceLocationConverter, why: String) -> Member? {
    var current = Syntax(node).parent
    var statement: CodeBlockItemSyntax?
    while let here = current {
      if statement == nil, let item = here.as(CodeBlockItemSyntax.self) {
        guard calledName(item.item) != nil else { return nil }
        statement = item
      }
      if let statement, let item = here.as(MemberBlockItemSyntax.self), let block = declaration(around: item),
         memberBlock(of: block) != nil, let own = label(of: item.decl) {
        let container = name(of: block)
        let owner = LinuxSupport.bareName(container.hasPrefix("extension ") ? String(container.dropFirst("extension ".count)) : container)
        let text = oneLine(statement.item)
        let called = calledName(statement.item) ?? "call"
        let member = "\(owner).\(called)"
        let literal = quoted(text)
        let range = statement.item.positionAfterSkippingLeadingTrivia.utf8Offset..<statement.item.endPositionBeforeTrailingTrivia.utf8Offset
        let declaration = StandInSource.Declaration(member: member, signature: text, why: why, hasDefault: true)
        return Member(
          range: range, firstLine: statement.startLocation(converter: converter).line, lastLine: statement.endLocation(converter: converter).line,
          label: "\(own)` in `\(container)",
          seam: .init(body: range, text: "StandIn.call(\"\(member)\", \(literal)) as Void", declaration: declaration, isStatement: true),
          signature: "")
      }
      current = here.parent
    }
    return nil
  }

  /// The top-level statement of an initializer's body that holds `line`, as a seam: an init the
  /// compiler rejects for one subscription keeps the rest, where blanking it out would leave its
  /// class with no init ("class 'CommentsViewModel' has no initializers", and the model gone).
  /// - a call (`statementSeam`), an `if`, `for`, `while`, `switch` or `do` statement, or a `guard` that binds nothing (ACHN
  ///   BrowserUI's `if let record = model.record { ... }`): the whole statement, a call of
  ///   `Owner.init` that returns `()`;
  /// - an assignment whose value names what `message` says is missing (home-assistant's
  ///   `self.isEnabled = Current.sensors.isEnabled(sensor: sensor)`, `Current` left out): the
  ///   value alone, `StandIn.call("SensorDetailViewModel.init.isEnabled", ...)`, typed by the
  ///   property it is assigned to, so the property is still initialized.
  /// - an assignment to a property the message says is not there (left out, its type missing on
  ///   Linux): the whole statement, as a call.
  /// - an argument of `super.init` or `self.init` (`delegationArgumentSeam`), typed by its parameter;
  /// - a `let` whose value the message names, with the statements right after it that use it
  ///   (`bindingGroup`).
  /// Nil outside an init's body, for another `let`, a `guard` that binds names (they serve the rest of the body),
  /// and an assignment the message does not pin on its value.
  static func initStatement(atLine line: Int, in source: String, why: String, message: String = "") -> Member? {
    initStatement(atLine: line, in: Parsed(source), why: why, message: message)
  }

  /// `initStatement(atLine:in:why:message:)` of a file parsed once.
  static func initStatement(atLine line: Int, in parsed: Parsed, why: String, message: String = "") -> Member? {
    let (tree, converter) = (parsed.tree, parsed.converter)
    var blocks: [MemberBlockSyntax] = topLevelBlocks(of: tree)
    while let block = blocks.popLast() {
      for item in items(of: block) {
        let first = item.decl.startLocation(converter: converter).line
        let last = item.decl.endLocation(converter: converter).line
        guard first <= line, line <= last else { continue }
        if let nested = memberBlock(of: Syntax(item.decl)) {
          blocks.append(nested)
          continue
        }
        guard let body = item.decl.as(InitializerDeclSyntax.self)?.body else { return nil }
        for statement in body.statements {
          guard statement.startLocation(converter: converter).line <= line, line <= statement.endLocation(converter: converter).line
          else { continue }
          let text = statement.item.trimmedDescription
          let owner = owner(of: block)
          let label = "\(label(of: item.decl) ?? "init")` in `\(name(of: Syntax(block.parent!)))"
          if text.hasPrefix("super.init") || text.hasPrefix("self.init") {
            return delegationArgumentSeam(statement, line: line, message: message, owner: owner, label: label, converter: converter, why: why)
          }
          if let seam = statementSeam(holding: statement.item, converter: converter, why: why) { return seam }
          // The property it assigns is gone (left out: its type does not exist on Linux, as
          // pocket-casts' `private var motionManager: CMMotionManager`): nothing to assign.
          if let assigned = assignment(statement.item), missingMember(in: message) == assigned.property {
            return wholeStatementSeam(statement, owner: owner, label: label, converter: converter, why: why)
          }
          // A value the compiler rejects for a reason it names nothing by (pocket-casts'
          // `attachedLogsView = SupportLogsView(SupportLogsViewModel(config))`, the view stood in:
          // "argument passed to call that takes no arguments") is a seam too, where the property's
          // type is written to type it.
          if let assigned = assignment(statement.item), let value = assigned.value,
             names(message, in: value.trimmedDescription) || (!names(message, in: statement.item.trimmedDescription) && declaredType(of: assigned.property, in: block) != nil) {
            return valueSeam(value, property: assigned.property, owner: owner, members: block, label: label, converter: converter, why: why)
          }
          if let group = bindingGroup(statement, in: body.statements, message: message) {
            return groupSeam(group, owner: owner, label: label, converter: converter, why: why)
          }
          guard isWholeStatement(statement.item) else { return nil }
          return wholeStatementSeam(statement, owner: owner, label: label, converter: converter, why: why)
        }
        return nil
      }
    }
    return nil
  }

  /// The name of the type around `block` (`extension Foo` is `Foo`), bare.
  private static func owner(of block: MemberBlockSyntax) -> String {
    let container = block.parent.map(name(of:)) ?? ""
    return LinuxSupport.bareName(container.hasPrefix("extension ") ? String(container.dropFirst("extension ".count)) : container)
  }

  /// `self.name = value` or `name = value`: the property assigned, and the value.
  private static func assignment(_ item: CodeBlockItemSyntax.Item) -> (property: String, value: ExprSyntax?)? {
    // Unfolded, as the parser leaves it: `target`, `=`, `value`.
    guard let expression = item.as(ExprSyntax.self), let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
    var target = elements[0]
    if let member = target.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
      target = ExprSyntax(member.declName)
    }
    guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
    return (name, elements[2])
  }

  /// Whether the compiler's `message` names (in quotes) something `text` writes: "cannot find
  /// 'Current' in scope" of `Current.sensors.isEnabled(sensor: sensor)`.
  private static func names(_ message: String, in text: String) -> Bool {
    let quoted = message.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    return quoted.contains { name in
      !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" } && text.contains(name)
    }
  }

  /// The member a compiler message says is not there: `engine` of "value of type 'UnlockHaptic'
  /// has no member 'engine'" or "cannot find 'engine' in scope".
  private static func missingMember(in message: String) -> String? {
    for (prefix, suffix) in [("has no member '", "'"), ("cannot find '", "' in scope")] {
      guard let start = message.range(of: prefix), message.hasSuffix(suffix) else { continue }
      let name = message[start.upperBound..<message.index(message.endIndex, offsetBy: -suffix.count)]
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return String(name) }
    }
    return nil
  }

  /// A statement that binds nothing the rest of the body uses, and can be left out as a whole.
  /// A `guard` whose conditions bind nothing is one (pocket-casts' `guard
  /// CHHapticEngine.capabilitiesForHardware().supportsHaptics else { ...; return }`): the rest
  /// of the init runs as if its condition held.
  private static func isWholeStatement(_ item: CodeBlockItemSyntax.Item) -> Bool {
    if let statement = item.as(StmtSyntax.self) {
      if let guarded = statement.as(GuardStmtSyntax.self) {
        return guarded.conditions.allSatisfy { if case .expression = $0.condition { true } else { false } }
      }
      return statement.is(ForStmtSyntax.self) || statement.is(WhileStmtSyntax.self) || statement.is(DoStmtSyntax.self)
        || statement.is(RepeatStmtSyntax.self)
        || statement.as(ExpressionStmtSyntax.self).map { $0.expression.is(IfExprSyntax.self) || $0.expression.is(SwitchExprSyntax.self) } == true
    }
    if let expression = item.as(ExprSyntax.self) { return expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) }
    return false
  }

  /// A node's text on one line, as the transcript shows it.
  private static func oneLine(_ node: some SyntaxProtocol) -> String {
    node.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  /// `text` as a Swift string literal.
  private static func quoted(_ text: String) -> String { RegistrationWriter.quote(text) }

  private static func wholeStatementSeam(
    _ statement: CodeBlockItemSyntax, owner: String, label: String, converter: SourceLocationConverter, why: String
  ) -> Member {
    let member = "\(owner).init"
    let range = statement.item.positionAfterSkippingLeadingTrivia.utf8Offset..<statement.item.endPositionBeforeTrailingTrivia.utf8Offset
    // Its first line says which statement it is (`if let record = model.record { ... }`): the
    // whole of it, closures and all, would fill the transcript.
    let first = statement.item.trimmedDescription.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    let text = first.hasSuffix("{") && statement.item.trimmedDescription.contains("\n") ? first + " ... }" : first
    let declaration = StandInSource.Declaration(member: member, signature: text, why: why, hasDefault: true)
    return Member(
      range: range, firstLine: statement.startLocation(converter: converter).line, lastLine: statement.endLocation(converter: converter).line,
      label: label, seam: .init(body: range, text: "StandIn.call(\"\(member)\", \(quoted(text))) as Void", declaration: declaration, isStatement: true),
      signature: "")
  }

  /// The type `property` is declared with in `members`, where it is written.
  private static func declaredType(of property: String, in members: MemberBlockSyntax) -> String? {
    members.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
      .first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property }?.typeAnnotation?.type.trimmedDescription
  }

  /// The assigned value as a seam typed by the property (`var isEnabled: Bool` in `members`):
  /// the scenario answers it (`stub`), or its type's default does.
  private static func valueSeam(
    _ value: ExprSyntax, property: String, owner: String, members: MemberBlockSyntax, label: String, converter: SourceLocationConverter, why: String
  ) -> Member {
    let member = "\(owner).init.\(property)"
    let declared = declaredType(of: property, in: members)
    let range = value.positionAfterSkippingLeadingTrivia.utf8Offset..<value.endPositionBeforeTrailingTrivia.utf8Offset
    let text = oneLine(value)
    var declaration = StandInSource.Declaration(
      member: member, signature: "\(property) = \(text)", why: why, hasDefault: declared.map(StandInSource.hasDefault) ?? false)
    declaration.returns = declared
    return Member(
      range: range, firstLine: value.startLocation(converter: converter).line, lastLine: value.endLocation(converter: converter).line,
      label: label, seam: .init(body: range, text: "StandIn.call(\"\(member)\", \(quoted(text)))", declaration: declaration, isStatement: true),
      signature: "")
  }

  /// A `let` whose value the compiler's `message` names (element-x's `let
  /// identityStatusChangesPublisher = roomProxy.identityStatusChangesPublisher.receive(on:
  /// DispatchQueue.main)`, a member the stood-in protocol lost) and the statements right after
  /// it that use what it binds (the `Task` that loops over it): one seam, so the rest of the
  /// init runs. Nil where a later statement, past those, uses the name too.
  private static func bindingGroup(
    _ statement: CodeBlockItemSyntax, in statements: CodeBlockItemListSyntax, message: String
  ) -> [CodeBlockItemSyntax]? {
    guard let variable = statement.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
          let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          let value = binding.initializer?.value,
          names(message, in: value.trimmedDescription) || missingMember(in: message).map({ value.trimmedDescription.contains($0) }) == true
    else { return nil }
    let all = Array(statements)
    guard let start = all.firstIndex(where: { $0.id == statement.id }) else { return nil }
    func uses(_ item: CodeBlockItemSyntax) -> Bool {
      item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }
    var group = [statement]
    var index = start + 1
    while index < all.count, uses(all[index]) {
      group.append(all[index])
      index += 1
    }
    guard !all[index...].contains(where: uses) else { return nil }
    return group
  }

  /// `group`'s statements, from the first to the last, as one seam of the init.
  private static func groupSeam(
    _ group: [CodeBlockItemSyntax], owner: String, label: String, converter: SourceLocationConverter, why: String
  ) -> Member {
    let member = "\(owner).init"
    let range = group[0].item.positionAfterSkippingLeadingTrivia.utf8Offset..<group[group.count - 1].item.endPositionBeforeTrailingTrivia.utf8Offset
    let first = oneLine(group[0].item)
    let text = group.count == 1 ? first : first + " ..."
    let declaration = StandInSource.Declaration(member: member, signature: text, why: why, hasDefault: true)
    return Member(
      range: range, firstLine: group[0].startLocation(converter: converter).line,
      lastLine: group[group.count - 1].endLocation(converter: converter).line,
      label: label, seam: .init(body: range, text: "StandIn.call(\"\(member)\", \(quoted(text))) as Void", declaration: declaration, isStatement: true),
      signature: "")
  }

  /// An argument of `super.init(...)` or `self.init(...)` as a seam: the one whose text the
  /// compiler's `message` names, else the one on `line`, else the only one. Element X's screens
  /// hand their first state up (`super.init(initialViewState: AppLockSetupBiometricsScreenViewState(
  /// biometryType: appLockService.biometryType))`, `biometryType` a LocalAuthentication type
  /// Linux lacks): the call cannot go, or the class has no init, so its value does. Typed by
  /// the parameter it is passed to; where the value calls a type's init
  /// (`AppLockSetupBiometricsScreenViewState(...)`), that type is its return, for an empty value.
  private static func delegationArgumentSeam(
    _ statement: CodeBlockItemSyntax, line: Int, message: String, owner: String, label: String, converter: SourceLocationConverter, why: String
  ) -> Member? {
    var node = Syntax(statement.item)
    if let expression = node.as(ExpressionStmtSyntax.self) { node = Syntax(expression.expression) }
    if let tried = node.as(TryExprSyntax.self) { node = Syntax(tried.expression) }
    guard let call = node.as(FunctionCallExprSyntax.self), !call.arguments.isEmpty else { return nil }
    let arguments = Array(call.arguments)
    let onLine = arguments.filter { argument in
      (argument.startLocation(converter: converter).line...argument.endLocation(converter: converter).line).contains(line)
    }
    guard let chosen = arguments.first(where: { names(message, in: $0.expression.trimmedDescription) })
      ?? (onLine.count == 1 ? onLine.first : nil) ?? (arguments.count == 1 ? arguments.first : nil)
    else { return nil }
    let value = chosen.expression
    let name = chosen.label?.text ?? "argument\(arguments.firstIndex(of: chosen).map { $0 + 1 } ?? 1)"
    let member = "\(owner).init.\(name)"
    let range = value.positionAfterSkippingLeadingTrivia.utf8Offset..<value.endPositionBeforeTrailingTrivia.utf8Offset
    let text = oneLine(value)
    var declaration = StandInSource.Declaration(member: member, signature: "\(name): \(text)", why: why, hasDefault: false)
    // `Type(...)` or `Type.init(...)`: a value of `Type`.
    if let made = value.as(FunctionCallExprSyntax.self) {
      var callee = made.calledExpression
      if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base { callee = base }
      let typeName = callee.trimmedDescription
      if typeName.first?.isUppercase == true, typeName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
        declaration.returns = typeName
      }
    }
    return Member(
      range: range, firstLine: value.startLocation(converter: converter).line, lastLine: value.endLocation(converter: converter).line,
      label: label, seam: .init(body: range, text: "StandIn.call(\"\(member)\", \(quoted(text)))", declaration: declaration, isStatement: true),
      signature: "")
  }

  /// `addObserver` of `NotificationCenter.default.addObserver(...)`.
  private static func calledName(_ expression: some SyntaxProtocol) -> String? {
    var node = Syntax(expression)
    if let tried = node.as(TryExprSyntax.self) { node = Syntax(tried.expression) }
    guard let call = node.as(FunctionCallExprSyntax.self) else { return nil }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  private static func make(_ decl: DeclSyntax, in container: String, converter: SourceLocationConverter) -> Member? {
    guard let own = label(of: decl) else { return nil }
    let owner = container.hasPrefix("extension ") ? String(container.dropFirst("extension ".count)) : container
    let seam = StandInSource.bodySeam(of: decl, owner: LinuxSupport.bareName(owner), why: "")
    return Member(
      range: decl.positionAfterSkippingLeadingTrivia.utf8Offset..<decl.endPositionBeforeTrailingTrivia.utf8Offset,
      firstLine: decl.startLocation(converter: converter).line, lastLine: decl.endLocation(converter: converter).line,
      label: "\(own)` in `\(container)",
      seam: seam.map { .init(body: $0.body, text: $0.text, declaration: $0.declaration) },
      signature: Self.signature(of: decl))
  }

  /// A member's text without its attributes and body: the types its signature names.
  private static func signature(of decl: DeclSyntax) -> String {
    if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text + function.signature.trimmedDescription }
    if let variable = decl.as(VariableDeclSyntax.self) {
      return variable.bindings.map { $0.pattern.trimmedDescription + ($0.typeAnnotation?.trimmedDescription ?? "") }.joined(separator: ", ")
    }
    if let initializer = decl.as(InitializerDeclSyntax.self) { return "init" + initializer.signature.trimmedDescription }
    if let subscriptDecl = decl.as(SubscriptDeclSyntax.self) { return "subscript" + subscriptDecl.parameterClause.trimmedDescription + subscriptDecl.returnClause.trimmedDescription }
    return decl.trimmedDescription
  }

  /// The member blocks of a file's types and extensions, those inside `#if` clauses too
  /// (pocket-casts' `#if !os(watchOS) extension PaidFeature { ... }`: an error in one of its
  /// members left the whole file out). Only an active clause's code gets compiler errors.
  static func topLevelBlocks(of tree: SourceFileSyntax) -> [MemberBlockSyntax] {
    var blocks: [MemberBlockSyntax] = []
    func walk(_ statements: CodeBlockItemListSyntax) {
      for statement in statements {
        if let conditional = statement.item.as(IfConfigDeclSyntax.self) {
          for clause in conditional.clauses {
            if case .statements(let inner) = clause.elements { walk(inner) }
          }
        } else if let block = memberBlock(of: statement.item) {
          blocks.append(block)
        }
      }
    }
    walk(tree.statements)
    return blocks
  }

  /// A member block's items, with those of the `#if` clauses in it in their place.
  static func items(of block: MemberBlockSyntax) -> [MemberBlockItemSyntax] {
    var items: [MemberBlockItemSyntax] = []
    func add(_ list: MemberBlockItemListSyntax) {
      for item in list {
        guard let conditional = item.decl.as(IfConfigDeclSyntax.self) else {
          items.append(item)
          continue
        }
        for clause in conditional.clauses {
          if case .decls(let inner) = clause.elements { add(inner) }
        }
      }
    }
    add(block.members)
    return items
  }

  /// The type or extension declaration a member item belongs to, through any `#if` around it.
  private static func declaration(around item: MemberBlockItemSyntax) -> Syntax? {
    var current = item.parent
    while let here = current {
      if here.is(MemberBlockSyntax.self) { return here.parent }
      // An item list, an `#if` clause and its list, the `#if` declaration, its own item and list.
      if here.is(DeclSyntax.self), !here.is(IfConfigDeclSyntax.self) { return nil }
      current = here.parent
    }
    return nil
  }

  private static func memberBlock(of node: some SyntaxProtocol) -> MemberBlockSyntax? {
    let syntax = Syntax(node)
    return syntax.as(ClassDeclSyntax.self)?.memberBlock ?? syntax.as(StructDeclSyntax.self)?.memberBlock
      ?? syntax.as(EnumDeclSyntax.self)?.memberBlock ?? syntax.as(ActorDeclSyntax.self)?.memberBlock
      ?? syntax.as(ExtensionDeclSyntax.self)?.memberBlock
      // A protocol's requirement Linux cannot build (IceCubesApp's `@ViewBuilder func makeView(...)
      // -> TabView`, `associatedtype TabView: View`) goes alone: conformers keep their members.
      ?? syntax.as(ProtocolDeclSyntax.self)?.memberBlock
  }

  /// `extension String`, `Player`: how the report names a member's container.
  private static func name(of node: Syntax) -> String {
    if let node = node.as(ExtensionDeclSyntax.self) { return "extension " + node.extendedType.trimmedDescription }
    return node.as(ClassDeclSyntax.self)?.name.text ?? node.as(StructDeclSyntax.self)?.name.text ?? node.as(EnumDeclSyntax.self)?.name.text
      ?? node.as(ActorDeclSyntax.self)?.name.text ?? node.as(ProtocolDeclSyntax.self)?.name.text ?? "?"
  }

  private static func label(of decl: DeclSyntax) -> String? {
    if let function = decl.as(FunctionDeclSyntax.self) {
      let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
      return "func \(function.name.text)(\(labels))"
    }
    if let variable = decl.as(VariableDeclSyntax.self) {
      let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
      return "\(variable.bindingSpecifier.text) \(names.joined(separator: ", "))"
    }
    if let initializer = decl.as(InitializerDeclSyntax.self) {
      return "init(" + initializer.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }
    if decl.is(SubscriptDeclSyntax.self) { return "subscript" }
    // A `deinit` the compiler rejects (IceCubesApp's removes an observer of AVFoundation's
    // `.AVPlayerItemDidPlayToEndTime`) is left out: the class builds, and its model with it.
    if decl.is(DeinitializerDeclSyntax.self) { return "deinit" }
    if let associated = decl.as(AssociatedTypeDeclSyntax.self) { return "associatedtype \(associated.name.text)" }
    return nil
  }
}
