import SwiftParser
import SwiftSyntax

/// Reads a parsed file into `SourceFacts`: one pass over its syntax.
final class FactsVisitor: SyntaxVisitor {
  private(set) var facts: SourceFacts
  let converter: SourceLocationConverter
  /// The types and extensions that enclose the node being visited, outermost first.
  private var scope: [String] = []

  init(path: String, tree: SourceFileSyntax) {
    facts = SourceFacts(path: path)
    converter = SourceLocationConverter(fileName: path, tree: tree)
    super.init(viewMode: .sourceAccurate)
  }

  /// The facts of `source`, a file at `path` relative to the app.
  static func facts(of source: String, path: String) -> SourceFacts {
    let tree = SyntaxTrees.parse(source)
    let visitor = FactsVisitor(path: path, tree: tree)
    var declarations: [TopLevelDeclaration] = []
    // One pass, a file-scope declaration at a time: what each needs and why it cannot build is
    // kept apart too, for a filtered copy that drops a view, a preview or an extension.
    for item in tree.statements {
      visitor.part = Part()
      let typesBefore = visitor.facts.types.count
      let globalsBefore = visitor.facts.globals
      visitor.walk(item)
      if item.item.is(ImportDeclSyntax.self) { continue }
      let part = visitor.part
      let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
      let end = item.endPositionBeforeTrailingTrivia.utf8Offset
      var declaration = TopLevelDeclaration(
        start: start, end: end,
        firstLine: item.startLocation(converter: visitor.converter).line,
        lastLine: item.endLocation(converter: visitor.converter).line)
      declaration.mentions = part.mentions
      declaration.scopes = part.scopes
      declaration.references = part.references
      declaration.selfReferences = part.selfReferences
      declaration.blockers = part.blockers
      declaration.types = visitor.facts.types[typesBefore...].filter(\.isTopLevel).map(\.name)
      declaration.globals = visitor.facts.globals.subtracting(globalsBefore).sorted()
      if let extensionDecl = item.item.as(ExtensionDeclSyntax.self) {
        declaration.extendedType = LinuxSupport.bareName(typeText(extensionDecl.extendedType))
      }
      declaration.isTypeDeclaration = !declaration.types.isEmpty
      declaration.macro = item.item.as(MacroExpansionDeclSyntax.self)?.macroName.text
        ?? item.item.as(MacroExpansionExprSyntax.self)?.macroName.text
      declarations.append(declaration)
    }
    var facts = visitor.facts
    facts.declarations = declarations
    (facts.decodeSites, facts.typedCalls) = DecodeSiteVisitor.read(tree)
    facts.viewTriggers = ViewTriggerVisitor.triggers(in: tree, path: path)
    return facts
  }

  /// What the file-scope declaration being visited mentions, refers to and cannot build for.
  struct Part {
    var mentions: Set<String> = []
    var scopes: [String: Set<String>] = [:]
    var references: Set<String> = []
    var selfReferences: Set<String> = []
    var blockers: [String] = []
  }

  private var part = Part()

