import Foundation
import SwiftSyntax

/// A function of the app that decodes an answer, or returns what one decodes into: where
/// `audit` learns the type to answer a request with when no word of its path names one.
///
/// `func profile(completion: @escaping (Result<Profile, Error>) -> Void)` whose body calls
/// `dataTask(with: URL(string: base + "/api/me")!)` and `JSONDecoder().decode(Profile.self, from:)`
/// is `DecodeSite(function: "ProfileService.profile(completion:)", decoded: ["Profile"],
/// returned: "Profile", paths: ["*/api/me"])`.
struct DecodeSite: Sendable, Equatable {
  /// The function as vmrepl's reports name code: `Owner.name(label:)`, owners outermost first.
  var function: String
  /// The types its body decodes (`decode(T.self, from:)`, Combine's `.decode(type: T.self, ...)`),
  /// as written, in order; generic parameters left out.
  var decoded: [String] = []
  /// What it hands back: its return type (inside `async throws`, `Result`, a publisher), or the
  /// success value of its completion handler.
  var returned: String?
  /// The paths its string literals spell, with `*` where they interpolate and no scheme or
  /// host: `*/api/search?q=*` of `"\(base)/api/search?q=\(query)"`.
  var paths: [String] = []
  /// How the file's decoder reads dates (`iso8601`, `format:yyyy-MM-dd`...), where it says.
  var dates: String?
  /// Whether it is a generic helper whose callers say what it decodes: it hands back one of its
  /// own generic parameters (`func get<Entity: Decodable>(...) async throws -> Entity`) or
  /// decodes one (`decode(T.self, from:)`).
  var isGenericHelper = false
  /// For a helper that hands back a tuple (`-> (Entity, LinkHandler?)`): which element is the
  /// decoded answer.
  var answerElement: Int?

  /// The type an answer to its requests decodes into: the one type it decodes, or the one of
  /// several that it hands back, or (a generic helper decodes) what it hands back. None for a
  /// generic helper: what else it decodes is the error shape it tries when the caller's type
  /// does not decode (`ServerError`).
  var answerType: String? {
    if isGenericHelper { return nil }
    let distinct = decoded.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    if distinct.count == 1 { return distinct[0] }
    if let returned, distinct.isEmpty || distinct.contains(returned) { return returned }
    return distinct.first
  }
}

/// A call whose value the caller types (`let page: [Post] = try await client.get(.home)`,
/// `accounts = try await client.get(...)` of a `var accounts: [Account]`): the type a generic
/// helper it calls decodes there.
struct TypedCall: Sendable, Equatable {
  /// The calling function, as `DecodeSite.function` names it.
  var function: String
  /// The called function's name, without owner or labels (`get`).
  var callee: String
  /// The lines the call spans.
  var lines: ClosedRange<Int>
  /// The type its value is given, as written, an optional's `?` left off.
  var type: String
}

/// Reads a file's decode sites: one pass over its functions and initializers.
final class DecodeSiteVisitor: SyntaxVisitor {
  private(set) var sites: [DecodeSite] = []
  /// The calls whose value is typed by where it goes, a property's type still to look up
  /// (`property` set) where the value is assigned to one.
  private var calls: [(call: TypedCall, property: String?)] = []
  /// The stored properties' types as written, by `Owner.name`.
  private var propertyTypes: [String: String] = [:]
  private let converter: SourceLocationConverter

  init(tree: SourceFileSyntax) {
    converter = SourceLocationConverter(fileName: "", tree: tree)
    super.init(viewMode: .sourceAccurate)
  }
  /// The enclosing types' names, outermost first.
  private var owners: [String] = []
  /// The generic parameters in scope (of the enclosing types and functions).
  private var generics: [Set<String>] = []
  /// The site of the function being read, and the ones it is nested in.
  private var open: [DecodeSite] = []

  /// The decode sites of a parsed file: those that decode something or spell a path.
  static func sites(in tree: SourceFileSyntax) -> [DecodeSite] { read(tree).sites }