  // MARK: Imports and references

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let module = node.path.first?.name.text {
      facts.imports.append(module)
      let compiled = Self.compiledOnLinux(node)
      // `#if canImport(Network) import Network #endif` is the app saying it does without: what
      // uses the module is guarded alike. An `#if os(macOS) import AppKit #elseif os(iOS) import
      // UIKit` chain is not: the code after it names one of them (SwiftGen's `NSColor`/`UIColor`).
      if compiled {
        facts.importsLinuxSkips.remove(module)
      } else if Self.guardedByCanImport(node, module), !facts.imports.dropLast().contains(module) {
        facts.importsLinuxSkips.insert(module)
      }
      if compiled, node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_exported" }) {
        facts.exportedImports.append(module)
      }
      if compiled, LinuxSupport.appleFrameworks.contains(module) {
        facts.appleImports.append(.init(module: module, range: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset))
      }
    }
    // `import os.log`: AppleCompat stands in for `os`, not for its submodules; the copy imports `os`.
    if node.path.count > 1, let first = node.path.first, LinuxSupport.importable.contains(first.name.text) {
      facts.submoduleImports.append(first.name.endPositionBeforeTrailingTrivia.utf8Offset..<node.path.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    return .skipChildren
  }

  /// Whether Linux compiles `node`: each `#if` around it takes the clause it is in (the first
  /// whose condition holds, else `#else`). `@_exported import HAUtilities` under `#if os(iOS)`
  /// re-exports nothing here.
  static func compiledOnLinux(_ node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent {
      if let clause = parent.as(IfConfigClauseSyntax.self), let all = clause.parent?.as(IfConfigClauseListSyntax.self) {
        let taken = all.first { $0.condition.map(StandInSource.holdsOnLinux) ?? true }
        guard taken?.id == clause.id else { return false }
      }
      child = parent
    }
    return true
  }

  /// Whether an `#if canImport(MODULE)` clause holds `node`.
  static func guardedByCanImport(_ node: some SyntaxProtocol, _ module: String) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent {
      if let condition = parent.as(IfConfigClauseSyntax.self)?.condition,
         condition.trimmedDescription.replacingOccurrences(of: " ", with: "").contains("canImport(\(module))") {
        return true
      }
      child = parent
    }
    return false
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    mention(node.name.text)
    return .visitChildren
  }

  /// `Mastodon.Entity.Status` as a type: its whole name is mentioned, which finds a type
  /// declared in `extension Mastodon.Entity`.
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    if let name = Self.dottedName(node) {
      mention(name)
      mentionUnqualified(name)
    }
    return .visitChildren
  }

  /// `Mastodon.Entity.Status(...)`, `Theme.Colors.primary` as expressions: each capitalised
  /// prefix of the chain is mentioned.
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = Self.dottedName(node) {
      mention(name)
      mentionUnqualified(name)
    }
    if node.declName.baseName.text == "module", node.base == nil || node.base?.trimmedDescription == "Bundle" {
      facts.usesBundleModule = true
    }
    return .visitChildren
  }

  /// `Models.NotificationsPolicy`, where `Models` is a module the file imports, also names
  /// `NotificationsPolicy`; `UIMenu.Options` names no `Options` of its own (KeychainAccess's).
  private func mentionUnqualified(_ name: String) {
    let first = String(name.prefix { $0 != "." })
    guard facts.imports.contains(first) || facts.module == first else { return }
    mention(String(name.dropFirst(first.count + 1)))
  }

  /// `A.B.C` of a chain of capitalised names (`A.B` of `A.B.c`), or nil.
  static func dottedName(_ node: some SyntaxProtocol) -> String? {
    var parts: [String] = []
    var current: Syntax? = Syntax(node)
    while let here = current {
      if let member = here.as(MemberTypeSyntax.self) {
        parts.insert(member.name.text, at: 0)
        current = Syntax(member.baseType)
      } else if let member = here.as(MemberAccessExprSyntax.self) {
        parts.insert(member.declName.baseName.text, at: 0)
        current = member.base.map(Syntax.init)
        if current == nil { return nil }
      } else if let identifier = here.as(IdentifierTypeSyntax.self) {
        parts.insert(identifier.name.text, at: 0)
        current = nil
      } else if let reference = here.as(DeclReferenceExprSyntax.self) {
        parts.insert(reference.baseName.text, at: 0)
        current = nil
      } else {
        return nil
      }
    }
    let capitalised = parts.prefix { $0.unicodeScalars.first?.properties.isUppercase == true }
    return capitalised.count >= 2 ? capitalised.joined(separator: ".") : nil
  }

  // MARK: What Linux Swift lacks

  override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
    // `@objc` and `@objcMembers` need the Objective-C runtime; blanked out in a filtered copy,
    // the declaration builds on Linux as a Swift one.
    let name = node.attributeName.trimmedDescription
    if name == "objc" || name == "objcMembers" {
      facts.objcAttributes.append(node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    // An attached macro (element-x's `@UserPreference`) needs the file declaring it, as a
    // global function does: a property wrapper's name is a mention of its type besides.
    if !name.contains(".") {
      facts.references.insert(name)
      part.references.insert(name)
    }
    return .visitChildren
  }

  override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
    if scope.isEmpty, !inFunction { facts.globals.insert(node.name.text) }
    return .visitChildren
  }


  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    // A freestanding macro needs the file declaring it.
    facts.references.insert(node.macroName.text)
    part.references.insert(node.macroName.text)
    if node.macroName.text == "Preview" { block("has a `#Preview`") }
    if node.macroName.text == "selector" {
      let reason = "uses `#selector`, which needs the Objective-C runtime Linux does not have"
      // In a method's body, that body alone becomes a seam; anywhere else (an init, a stored
      // property's value) the declaration cannot build.
      if let statement = MemberLocator.statementSeam(holding: node, converter: converter, why: "\(facts.path) \(reason)") {
        // A call statement that registers a selector (an observer, a target): that statement alone.
        if !facts.selectorSeams.contains(where: { $0.range.overlaps(statement.range) }) {
          facts.selectorSeams.append(.init(
            range: statement.range, firstLine: statement.firstLine, lastLine: statement.lastLine, label: statement.label, reason: reason,
            seam: statement.seam))
        }
      } else if let member = MemberLocator.member(holding: node, converter: converter), var seam = member.seam {
        seam.declaration.why = "\(facts.path) \(reason)"
        if !facts.selectorSeams.contains(where: { $0.range == member.range }) {
          facts.selectorSeams.append(.init(
            range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason, seam: seam))
        }
      } else {
        block(reason)
      }
    }
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    // The member of a chain (`Status` of `Mastodon.Entity.Status`) is no name of its own: the
    // chain is mentioned whole (`MemberAccessExprSyntax`), else a `Status` of another module
    // (KeychainAccess's) would seem needed.
    if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id { mention(node.baseName.text) }
    if let first = node.baseName.text.unicodeScalars.first, !first.properties.isUppercase {
      facts.references.insert(node.baseName.text)
      part.references.insert(node.baseName.text)
      if Self.isSelfReference(node) { part.selfReferences.insert(node.baseName.text) }
    }
    return .visitChildren
  }

  /// Whether `node` names a member of the code's own instance: bare (`load()`), or after
  /// `self`, `self?` or `self!` (`self?.resetWith(password:)`); not a member of another value
  /// (`darkMode.toggle()`, `articles.sort()`).
  static func isSelfReference(_ node: DeclReferenceExprSyntax) -> Bool {
    guard let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id else { return true }
    var base = access.base
    while let inner = base?.as(OptionalChainingExprSyntax.self)?.expression ?? base?.as(ForceUnwrapExprSyntax.self)?.expression { base = inner }
    return base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
  }

  // MARK: Globals

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    if scope.isEmpty, !inFunction {
      for binding in node.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { facts.globals.insert(name) }
      }
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    if scope.isEmpty, !inFunction { facts.globals.insert(node.name.text) }
    functionDepth += 1
    return .visitChildren
  }

  override func visitPost(_ node: FunctionDeclSyntax) { functionDepth -= 1 }

  /// Whether the node is inside a function's body, where declarations are local.
  private var inFunction: Bool { functionDepth > 0 }
  private var functionDepth = 0

  private func mention(_ name: String) {
    guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return }
    facts.mentions.insert(name)
    part.mentions.insert(name)
    // Where a bare name is written: inside `extension Mastodon.Entity`, `History` may be
    // `Mastodon.Entity.History` (`NestedNames` decides, once every file's types are known).
    guard !name.contains(".") else { return }
    let path = scope.joined(separator: ".")
    facts.scopes[name, default: []].insert(path)
    part.scopes[name, default: []].insert(path)
  }

  // MARK: What cannot build on Linux

  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
    // A freestanding macro needs the file declaring it.
    facts.references.insert(node.macroName.text)
    part.references.insert(node.macroName.text)
    if node.macroName.text == "Preview" { block("has a `#Preview`") }
    return .visitChildren
  }


  private func block(_ reason: String) {
    if !facts.blockers.contains(reason) { facts.blockers.append(reason) }
    if !part.blockers.contains(reason) { part.blockers.append(reason) }
  }

  // MARK: Types

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(.class, node) }
  override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(.struct, node) }
  override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(.enum, node) }
  override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declare(.protocol, node) }
  override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(.actor, node) }
  override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    var facts = ExtensionFacts(extendedType: Self.typeText(node.extendedType))
    facts.inherited = node.inheritanceClause?.inheritedTypes.map { Self.typeText($0.type) } ?? []
    facts.members = Self.members(of: node.memberBlock, converter: converter)
    // A `private extension`'s members are no more visible than the extension.
    let limit = Self.access(node.modifiers)
    if limit < .internal {
      for index in facts.members.methods.indices { facts.members.methods[index].access = min(facts.members.methods[index].access, limit) }
      for index in facts.members.properties.indices {
        facts.members.properties[index].access = min(facts.members.properties[index].access, limit)
        facts.members.properties[index].setterAccess = min(facts.members.properties[index].setterAccess, limit)
      }
      for index in facts.members.initializers.indices {
        facts.members.initializers[index].access = min(facts.members.initializers[index].access, limit)
      }
    }
    self.facts.extensions.append(facts)
    mention(facts.extendedType)
    scope.append(facts.extendedType)
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    if !inFunction, node.genericParameterClause == nil {
      facts.typeAliases[(scope + [node.name.text]).joined(separator: ".")] = Self.typeText(node.initializer.value)
    }
    return .visitChildren
  }

  /// Records a type declaration; its `visitPost` leaves its scope.
  private func declare(_ kind: DeclaredType.Kind, _ node: some DeclGroupSyntax & NamedDeclSyntax) -> SyntaxVisitorContinueKind {
    var type = DeclaredType(name: node.name.text, kind: kind)
    type.inherited = node.inheritanceClause?.inheritedTypes.map { Self.typeText($0.type) } ?? []
    type.attributes = Self.attributeNames(node.attributes)
    type.members = Self.members(of: node.memberBlock, converter: converter)
    type.line = node.startLocation(converter: converter).line
    type.isTopLevel = scope.isEmpty
    type.access = Self.access(node.modifiers)
    if let word = node.modifiers.first(where: { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }) {
      facts.privateModifiers[(scope + [type.name]).joined(separator: ".")] = WrittenWord(
        text: word.name.text, range: word.positionAfterSkippingLeadingTrivia.utf8Offset..<word.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    let generics = node.as(ClassDeclSyntax.self)?.genericParameterClause ?? node.as(StructDeclSyntax.self)?.genericParameterClause
      ?? node.as(ActorDeclSyntax.self)?.genericParameterClause ?? node.as(EnumDeclSyntax.self)?.genericParameterClause
    type.genericParameters = generics?.parameters.map(\.name.text) ?? []
    type.parents = scope
    type.compiledOnLinux = Self.compiledOnLinux(node)
    for member in node.memberBlock.members {
      guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in declaration.elements {
        type.cases.append(element.name.text)
        if element.parameterClause != nil { type.hasPayloads = true }
        type.payloads.append(element.parameterClause?.parameters.enumerated().map { offset, parameter in
          let label = parameter.firstName.map { $0.text == "_" ? nil : $0.text } ?? nil
          return ParameterFacts(
            label: label, name: label ?? parameter.secondName?.text ?? "value\(offset + 1)", type: Self.typeText(parameter.type),
            hasDefault: parameter.defaultValue != nil)
        } ?? [])
      }
    }
    facts.types.append(type)
    scope.append(type.name)
    for reason in LinuxSupport.blockers(of: type) { block(reason) }
    return .visitChildren
  }

  // MARK: Members

  static func members(of block: MemberBlockSyntax, converter: SourceLocationConverter) -> Members {
    var members = Members()
    for item in block.members {
      if let function = item.decl.as(FunctionDeclSyntax.self) {
        let effects = function.signature.effectSpecifiers
        var method = Method(name: function.name.text, parameters: parameters(function.signature.parameterClause))
        method.isAsync = effects?.asyncSpecifier != nil
        method.isThrowing = effects?.throwsClause != nil
        method.returnType = function.signature.returnClause.map { typeText($0.type) }
        method.isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
        method.isGeneric = function.genericParameterClause != nil
        method.access = access(function.modifiers)
        method.line = function.startLocation(converter: converter).line
        if let statements = function.body?.statements, statements.count == 1,
           let call = statements.first?.item.as(FunctionCallExprSyntax.self),
           let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           ["fatalError", "preconditionFailure"].contains(callee) {
          method.onlyTraps = true
        }
        members.methods.append(method)
      } else if let initializer = item.decl.as(InitializerDeclSyntax.self) {
        let effects = initializer.signature.effectSpecifiers
        var facts = Initializer(parameters: parameters(initializer.signature.parameterClause))
        facts.isFailable = initializer.optionalMark != nil
        facts.isThrowing = effects?.throwsClause != nil
        facts.isAsync = effects?.asyncSpecifier != nil
        facts.isConvenience = initializer.modifiers.contains { $0.name.text == "convenience" }
        facts.access = access(initializer.modifiers)
        facts.line = initializer.startLocation(converter: converter).line
        members.initializers.append(facts)
      } else if let variable = item.decl.as(VariableDeclSyntax.self) {
        let line = variable.startLocation(converter: converter).line
        members.properties += properties(variable).map { property in
          var property = property
          property.line = line
          return property
        }
      }
    }
    return members
  }

  private static func properties(_ variable: VariableDeclSyntax) -> [Property] {
    let isVar = variable.bindingSpecifier.text == "var"
    let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
    let access = access(variable.modifiers)
    let setter = variable.modifiers.first { $0.detail?.detail.text == "set" }.map { accessLevel($0.name.text) } ?? access
    let attributes = attributeNames(variable.attributes)
    var result: [Property] = []
    // `var a, b: Int` gives both bindings the last annotation.
    let lastType = variable.bindings.last?.typeAnnotation.map { typeText($0.type) }
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      var property = Property(name: name, type: nil, isVar: isVar)
      property.type = binding.typeAnnotation.map { typeText($0.type) } ?? binding.initializer.flatMap { literalType($0.value) }
      if property.type == nil, binding.initializer == nil { property.type = lastType }
      property.hasInitialValue = binding.initializer != nil
      if let accessors = binding.accessorBlock {
        switch accessors.accessors {
        case .getter:
          property.isComputed = true
          property.setterAccess = .private
        case .accessors(let list):
          let kinds = list.map(\.accessorSpecifier.text)
          property.isComputed = !kinds.allSatisfy { ["willSet", "didSet"].contains($0) }
          if property.isComputed, !kinds.contains("set") { property.setterAccess = .private }
        }
      }
      property.isStatic = isStatic
      property.access = access
      // A getter alone, or a `let`, cannot be set; otherwise `private(set)` decides.
      let settable = isVar && !(property.isComputed && property.setterAccess == .private)
      property.setterAccess = settable ? setter : .private
      property.attributes = attributes
      result.append(property)
    }
    return result
  }

  /// The type of a literal an initial value starts with (`""`, `0`, `0.5`, `false`, `Foo()`).
  private static func literalType(_ value: ExprSyntax) -> String? {
    if value.is(StringLiteralExprSyntax.self) { return "String" }
    if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
    if value.is(FloatLiteralExprSyntax.self) { return "Double" }
    if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    if let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
       let first = callee.baseName.text.unicodeScalars.first, first.properties.isUppercase {
      return callee.baseName.text
    }
    return nil
  }

  private static func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFacts] {
    clause.parameters.map { parameter in
      let first = parameter.firstName.text
      let second = parameter.secondName?.text
      return ParameterFacts(
        label: first == "_" ? nil : first, name: second ?? first,
        type: typeText(parameter.type) + (parameter.ellipsis == nil ? "" : "..."),
        hasDefault: parameter.defaultValue != nil)
    }
  }

  static func access(_ modifiers: DeclModifierListSyntax) -> Access {
    for modifier in modifiers where modifier.detail == nil {
      switch modifier.name.text {
      case "private", "fileprivate", "internal", "public", "open": return accessLevel(modifier.name.text)
      default: continue
      }
    }
    return .internal
  }

  private static func accessLevel(_ word: String) -> Access {
    switch word {
    case "private": return .private
    case "fileprivate": return .fileprivate
    case "public": return .public
    case "open": return .open
    default: return .internal
    }
  }

  static func attributeNames(_ list: AttributeListSyntax) -> [String] {
    list.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
  }

  /// A type as written, on one line with single spaces.
  static func typeText(_ type: some SyntaxProtocol) -> String {
    type.trimmedDescription.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