  /// The file's decode sites and its typed calls.
  static func read(_ tree: SourceFileSyntax) -> (sites: [DecodeSite], calls: [TypedCall]) {
    let visitor = DecodeSiteVisitor(tree: tree)
    visitor.walk(tree)
    let calls = visitor.calls.compactMap { entry -> TypedCall? in
      guard let property = entry.property else { return entry.call }
      // A tuple's elements are properties of their own (`_` for one the file does not type).
      let types = property.split(separator: ",").map { visitor.propertyTypes[String($0)] ?? "_" }
      guard types.contains(where: { $0 != "_" }) else { return nil }
      var call = entry.call
      let type = types.count == 1 ? types[0] : "(" + types.joined(separator: ", ") + ")"
      call.type = type.hasSuffix("?") ? String(type.dropLast()) : type
      return call
    }
    // The file's decoder, as it sets it up (`decoder.dateDecodingStrategy = .formatted(f)` with
    // `f.dateFormat = "yyyy-MM-dd"`): every site of the file decodes with it.
    let dates: String? = switch visitor.dateStrategy {
    case "formatted"?: visitor.dateFormat.map { "format:" + $0 }
    case let strategy?: ["iso8601", "secondsSince1970", "millisecondsSince1970"].contains(strategy) ? strategy : nil
    case nil: nil
    }
    return (visitor.sites.map { var site = $0; site.dates = dates; return site }, calls)
  }

  /// The date strategy the file's decoder is given, and the first date format it writes.
  private var dateStrategy: String?
  private var dateFormat: String?

  // Unfolded, as the parser leaves it: `decoder.dateDecodingStrategy = .iso8601` is a sequence
  // of three elements, the assignment in the middle.
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let target = elements[0].as(MemberAccessExprSyntax.self) else {
      return .visitChildren
    }
    let right = elements[2]
    switch target.declName.baseName.text {
    case "dateDecodingStrategy":
      var value = right
      if let call = value.as(FunctionCallExprSyntax.self) { value = call.calledExpression }
      if dateStrategy == nil, let member = value.as(MemberAccessExprSyntax.self) { dateStrategy = member.declName.baseName.text }
    case "dateFormat":
      if dateFormat == nil, let literal = right.as(StringLiteralExprSyntax.self) { dateFormat = Self.pattern(of: literal) }
    default: break
    }
    return .visitChildren
  }

  // MARK: Scopes

  private func enterType(_ name: String, _ clause: GenericParameterClauseSyntax?) -> SyntaxVisitorContinueKind {
    owners.append(name)
    generics.append(Set(clause?.parameters.map(\.name.text) ?? []))
    return .visitChildren
  }

  private func leaveType() {
    owners.removeLast()
    generics.removeLast()
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node.genericParameterClause) }
  override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node.genericParameterClause) }
  override func visitPost(_ node: StructDeclSyntax) { leaveType() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node.genericParameterClause) }
  override func visitPost(_ node: EnumDeclSyntax) { leaveType() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text, node.genericParameterClause) }
  override func visitPost(_ node: ActorDeclSyntax) { leaveType() }
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    enterType(FactsVisitor.typeText(node.extendedType), nil)
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }
  // A protocol's requirements have no body; its extension's defaults are read as `extension`.
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text + "(" + node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    generics.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
    var site = DecodeSite(function: qualified(name))
    site.returned = node.signature.returnClause.flatMap { handedBack(in: $0.type) }
      ?? node.signature.parameterClause.parameters.lazy.compactMap { self.completionValue($0.type) }.first
    let own = Set(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
    if let type = node.signature.returnClause?.type {
      if own.contains(FactsVisitor.typeText(type)) {
        site.isGenericHelper = true
      } else if let tuple = type.as(TupleTypeSyntax.self),
        let element = tuple.elements.firstIndex(where: { own.contains(FactsVisitor.typeText($0.type)) })
      {
        // IceCubesApp's `getWithLink<Entity>(endpoint:) -> (Entity, LinkHandler?)`.
        site.isGenericHelper = true
        site.answerElement = tuple.elements.distance(from: tuple.elements.startIndex, to: element)
      }
    }
    open.append(site)
    ownGenerics.append(own)
    return .visitChildren
  }

  override func visitPost(_ node: FunctionDeclSyntax) {
    ownGenerics.removeLast()
    close()
  }

  /// The generic parameters of each function being read (not its type's).
  private var ownGenerics: [Set<String>] = []

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = "init(" + node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
    generics.append(Set(node.genericParameterClause?.parameters.map(\.name.text) ?? []))
    open.append(DecodeSite(function: qualified(name)))
    ownGenerics.append([])
    return .visitChildren
  }

  override func visitPost(_ node: InitializerDeclSyntax) {
    ownGenerics.removeLast()
    close()
  }

  private func qualified(_ name: String) -> String { (owners + [name]).joined(separator: ".") }

  private func close() {
    generics.removeLast()
    let site = open.removeLast()
    if !site.decoded.isEmpty || site.isGenericHelper || (!site.paths.isEmpty && site.returned != nil) { sites.append(site) }
  }

  // MARK: What a body does

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard !open.isEmpty else { return .visitChildren }
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else {
      // A helper of the caller's own type, called bare: `try await get(.home)`.
      if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) { noteTypedCall(node, callee: reference.baseName.text) }
      return .visitChildren
    }
    let called = member.declName.baseName.text
    if called == "decode", let first = node.arguments.first, first.label == nil || first.label?.text == "type",
      let metatype = first.expression.as(MemberAccessExprSyntax.self), metatype.declName.baseName.text == "self",
      let base = metatype.base
    {
      let type = FactsVisitor.typeText(base)
      if !isGeneric(type) {
        open[open.count - 1].decoded.append(type)
      } else if ownGenerics.last?.contains(type) == true {
        open[open.count - 1].isGenericHelper = true
      }
    }
    noteTypedCall(node, callee: called)
    if ["appendingPathComponent", "appendPathComponent", "appending", "append"].contains(called),
      let first = node.arguments.first, first.label == nil || first.label?.text == "path",
      let literal = first.expression.as(StringLiteralExprSyntax.self)
    {
      let text = Self.pattern(of: literal)
      if !text.isEmpty, !text.contains(" ") { open[open.count - 1].paths.append(text.hasPrefix("/") ? text : "/" + text) }
    }
    return .visitChildren
  }

  override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    guard !open.isEmpty else { return .skipChildren }
    // An argument of `appendingPathComponent` is read with its call.
    if let call = node.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      ["appendingPathComponent", "appendPathComponent", "appending", "append"].contains(member.declName.baseName.text)
    {
      return .skipChildren
    }
    if let path = Self.path(of: Self.pattern(of: node)) { open[open.count - 1].paths.append(path) }
    return .skipChildren
  }

  // MARK: Typed calls

  /// Notes `call` when where its value goes gives it a type: a typed `let`/`var` or `if let`, a
  /// stored property assigned, or the enclosing function's return.
  private func noteTypedCall(_ call: FunctionCallExprSyntax, callee: String) {
    var value = Syntax(call)
    while let parent = value.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { value = parent }
    let start = call.startLocation(converter: converter).line
    let end = call.endLocation(converter: converter).line
    let function = open[open.count - 1].function
    func note(_ type: String?, property: String? = nil) {
      guard property != nil || type.map({ !$0.isEmpty && !isGeneric($0) }) == true else { return }
      var type = type ?? ""
      if type.hasSuffix("?") { type.removeLast() }
      calls.append((TypedCall(function: function, callee: callee, lines: start...end, type: type), property))
    }
    guard let parent = value.parent else { return }
    if let initializer = parent.as(InitializerClauseSyntax.self) {
      if let binding = initializer.parent?.as(PatternBindingSyntax.self), let annotation = binding.typeAnnotation {
        note(FactsVisitor.typeText(annotation.type))
      } else if let condition = initializer.parent?.as(OptionalBindingConditionSyntax.self), let annotation = condition.typeAnnotation {
        note(FactsVisitor.typeText(annotation.type))
      }
      return
    }
    // `accounts = try await client.get(...)`, `self.poll = ...`: the property's declared type.
    if let sequence = parent.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), Syntax(elements[2]) == value else { return }
      func name(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
          return member.declName.baseName.text
        }
        return nil
      }
      guard !owners.isEmpty else { return }
      if let target = name(elements[0]) {
        note(nil, property: (owners + [target]).joined(separator: "."))
      } else if let tuple = elements[0].as(TupleExprSyntax.self) {
        // `(statuses, nextPage) = try await client.getWithLink(...)`: each element's property.
        let names = tuple.elements.map { name($0.expression) ?? "_" }
        note(nil, property: names.map { (owners + [$0]).joined(separator: ".") }.joined(separator: ","))
      }
      return
    }
    // `return try await client.get(...)`, or the one expression of the body.
    if parent.is(ReturnStmtSyntax.self) || (parent.is(CodeBlockItemSyntax.self) && parent.parent?.as(CodeBlockItemListSyntax.self)?.count == 1
      && parent.parent?.parent?.parent?.is(FunctionDeclSyntax.self) == true)
    {
      note(open[open.count - 1].returned)
    }
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    // A stored property (not a local): its type as written.
    guard open.isEmpty, !owners.isEmpty else { return .visitChildren }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let annotation = binding.typeAnnotation else { continue }
      propertyTypes[(owners + [name]).joined(separator: ".")] = FactsVisitor.typeText(annotation.type)
    }
    return .visitChildren
  }

  // MARK: Reading types and literals

  private func isGeneric(_ type: String) -> Bool {
    let names = type.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
    return names.contains { name in name == "Self" || generics.contains { $0.contains(name) } }
  }

  /// The value a return type hands back: `X` of `X`, `Result<X, E>`, `AnyPublisher<X, E>`,
  /// `Future<X, E>`, `X?`; nil for `Void`, a generic parameter or a function.
  private func handedBack(in type: TypeSyntax) -> String? {
    var text = FactsVisitor.typeText(type)
    for wrapper in ["Result<", "AnyPublisher<", "Future<", "Single<", "Observable<", "Task<"] where text.hasPrefix(wrapper) && text.hasSuffix(">") {
      text = Self.firstArgument(of: String(text.dropFirst(wrapper.count).dropLast()))
      break
    }
    if text.hasSuffix("?") { text.removeLast() }
    if text.isEmpty || text == "Void" || text == "()" || text.contains("->") || text.hasPrefix("(") || text.hasPrefix("some ") || text.hasPrefix("any ") || isGeneric(text) {
      return nil
    }
    return text
  }

  /// The success value a completion handler parameter receives: `X` of `(Result<X, Error>) ->
  /// Void`, `(X) -> Void`, `(X?, Error?) -> Void`, `(_ response: X) -> Void`.
  private func completionValue(_ type: TypeSyntax) -> String? {
    var type = type
    while true {
      if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType; continue }
      if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType; continue }
      if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { type = only.type; continue }
      break
    }
    guard let function = type.as(FunctionTypeSyntax.self), let first = function.parameters.first else { return nil }
    let value = handedBack(in: first.type)
    return value == "Error" || value == "Bool" ? nil : value
  }

  /// The element `index` of a tuple type as written (`[Status]` of `([Status], LinkHandler?)`,
  /// element 0), or nil when `type` is no tuple of that many.
  static func element(_ index: Int, of type: String) -> String? {
    guard type.hasPrefix("("), type.hasSuffix(")") else { return nil }
    var rest = Substring(type.dropFirst().dropLast())
    for _ in 0..<index {
      let first = firstArgument(of: String(rest))
      guard first.count < rest.count else { return nil }
      rest = rest.dropFirst(first.count).drop { $0 == "," || $0 == " " }
    }
    let found = firstArgument(of: String(rest))
    // A labelled element (`(items: [Status], link: LinkHandler?)`) is its type.
    if let colon = found.firstIndex(of: ":"), !found.hasPrefix("[") { return found[found.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
    return found.isEmpty || found == "_" ? nil : found
  }

  /// `Profile` of `Profile, Error`; `[String: Int]` of `[String: Int], Never`.
  static func firstArgument(of list: String) -> String {
    var depth = 0
    for (offset, character) in list.enumerated() {
      switch character {
      case "<", "[", "(": depth += 1
      case ">", "]", ")": depth -= 1
      case "," where depth == 0: return String(list.prefix(offset)).trimmingCharacters(in: .whitespaces)
      default: break
      }
    }
    return list.trimmingCharacters(in: .whitespaces)
  }

  /// A literal's text, `*` for each interpolation: `"\(base)/search?q=\(q)"` is `*/search?q=*`.
  static func pattern(of literal: StringLiteralExprSyntax) -> String {
    var text = ""
    for segment in literal.segments {
      if let plain = segment.as(StringSegmentSyntax.self) { text += plain.content.text } else if !text.hasSuffix("*") { text += "*" }
    }
    return text
  }

  /// The path and query a literal spells, the scheme and host left out; nil for text that is
  /// no URL (a space, no `/`, a file name).
  static func path(of pattern: String) -> String? {
    guard pattern.contains("/"), !pattern.contains(" "), !pattern.contains("\n"), pattern != "/", pattern != "*/" else { return nil }
    var text = Substring(pattern)
    if let scheme = text.range(of: "://") {
      text = text[scheme.upperBound...]
      guard let slash = text.firstIndex(of: "/") else { return nil }
      text = text[slash...]
    }
    // A date format, a MIME type, a fraction: no URL path has only letters on both sides of one slash.
    guard text.hasPrefix("/") || text.hasPrefix("*") else { return nil }
    return String(text)
  }
}
