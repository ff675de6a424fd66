import SwiftParser
import SwiftSyntax

/// A generated stand-in for types of a file Linux cannot build: the same names, generic
/// parameters, conformances and member signatures, read from the file's syntax, with every body
/// a seam the scenario answers (`StandIn.call`), never invented logic.
///
/// For `Services/Keychain.swift`, which imports Security:
///
/// ```swift
/// final class KeychainHelper {
///   static let shared = KeychainHelper()
///   func token(for user: String) -> String? {
///     StandIn.call("KeychainHelper.token", "token(for: \(StandIn.text(user)))")
///   }
/// }
/// ```
struct StandInSource {
  /// The generated file's text.
  var text: String
  /// The members the scenario answers, as `StandIns.declare` takes them.
  var declarations: [Declaration]
  /// The members left out, each with why (a type the package does not have).
  var omitted: [String]
  /// Lines of the generated file (1-based) and the member each belongs to, for the compiler's
  /// errors.
  var memberLines: [Int: String]
  /// Lines of the generated file that open a type, and the type's name.
  var typeLines: [Int: String]
  /// Stood-in types made by their implicit init (a final class, a struct with no storage),
  /// qualified: a seam returning one returns it unasked (`StandInDefault`: a class's one
  /// instance, a struct's new value).
  var defaultTypes: [String] = []
  /// Stood-in types whose `Equatable` and `Hashable` the stand-in makes its own (a storageless
  /// struct's, a class's by identity), qualified: one the compiler rejects loses only them
  /// next build (`equalityMember`), not every conformance and its default.
  var ownEquality: Set<String> = []

  /// The member name a rejected own `Equatable`/`Hashable` of `owner` is repaired as.
  static func equalityMember(_ owner: String) -> String { owner + ".standInEquality" }

  /// The member a line of the generated file belongs to: its own, or else the nearest member
  /// above it with no type opening between (an extension's accessor lines, a requirement's
  /// second line), so that an error there repairs that member instead of giving the stand-in up.
  func member(atLine line: Int) -> String? {
    if let own = memberLines[line] { return own }
    var above = line - 1
    while above > 0 {
      if typeLines[above] != nil { return nil }
      if let member = memberLines[above] { return member }
      above -= 1
    }
    return nil
  }

  /// What an earlier build of a stand-in rejected, made again without it: types whose
  /// synthesized conformances (Hashable of a value whose member is not) are dropped, and members
  /// (`Donut.dough`) left out.
  /// The name a seam of the function `name` answers to in `stub` and `respond`: the name, or a
  /// word for an operator, which no command can spell (`static func ==` is `Server.equal`).
  static func memberWord(_ name: String) -> String {
    guard let first = name.unicodeScalars.first, !(first == "_" || first.properties.isAlphabetic) else { return name }
    let words = ["==": "equal", "!=": "notEqual", "<": "less", "<=": "lessOrEqual", ">": "greater", ">=": "greaterOrEqual",
                 "+": "plus", "-": "minus", "*": "times", "/": "dividedBy", "~=": "matches"]
    return words[name] ?? "operator" + name.unicodeScalars.map { String($0.value, radix: 16) }.joined()
  }

  /// The conformances a stand-in may make its own (`Writer.ownEquality`).
  static let equalityProtocols: Set<String> = ["Equatable", "Hashable"]

  struct Repair: Sendable, Equatable {
    var plainTypes: Set<String> = []
    var droppedMembers: Set<String> = []
    /// Stored properties whose value, copied as written, the compiler rejected: seams next time.
    var seamedMembers: Set<String> = []
    /// Seams whose empty value (`EmptyValues`) the compiler rejected: plain seams next time.
    var unfilledMembers: Set<String> = []
  }

  /// Stored properties written with the app's own initial value (`static let shared = Client()`):
  /// one the compiler rejects is made a seam before it is left out.
  var copiedMembers: Set<String>
  /// The initial values of the stored properties copied as written, by member
  /// (`AppEnvironment.servers`: `ServerManagerImpl()`): the objects a model reaches through them.
  var copiedValues: [String: String] = [:]
  /// Seams that return an empty app value unanswered: one the compiler rejects is made plain.
  var filledMembers: Set<String>

  /// One member a scenario answers.
  struct Declaration: Sendable, Equatable {
    var member: String
    var signature: String
    var why: String
    var hasDefault: Bool
    /// The return type as written (nil: none), and whether a call waits (`async`).
    var returns: String? = nil
    var isAsync = false
    /// A model value adopt made a sample of (`StandIn.sample`), not a callback, among a model's.
    var isSample = false
    /// What it returns unanswered where adopt made that value (`RoomInfoProxyMock()`), else nil.
    var empty: String? = nil
  }

  /// Generates stand-ins for the top-level types `names` of `source` (the file at `path`).
  /// `known` holds every type name the package has (the app's compiled types and the stand-ins);
  /// `protocols` the app's protocol names among them; `imports` the modules the stand-in may
  /// import; `why` is said with every call. `keptExtensions` holds the UTF-8 offsets of the
  /// extensions a filtered copy of the same file still compiles: the stand-in leaves them to it,
  /// since declaring their members twice would be a redeclaration; `equalityElsewhere` names
  /// the types compiled files' extensions give `Equatable` or `Hashable`, which the stand-in
  /// then does not declare. `emptyValue` makes the
  /// value of an app type a seam returns unanswered, from the type as written and the seam's
  /// type (`EmptyValues`).
  init(
    source: String, path: String, names: Set<String>, known: Set<String>, protocols: Set<String> = [], imports: [String], why: String,
    repair: Repair = Repair(), keptExtensions: Set<Int> = [], equalityElsewhere: Set<String> = [], emptyValue: @escaping (_ type: String, _ owner: String) -> String? = { _, _ in nil },
    visible: Set<String>? = nil
  ) {
    let tree = SyntaxTrees.parse(source)
    var writer = Writer(known: known.union(Self.standardTypes), why: why)
    writer.visible = visible.map { $0.union(Self.standardTypes) }
    writer.protocolNames = protocols
    writer.repair = repair
    writer.emptyValue = emptyValue
    writer.keptEquality = equalityElsewhere
    let fileScope = Self.fileScope(tree)
    for decl in fileScope {
      guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { continue }
      let listed = Set(extensionDecl.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? [])
        .intersection(StandInSource.equalityProtocols)
      guard !listed.isEmpty else { continue }
      let extended = extensionDecl.extendedType.trimmedDescription
      if keptExtensions.contains(extensionDecl.positionAfterSkippingLeadingTrivia.utf8Offset) {
        writer.keptEquality.insert(extended)
      } else {
        writer.extensionEquality[extended, default: []].formUnion(listed)
      }
    }
    for decl in fileScope {
      if let name = Writer.typeName(of: decl), names.contains(name) {
        writer.type(decl, parents: [], indent: "")
      } else if let variable = decl.as(VariableDeclSyntax.self),
                variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self).map { names.contains($0.identifier.text) } ?? false }) {
        // A global kept code uses (home-assistant's `public var Current: AppEnvironment`): a
        // seam named as the code writes it.
        writer.property(variable, owner: "", generic: [], keepsStorage: false, isClass: false, indent: "")
      } else if let function = decl.as(FunctionDeclSyntax.self), names.contains(function.name.text) {
        writer.function(function, owner: "", generic: [], indent: "")
      }
    }
    // A type declared in an extension of one the package compiles (`extension StatusEditor {
    // actor Compressor }`): written in the same extension.
    for decl in fileScope {
      guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { continue }
      let extended = extensionDecl.extendedType.trimmedDescription
      let nested = extensionDecl.memberBlock.members.map(\.decl).filter { member in
        Writer.typeName(of: member).map { names.contains(extended + "." + $0) } ?? false
      }
      guard !nested.isEmpty, !names.contains(extended) else { continue }
      writer.lines.append(Writer.access(of: extensionDecl) + "extension \(extended) {")
      for member in nested { writer.type(member, parents: [extended], indent: "  ") }
      writer.lines.append("}")
    }
    // Extensions of a stood-in type in the same file add members kept code may call.
    for decl in fileScope {
      guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { continue }
      let extended = extensionDecl.extendedType.trimmedDescription
      guard names.contains(extended), !keptExtensions.contains(extensionDecl.positionAfterSkippingLeadingTrivia.utf8Offset) else { continue }
      writer.extensionBlock(extensionDecl, name: extended)
    }
    for (owner, kind, arguments) in writer.defaultable {
      // Lines of their own, named as a member, so that one the compiler rejects is left out next build.
      writer.lines.append("")
      let first = writer.lines.count + 1
      let instance = [
        "  /// `nonisolated(unsafe)`: made once (a static's lazy init is atomic); its members are seams,",
        "  /// and what the app's own code stores in it is the app's to guard, as on a device.",
        "  nonisolated(unsafe) private static let standInInstance = \(owner)\(arguments)",
      ]
      switch kind {
      case .finalClass:
        writer.lines += [
          "extension \(owner): StandInDefault {",
          "  /// What a seam returning a `\(owner)` returns unasked: one instance, made when first asked for.",
        ] + instance + [
          "  nonisolated public static var standInDefault: \(owner) { standInInstance }",
          "}",
        ]
      case .openClass:
        writer.lines += [
          "extension \(owner): StandInObject {",
          "  /// What a seam returning a `\(owner)` returns unasked: one instance, made when first asked for",
          "  /// (a seam returning a subclass of it is the scenario's to answer).",
        ] + instance + [
          "  nonisolated public static var standInObject: AnyObject { standInInstance }",
          "}",
        ]
      case .value:
        writer.lines += [
          "extension \(owner): StandInDefault {",
          "  /// What a seam returning a `\(owner)` returns unasked: a value made by its implicit init.",
          "  nonisolated public static var standInDefault: Self { Self() }",
          "}",
        ]
      }
      for line in first...writer.lines.count { writer.memberLines[line] = owner + ".standInDefault" }
    }
    let header = [
      "// Generated by `vmrepl adopt` in place of \(path), which Linux cannot build (\(why));",
      "// every adopt rewrites it. Each member is a seam: a call is an event in the transcript, and",
      "// what it returns is the scenario's to say (`stub TYPE.MEMBER value=...`, `respond`).",
    ] + (["Foundation", "StandInSupport"] + imports).map { "import \($0)" }
    // A value copied as written may span lines (`= {\n try WatchConfig.config()\n }`) in one
    // element of `writer.lines`: the lines the compiler numbers are the text's, each element's
    // first at its own place, and every line of it the element's member (home-assistant's
    // `AppEnvironment`: two copied closures above `carPlayConfig` put its error four lines
    // off, and three builds repaired the members below it instead).
    var place: [Int: Int] = [:]
    var next = header.count + 2
    for (index, line) in writer.lines.enumerated() {
      place[index + 1] = next
      next += 1 + line.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
    place[writer.lines.count + 1] = next
    func spread(_ lines: [Int: String]) -> [Int: String] {
      var result: [Int: String] = [:]
      for (line, name) in lines {
        guard let first = place[line] else { continue }
        let last = place[line + 1].map { $0 - 1 } ?? first
        for real in first...max(first, last) { result[real] = name }
      }
      return result
    }
    text = (header + [""] + writer.lines).joined(separator: "\n") + "\n"
    declarations = writer.declarations
    defaultTypes = writer.defaultable.map(\.name)
    ownEquality = writer.ownEquality
    omitted = writer.omitted
    copiedMembers = writer.copiedMembers
    copiedValues = writer.copiedValues
    filledMembers = writer.filledMembers
    memberLines = spread(writer.memberLines)
    // A type opens on its header's one line.
    typeLines = Dictionary(uniqueKeysWithValues: writer.typeLines.compactMap { line, name in place[line].map { ($0, name) } })
  }

  /// A seam in place of the body of an app member the compiler rejects on Linux, when its
  /// signature still builds: a helper whose body calls what Linux lacks keeps its name, so the
  /// code that calls it keeps building, and each call is answered by the scenario.
  ///
  /// For `private static func tr(_ table: String, _ key: String) -> String { ... }` in
  /// `extension L10n`, the body `{ StandIn.call("L10n.tr", "tr(\(StandIn.text(table)), ...)") }`.
  /// Nil for an initializer, a property with a setter, a stored property or a member without a
  /// body: those are blanked out whole.
  static func bodySeam(of decl: DeclSyntax, owner: String, why: String) -> (body: Range<Int>, text: String, declaration: Declaration)? {
    // The signature is the app's, compiled in the app's module: every type it names exists there.
    var writer = Writer(known: Writer.names(in: decl).types.union(standardTypes), why: why)
    let bodyNode: Syntax
    if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
      // The seam's call line alone is taken: modifiers (a `private` helper) do not matter to it.
      writer.function(function.with(\.modifiers, []).with(\.attributes, []), owner: owner, generic: [], indent: "")
      bodyNode = Syntax(body)
    } else if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
              let block = binding.accessorBlock, case .accessors(let list) = block.accessors, !list.isEmpty,
              list.allSatisfy({ ["didSet", "willSet"].contains($0.accessorSpecifier.text) }),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
      // A stored property whose observers Linux cannot build (element-x's `UserIndicatorController
      // .window`, whose `didSet` makes a `UIHostingController`): its storage is kept, so that
      // the type still meets its protocol's `var window: UIWindow? { get set }`, and each set is
      // a call the transcript shows, as a seam's.
      let member = "\(owner).\(name).didSet"
      let call = "StandIn.call(\"\(member)\", \"\(name) = \\(StandIn.text(\(name)))\") as Void"
      let range = block.positionAfterSkippingLeadingTrivia.utf8Offset..<block.endPositionBeforeTrailingTrivia.utf8Offset
      return (range, "{ didSet { " + call + " } }", Declaration(member: member, signature: "didSet of " + binding.trimmedDescription.prefix { $0 != "{" }.trimmingCharacters(in: .whitespaces), why: why, hasDefault: true))
    } else if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
              let block = binding.accessorBlock, binding.typeAnnotation != nil, !Writer.hasSetter(binding) {
      if case .accessors(let list) = block.accessors,
         list.contains(where: { $0.accessorSpecifier.text != "get" || $0.effectSpecifiers != nil }) { return nil }
      writer.property(variable.with(\.modifiers, []).with(\.attributes, []), owner: owner, generic: [], keepsStorage: false, isClass: false, indent: "")
      bodyNode = Syntax(block)
    } else {
      return nil
    }
    // The writer's lines are `head {`, the call, `}`; one declaration.
    guard writer.lines.count == 3, let declaration = writer.declarations.first else { return nil }
    let call = writer.lines[1].trimmingCharacters(in: .whitespaces)
    let range = bodyNode.positionAfterSkippingLeadingTrivia.utf8Offset..<bodyNode.endPositionBeforeTrailingTrivia.utf8Offset
    return (range, "{ " + call + " }", declaration)
  }

  /// The file-scope declarations as Linux compiles them: inside `#if !os(watchOS)`, those of
  /// the first clause whose condition holds on Linux (or the `#else`).
  static func fileScope(_ tree: SourceFileSyntax) -> [DeclSyntax] {
    var result: [DeclSyntax] = []
    func add(_ items: CodeBlockItemListSyntax) {
      for item in items {
        guard let decl = item.item.as(DeclSyntax.self) else { continue }
        guard let conditional = decl.as(IfConfigDeclSyntax.self) else {
          result.append(decl)
          continue
        }
        guard let clause = conditional.clauses.first(where: { $0.condition.map(holdsOnLinux) ?? true }),
              case .statements(let inner)? = clause.elements
        else { continue }
        add(inner)
      }
    }
    add(tree.statements)
    return result
  }

  /// Whether a `#if` condition holds in the package adopt writes: Linux, a debug build, this
  /// compiler; an unknown flag does not.
  static func holdsOnLinux(_ condition: ExprSyntax) -> Bool {
    if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      return !holdsOnLinux(prefix.expression)
    }
    if let parenthesized = condition.as(TupleExprSyntax.self), parenthesized.elements.count == 1, let only = parenthesized.elements.first {
      return holdsOnLinux(only.expression)
    }
    if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
      if op.operator.text == "&&" { return holdsOnLinux(infix.leftOperand) && holdsOnLinux(infix.rightOperand) }
      if op.operator.text == "||" { return holdsOnLinux(infix.leftOperand) || holdsOnLinux(infix.rightOperand) }
    }
    if let sequence = condition.as(SequenceExprSyntax.self) {
      // Unfolded `a && b || c`: folded left to right, `&&` before `||`.
      var alternatives: [[ExprSyntax]] = [[]]
      for element in sequence.elements {
        if let op = element.as(BinaryOperatorExprSyntax.self) {
          if op.operator.text == "||" { alternatives.append([]) }
          continue
        }
        alternatives[alternatives.count - 1].append(element)
      }
      return alternatives.contains { $0.allSatisfy(holdsOnLinux) }
    }
    if let call = condition.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
      let argument = call.arguments.first?.expression.trimmedDescription ?? ""
      switch name {
      case "os": return argument == "Linux"
      case "canImport": return LinuxSupport.importable.contains(argument)
      case "arch": return argument == "x86_64" || argument == "arm64"
      case "swift", "compiler": return true
      case "targetEnvironment": return false
      default: return false
      }
    }
    if let flag = condition.as(DeclReferenceExprSyntax.self)?.baseName.text { return flag == "DEBUG" }
    if let literal = condition.as(BooleanLiteralExprSyntax.self) { return literal.literal.text == "true" }
    return false
  }

  /// Where a protocol is declared, for its generated conformance: the file's text, and whether
  /// the package declares it as a stand-in (which leaves out the requirements naming a type the
  /// package does not have, so the conformance may leave them out too).
  struct ProtocolHome {
    var source: String
    var standsIn = false
  }

  /// A class conforming to the protocol `name` of `source` whose every requirement is a seam:
  /// what `adopt` passes for an `init` parameter of that protocol when the app has no conformer
  /// it can make (`init(api: BooksAPI)`). Nil when a requirement cannot be met that way (an
  /// associated type, an `init`, `Self`, a subscript, a type the package does not have where the
  /// protocol is the app's own, an inherited protocol `inherited` cannot find).
  static func conformance(
    to name: String, source: String, known: Set<String>, standsIn: Bool = false,
    inherited: (String) -> ProtocolHome? = { _ in nil }
  ) -> (text: String, declarations: [Declaration])? {
    var writer = Writer(known: known.union(standardTypes), why: "a generated stand-in for `\(name)`: the app has no conformer adopt can make")
    writer.dropModifiers = ["mutating"]
    let className = seamClassName(name)
    var isolation = ""
    var written: Set<String> = []
    // The protocol's requirements, then those of the app's protocols it inherits (each once).
    func requirements(of name: String, source: String, standsIn: Bool, depth: Int) -> Bool {
      guard depth < 4, written.insert(name).inserted else { return depth < 4 }
      let tree = SyntaxTrees.parse(source)
      guard let node = fileScope(tree).compactMap({ $0.as(ProtocolDeclSyntax.self) }).first(where: { $0.name.text == name }),
            node.primaryAssociatedTypeClause == nil
      else { return false }
      if depth == 0, Writer.attributes(node.attributes).contains("@MainActor") { isolation = "@MainActor " }
      let allowed: Set<String> = ["AnyObject", "Sendable", "ObservableObject", "class"]
      for parent in node.inheritanceClause?.inheritedTypes.map({ $0.type.trimmedDescription }) ?? [] where !allowed.contains(parent) {
        if let home = inherited(parent) {
          guard requirements(of: parent, source: home.source, standsIn: home.standsIn, depth: depth + 1) else { return false }
        } else if !standsIn || known.contains(parent) {
          return false
        }
        // Else a stood-in protocol drops a parent the package does not have, and so does this.
      }
      // A type alias the protocol declares is no requirement: the conformance has it, and a
      // member may be written with it (element-x's `QRLoginProgressPublisher`).
      for alias in node.memberBlock.members.compactMap({ $0.decl.as(TypeAliasDeclSyntax.self) }) {
        writer.known.insert(alias.name.text)
      }
      for member in node.memberBlock.members {
        let decl = member.decl
        if decl.is(TypeAliasDeclSyntax.self) { continue }
        if let function = decl.as(FunctionDeclSyntax.self) {
          if Names.mentionsSelf(function) { return false }
          let before = writer.omitted.count
          writer.function(function, owner: name, generic: [], indent: "  ")
          if writer.omitted.count > before && !standsIn { return false }
        } else if let variable = decl.as(VariableDeclSyntax.self) {
          if Names.mentionsSelf(variable) { return false }
          let before = writer.omitted.count
          writer.property(variable, owner: name, generic: [], keepsStorage: false, isClass: true, indent: "  ")
          if writer.omitted.count > before && !standsIn { return false }
        } else if decl.is(IfConfigDeclSyntax.self) || decl.is(AssociatedTypeDeclSyntax.self) || decl.is(InitializerDeclSyntax.self)
          || decl.is(SubscriptDeclSyntax.self) {
          return false
        }
      }
      return true
    }
    guard requirements(of: name, source: source, standsIn: standsIn, depth: 0) else { return nil }
    let members = writer.lines
    writer.lines = ["\(isolation)final class \(className): \(name) {"] + members + ["  nonisolated init() {}", "}"]
    return (writer.lines.joined(separator: "\n") + "\n", writer.declarations)
  }

  /// The generated conformance's name: `BooksAPIStandIn`.
  static func seamClassName(_ protocolName: String) -> String { protocolName + "StandIn" }

  /// Types every package has: the standard library's, Foundation's, Combine's and AppleCompat's
  /// SwiftUI values.
  static let standardTypes: Set<String> = [
    "Any", "AnyObject", "AnyHashable", "Array", "Bool", "Character", "ClosedRange", "Codable", "Comparable", "CustomStringConvertible",
    "Decodable", "Dictionary", "Double", "Encodable", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Int8",
    "Int16", "Int32", "Int64", "Never", "Optional", "Range", "Result", "Sendable", "Sequence", "Set", "String", "Substring",
    "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Void", "Self", "CaseIterable", "RawRepresentable", "Collection",
    "AsyncStream", "AsyncThrowingStream", "Task", "Duration", "MainActor", "CGFloat", "CGSize", "CGPoint", "CGRect",
    "LocalizedError", "CustomDebugStringConvertible", "Actor", "AsyncSequence", "CancellationError", "Float64",
    "Data", "Date", "DateComponents", "DateFormatter", "DateInterval", "Calendar", "Decimal", "FileManager", "IndexPath",
    "IndexSet", "JSONDecoder", "JSONEncoder", "Locale", "Measurement", "Notification", "NotificationCenter", "NSError",
    "NSObject", "NSLock", "NSRecursiveLock", "NSCache", "NSNumber", "NSString", "NumberFormatter", "OperationQueue",
    "ProcessInfo", "PropertyListDecoder", "PropertyListEncoder", "TimeInterval", "TimeZone", "Timer", "URL", "URLComponents",
    "URLError", "URLQueryItem", "URLRequest", "URLResponse", "HTTPURLResponse", "URLSession", "URLSessionConfiguration",
    "URLSessionTask", "URLSessionDataTask", "UUID", "UserDefaults", "Bundle", "CharacterSet", "DispatchQueue",
    "DispatchGroup", "DispatchWorkItem", "DispatchTime", "DispatchSemaphore", "RunLoop", "Thread", "AttributedString",
    "ISO8601DateFormatter", "RelativeDateTimeFormatter", "ByteCountFormatter", "NSRange", "NSPredicate", "Progress",
    "AnyPublisher", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject", "Published", "ObservableObject",
    "Just", "Future", "Fail", "Empty", "Cancellable", "Publisher", "Subscriber", "Publishers", "Color", "Image", "Font",
    "Binding", "UIImage", "UIColor", "UIViewController", "UINavigationController", "ObservationIgnored", "Observable", "Decoder", "Encoder", "CodingKey",
    "SingleValueDecodingContainer", "SingleValueEncodingContainer", "KeyedDecodingContainer", "KeyedEncodingContainer",
    "UnkeyedDecodingContainer", "UnkeyedEncodingContainer", "DecodingError", "EncodingError", "CodingUserInfoKey",
    "Hasher", "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath", "AnyKeyPath", "ObjectIdentifier",
    "StaticString", "Unicode", "Mirror", "IteratorProtocol", "AsyncIteratorProtocol", "RandomNumberGenerator",
    "SystemRandomNumberGenerator", "ContinuousClock", "SuspendingClock", "Clock", "InstantProtocol", "DurationProtocol",
    "CheckedContinuation", "UnsafeContinuation", "TaskGroup", "ThrowingTaskGroup", "TaskPriority", "AsyncStream", "Slice",
    "ArraySlice", "ContiguousArray", "Range", "PartialRangeFrom", "PartialRangeThrough", "PartialRangeUpTo", "Float16",
    "Float32", "Float80", "Int128", "UInt128", "CustomNSError", "BinaryInteger", "FixedWidthInteger", "Numeric",
    "SignedNumeric", "FloatingPoint", "BinaryFloatingPoint", "StringProtocol", "LosslessStringConvertible",
    "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByArrayLiteral", "OptionSet", "SetAlgebra",
    "RangeReplaceableCollection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection", "Void", "CVarArg",
    "Gradient", "LinearGradient", "RadialGradient", "AngularGradient", "UnitPoint", "Angle",
  ]

  /// Whether `text` is a function type: an arrow outside every bracket (`(Int) -> String?`, not
  /// `((Int) -> String)?`).
  static func isFunctionType(_ text: String) -> Bool {
    var depth = 0
    var previous: Character = " "
    for character in text {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">":
        if previous == "-" { if depth == 0 { return true } } else { depth -= 1 }
      default: break
      }
      previous = character
    }
    return false
  }

  /// Whether `text` (`(...)`) is one type in parentheses: its first `(` closes at its end, with
  /// no comma at its own depth (a tuple) and no arrow after it (a function type).
  static func isOneParenthesized(_ text: String) -> Bool {
    var depth = 0
    for (offset, character) in text.enumerated() {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]", ">":
        // A function type's arrow: `->` is no closing bracket.
        if character == ">", offset > 0, text[text.index(text.startIndex, offsetBy: offset - 1)] == "-" { return false }
        depth -= 1
        if depth == 0 && offset < text.count - 1 { return false }
      case "," where depth == 1: return false
      default: break
      }
    }
    return depth == 0
  }

  /// Whether values of `type` (as written) have a default a stand-in returns unasked.
  static func hasDefault(_ type: String?) -> Bool {
    guard var type = type?.filter({ !$0.isWhitespace }), !type.isEmpty else { return true }
    if type == "Void" || type == "()" || type == "String" || type == "Substring" { return true }
    // A function type has no default, whatever it returns (`() -> String?`).
    if Self.isFunctionType(type) { return false }
    // A type in parentheses is the type (pocket-casts' `-> ([EpisodeSyncInfo]?)`); a tuple is not.
    while type.hasPrefix("("), type.hasSuffix(")"), type.count > 2, Self.isOneParenthesized(type) { type = String(type.dropFirst().dropLast()) }
    if type.hasSuffix("?") || type.hasSuffix("!") { return true }
    if type.hasPrefix("[") && type.hasSuffix("]") { return true }
    // A publisher that finishes with no value, a subject that sends none (AppleCompat's Combine).
    if type.hasPrefix("AnyPublisher<") || type.hasPrefix("PassthroughSubject<") { return true }
    // A color or an image is a placeholder (AppleCompat's StandInAppearance): models pass them
    // to their views (SwiftGen's `Asset.Colors.tint.color`, read in a model's init).
    if ["Color", "Image", "UIColor", "UIImage", "SwiftUI.Color", "SwiftUI.Image"].contains(type) { return true }
    // A controller to present is a new one with nothing on it (AppleCompat's UIViewController).
    if ["UIViewController", "UINavigationController"].contains(type) { return true }
    return ["Optional<", "Array<", "Set<", "Dictionary<"].contains { type.hasPrefix($0) }
  }
}

/// Writes the stand-in's declarations, one type at a time.
private struct Writer {
  var known: Set<String>
  let why: String
  var lines: [String] = []
  var declarations: [StandInSource.Declaration] = []
  var omitted: [String] = []
  var memberLines: [Int: String] = [:]
  /// Modifiers a conformance's members leave out (`mutating`, in a class).
  var dropModifiers: Set<String> = []
  /// Stood-in structs whose storage is kept, and enums: their conformances synthesize.
  var valueTypes: Set<String> = []
  /// Stood-in types whose `Equatable` and `Hashable` are the stand-in's own, not the app's `==`
  /// and `hash(into:)`: a struct whose properties are seams (synthesized over what it still
  /// stores) and a class (by identity). Kept code stores them in its own Hashable values
  /// (element-x's `FileRoomTimelineItemContent`, stood in for `UTType`, in the `Hashable` enum
  /// every timeline item is made of): without them, each value around one fails in turn, a
  /// build and a left-out file a link.
  var ownEquality: Set<String> = []
  /// `Equatable` or `Hashable` that extensions of the file give a type, by the extended name,
  /// for the extensions the stand-in writes (`extension AudioPlayerState: Equatable`).
  var extensionEquality: [String: Set<String>] = [:]
  /// Types a filtered copy's kept extension gives `Equatable` or `Hashable`: theirs, not the stand-in's.
  var keptEquality: Set<String> = []
  /// The classes written, by owner.
  var classNames: Set<String> = []
  var typeLines: [Int: String] = [:]
  var repair = StandInSource.Repair()
  /// The types the stand-in's own module sees (its target's and its dependencies'), where
  /// known: a copied closure's body names only those. Nil: every type the package has.
  var visible: Set<String>?
  /// Stored properties copied with the app's initial value.
  var copiedMembers: Set<String> = []
  var copiedValues: [String: String] = [:]
  /// Whether the type being written holds a static instance of itself made by the stand-in's
  /// own init (`static let shared = Client(standIn: ...)`), which it then declares.
  var madeOwnInstance = false
  /// That static instance's name (`shared`, `` `default` ``).
  var ownInstanceName: String?
  /// Whether the type being written got an init of the stand-in's that hides the implicit `init()`.
  var wroteInit = false
  /// Whether it got one whose every argument has a default, written: `Owner()` calls it.
  var wroteInitTakingNothing = false
  /// Stood-in types whose instance a seam may return unasked (`StandInDefault`), qualified, and
  /// how each is made.
  var defaultable: [(name: String, kind: DefaultKind, arguments: String)] = []
  /// The empty value of an app type a seam returns (`EmptyValues`), seen from the seam's type.
  var emptyValue: (_ type: String, _ owner: String) -> String? = { _, _ in nil }
  /// Seams that return an empty app value unanswered.
  var filledMembers: Set<String> = []

  /// `, empty: VALUE` for a seam returning an app type with no default of its own that
  /// `emptyValue` makes (element-x's mocks' `verificationStatePublisher:
  /// CurrentValuePublisher<SessionVerificationState, Never>`); else "". Not once the compiler
  /// rejected it for that member.
  /// The value of an `, empty: VALUE` argument, nil for none.
  static func emptyText(_ argument: String) -> String? {
    argument.hasPrefix(", empty: ") ? String(argument.dropFirst(", empty: ".count)) : nil
  }

  mutating func emptyArgument(_ member: String, returning type: String, in owner: String) -> String {
    guard !StandInSource.hasDefault(type), !repair.unfilledMembers.contains(member), let value = emptyValue(type, owner) else { return "" }
    filledMembers.insert(member)
    return ", empty: " + value
  }

  /// How a stood-in type's unasked instance is made.
  enum DefaultKind {
    /// A final class: one instance, kept, as the app's service object is one.
    case finalClass
    /// A class the app may subclass: the same one instance, returned for its own type only
    /// (`StandInObject`), since a subclass's instance is none of the stand-in's to make.
    case openClass
    /// A struct with no storage: a new value each time.
    case value
  }

  init(known: Set<String>, why: String) {
    self.known = known
    self.why = why
  }

  /// A member's name as `respond` names it (`token`, `init`, a case's first name); nil for a type.
  static func memberName(of decl: DeclSyntax) -> String? {
    if let node = decl.as(FunctionDeclSyntax.self) { return node.name.text }
    if let node = decl.as(VariableDeclSyntax.self) { return node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    if decl.is(InitializerDeclSyntax.self) { return "init" }
    if let node = decl.as(EnumCaseDeclSyntax.self) { return node.elements.first?.name.text }
    if let node = decl.as(TypeAliasDeclSyntax.self) { return node.name.text }
    if let node = decl.as(AssociatedTypeDeclSyntax.self) { return node.name.text }
    return nil
  }

  static func typeName(of decl: DeclSyntax) -> String? {
    if let node = decl.as(ClassDeclSyntax.self) { return node.name.text }
    if let node = decl.as(StructDeclSyntax.self) { return node.name.text }
    if let node = decl.as(EnumDeclSyntax.self) { return node.name.text }
    if let node = decl.as(ProtocolDeclSyntax.self) { return node.name.text }
    if let node = decl.as(ActorDeclSyntax.self) { return node.name.text }
    return nil
  }

  /// Type names a piece of syntax writes (the first part of `A.B`), and lower-case names it calls.
  static func names(in node: some SyntaxProtocol) -> (types: Set<String>, references: Set<String>) {
    let collector = NameCollector()
    collector.walk(node)
    return (collector.types, collector.references)
  }

  /// Whether every type `node` names exists in the package (or is one of `generic`).
  func exists(_ node: some SyntaxProtocol, generic: Set<String>) -> Bool {
    Self.names(in: node).types.allSatisfy { known.contains($0) || generic.contains($0) }
  }

  /// Whether an initial value or a default argument can be copied: literals and the package's
  /// types only, no function of the file's and no closure but one that takes nothing and whose
  /// body is such a value (home-assistant's `magicItemProvider: () -> MagicItemProviderProtocol =
  /// { MagicItemProvider() }`: the app's own value, where a seam of a closure waited for an
  /// answer no scenario can write).
  func copyable(_ expression: ExprSyntax, generic: Set<String>) -> Bool {
    if let closure = expression.as(ClosureExprSyntax.self), closure.signature == nil {
      // Its types as the stand-in's module sees them: home-assistant's `carPlayConfig = { try
      // CarPlayConfig.config() }` names a type of the app's module, which `Shared` cannot see,
      // and the copy's error gave the whole stand-in up.
      let names = Self.names(in: closure.statements)
      return !closure.statements.isEmpty && names.types.allSatisfy { (visible ?? known).contains($0) || generic.contains($0) }
        && names.references.isSubset(of: ["true", "false", "nil"])
    }
    let names = Self.names(in: expression)
    let literals: Set<String> = ["self", "true", "false", "nil"]
    return names.types.allSatisfy { known.contains($0) || generic.contains($0) } && names.references.isSubset(of: literals)
  }

  /// The attributes kept on a declaration: isolation and result attributes, not `@objc`,
  /// property wrappers or Interface Builder's.
  static func attributes(_ list: AttributeListSyntax) -> String {
    let keep: Set<String> = ["MainActor", "discardableResult", "Sendable", "preconcurrency"]
    return list.compactMap { element -> String? in
      guard let attribute = element.as(AttributeSyntax.self) else { return nil }
      let name = attribute.attributeName.trimmedDescription
      return keep.contains(name) ? attribute.trimmedDescription + " " : nil
    }.joined()
  }

  static func modifiers(_ list: DeclModifierListSyntax, dropping: Set<String> = []) -> String {
    let drop = Set(["override", "required", "dynamic", "optional", "weak", "unowned", "lazy"]).union(dropping)
    return list.filter { !drop.contains($0.name.text) }.map { $0.trimmedDescription + " " }.joined()
  }

  static func isPrivate(_ list: DeclModifierListSyntax) -> Bool {
    list.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
  }

  mutating func type(_ decl: DeclSyntax, parents: [String], indent: String) {
    let inner = indent + "  "
    if let node = decl.as(ProtocolDeclSyntax.self) {
      let name = node.name.text
      let inherited = inheritance(node.inheritanceClause, keepAll: true, generic: [])
      lines.append(indent + Self.attributes(node.attributes) + Self.modifiers(node.modifiers) + "protocol \(name)\(inherited) {")
      let owner = (parents + [name]).joined(separator: ".")
      for member in node.memberBlock.members {
        // A requirement is a member as the compiler's errors name it: one that fails (a type the
        // package was thought to have) is left out next build, not the whole stand-in.
        let memberName = Self.memberName(of: member.decl).map { "\(owner).\($0)" }
        if let memberName, repair.droppedMembers.contains(memberName) {
          omitted.append("\(memberName): the compiler rejected it in an earlier build")
          continue
        }
        let firstLine = lines.count + 1
        requirement(member.decl, owner: owner, indent: inner)
        if let memberName, lines.count >= firstLine {
          for line in firstLine...lines.count { memberLines[line] = memberName }
        }
      }
      lines.append(indent + "}")
      return
    }
    let keyword: String
    let name: String
    let genericClause: GenericParameterClauseSyntax?
    let inheritanceClause: InheritanceClauseSyntax?
    let members: MemberBlockSyntax
    let attributes: AttributeListSyntax
    let modifiers: DeclModifierListSyntax
    if let node = decl.as(ClassDeclSyntax.self) {
      (keyword, name, genericClause, inheritanceClause, members, attributes, modifiers) =
        ("class", node.name.text, node.genericParameterClause, node.inheritanceClause, node.memberBlock, node.attributes, node.modifiers)
    } else if let node = decl.as(StructDeclSyntax.self) {
      (keyword, name, genericClause, inheritanceClause, members, attributes, modifiers) =
        ("struct", node.name.text, node.genericParameterClause, node.inheritanceClause, node.memberBlock, node.attributes, node.modifiers)
    } else if let node = decl.as(EnumDeclSyntax.self) {
      (keyword, name, genericClause, inheritanceClause, members, attributes, modifiers) =
        ("enum", node.name.text, node.genericParameterClause, node.inheritanceClause, node.memberBlock, node.attributes, node.modifiers)
    } else if let node = decl.as(ActorDeclSyntax.self) {
      (keyword, name, genericClause, inheritanceClause, members, attributes, modifiers) =
        ("actor", node.name.text, node.genericParameterClause, node.inheritanceClause, node.memberBlock, node.attributes, node.modifiers)
    } else {
      return
    }
    let owner = (parents + [name]).joined(separator: ".")
    let generic = Set(genericClause?.parameters.map(\.name.text) ?? [])
    // A nested type's inits are its own, not the type around it.
    let outerWroteInit = (wroteInit, wroteInitTakingNothing)
    wroteInit = false
    wroteInitTakingNothing = false
    // And its own static instance: a nested type declared after the outer one's `static let
    // shared` would otherwise write the outer type's `init(standIn:)` in itself.
    let outerOwnInstance = (madeOwnInstance, ownInstanceName)
    madeOwnInstance = false
    ownInstanceName = nil
    // A struct keeps its stored properties stored, where their types exist: its memberwise init
    // and synthesized conformances (Codable, Equatable) are what kept code uses of a model value,
    // and its own inits are copied as written where the package has every type they name.
    let explicitInits = members.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
    let keepsStorage = keyword == "struct"
      && members.members.allSatisfy { member in
        guard let variable = member.decl.as(VariableDeclSyntax.self), Self.isStored(variable) else { return true }
        return variable.bindings.allSatisfy { binding in
          guard let annotation = binding.typeAnnotation else {
            return binding.initializer.map { copyable($0.value, generic: generic) } ?? false
          }
          return exists(annotation.type, generic: generic)
        }
      }
    let synthesized: Set<String> = ["Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable"]
    let plain = repair.plainTypes.contains(owner)
    // Equatable and Hashable the stand-in makes its own (`ownEquality`): a struct's where its
    // clause or an extension asks for them, a class's there or by `NSObject` (compared by
    // identity, as `NSObject` is), unless a kept extension gives them.
    let declared = Set(inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? [])
    let asked = declared.union(extensionEquality[owner] ?? []).intersection(StandInSource.equalityProtocols)
    let equalityRejected = repair.droppedMembers.contains(StandInSource.equalityMember(owner))
    let ownAllowed = !plain && !keptEquality.contains(owner) && !equalityRejected
    let storageless = keyword == "struct" && !keepsStorage && ownAllowed && !asked.isEmpty
    let identity = keyword == "class" && ownAllowed && (!asked.isEmpty || declared.contains("NSObject"))
    if storageless || identity { ownEquality.insert(owner) }
    if equalityRejected, !plain {
      omitted.append("\(owner): its own Equatable and Hashable: the compiler rejected them in an earlier build")
    }
    let dropping: Set<String> = (keyword == "enum" || keepsStorage) && !plain ? [] : storageless ? synthesized.subtracting(StandInSource.equalityProtocols) : synthesized
    var inherited = inheritance(inheritanceClause, keepAll: false, generic: generic, dropping: dropping)
    if plain {
      // A type the compiler rejected for a conformance keeps none but an enum's raw type: a
      // hand-written `RawRepresentable` or a protocol whose requirements a seam cannot meet goes too.
      let rawTypes: Set<String> = ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Character"]
      let first = inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
      inherited = keyword == "enum" && first.map(rawTypes.contains) == true ? ": " + first! : ""
    }
    if keyword == "class", inherited.isEmpty == false, let first = inheritanceClause?.inheritedTypes.first,
       !isProtocolOrRaw(first.type.trimmedDescription) {
      // A superclass is dropped (its inits and overrides are not the stand-in's).
      inherited = inheritance(inheritanceClause, keepAll: false, generic: generic, dropping: synthesized, skipFirst: true)
    }
    let identityProtocol = asked.contains("Hashable") || declared.contains("NSObject") ? "Hashable" : "Equatable"
    if identity { inherited += (inherited.isEmpty ? ": " : ", ") + identityProtocol }
    let genericText = genericClause.map { clause in exists(clause, generic: generic) ? clause.trimmedDescription : "" } ?? ""
    if (keepsStorage || keyword == "enum") && !plain { valueTypes.insert(name) }
    if keyword == "class" { classNames.insert(owner) }
    typeLines[lines.count + 1] = owner
    lines.append(indent + Self.attributes(attributes) + Self.modifiers(modifiers) + "\(keyword) \(name)\(genericText)\(inherited) {")
    for member in members.members {
      let decl = member.decl
      let memberName = Self.memberName(of: decl).map { "\(owner).\($0)" }
      if let memberName, repair.droppedMembers.contains(memberName) {
        omitted.append("\(memberName): the compiler rejected it in an earlier build")
        continue
      }
      if ownEquality.contains(owner), let omission = Self.ownEqualityOmission(decl, owner: owner, byIdentity: identity) {
        omitted.append(omission)
        continue
      }
      let firstLine = lines.count + 1
      defer {
        // Every line a member wrote is its own, for the compiler's errors.
        if let memberName, lines.count >= firstLine {
          for line in firstLine...lines.count where memberLines[line] == nil { memberLines[line] = memberName }
        }
      }
      if let node = decl.as(EnumCaseDeclSyntax.self) {
        // What a case needs is its payload's types: not its attributes (RevenueCat's
        // `@objc(RCNormal) case normal = 0` left `enum PeriodType: Int` with no case).
        if exists(node.elements, generic: generic) {
          lines.append(inner + Self.modifiers(node.modifiers) + "case " + node.elements.map { element in
            element.name.text + (element.parameterClause?.trimmedDescription ?? "")
              + (element.rawValue.map { " " + $0.trimmedDescription } ?? "")
          }.joined(separator: ", "))
        } else {
          omitted.append("\(owner): `\(node.trimmedDescription)`: a type the package does not have")
        }
      } else if let node = decl.as(VariableDeclSyntax.self) {
        property(
          node, owner: owner, generic: generic, keepsStorage: keepsStorage, isClass: keyword == "class", indent: inner,
          canMakeOwn: ["class", "actor"].contains(keyword) && generic.isEmpty && !plain)
      } else if let node = decl.as(FunctionDeclSyntax.self), keepsStorage, ["encode", "hash", "==", "<"].contains(node.name.text),
                let body = node.body, exists(body, generic: generic), exists(node.signature, generic: generic) {
        // A value's own `Encodable`, `Hashable`, `Equatable` or `Comparable` implementation: the
        // app's, as written (a seam there would be called by every Set and sort, unasked).
        lines.append(contentsOf: node.trimmedDescription.split(separator: "\n", omittingEmptySubsequences: false).map { inner + $0 })
      } else if let node = decl.as(FunctionDeclSyntax.self) {
        function(node, owner: owner, generic: generic, indent: inner)
      } else if let node = decl.as(InitializerDeclSyntax.self), keepsStorage {
        // A value's init assigns its storage: the app's own, where it can build here.
        if let body = node.body, exists(body, generic: generic), exists(node.signature, generic: generic), !Self.isPrivate(node.modifiers) {
          lines.append(contentsOf: node.trimmedDescription.split(separator: "\n", omittingEmptySubsequences: false).map { inner + $0 })
        } else if !Self.isPrivate(node.modifiers) {
          omitted.append("\(owner).init: it names a type the package does not have")
        }
      } else if let node = decl.as(InitializerDeclSyntax.self), keyword == "enum" {
        // An enum's init must choose a case, which a seam cannot: left out, and said.
        if !Self.isPrivate(node.modifiers) { omitted.append("\(owner).init: an enum's init chooses a case, which no seam can") }
      } else if let node = decl.as(InitializerDeclSyntax.self) {
        initializer(node, owner: owner, generic: generic, isClass: keyword == "class", indent: inner)
      } else if let node = decl.as(TypeAliasDeclSyntax.self) {
        if exists(node.initializer.value, generic: generic), !Self.isPrivate(node.modifiers) { lines.append(inner + node.trimmedDescription) }
      } else if Self.typeName(of: decl) != nil, !Self.isPrivate(modifiersOf(decl)) {
        known.insert(Self.typeName(of: decl)!)
        type(decl, parents: parents + [name], indent: inner)
      }
    }
    // A stand-in of a final class, or of a struct with no storage, is made by its implicit init
    // with only the app's initial values: a seam that returns one (mastodon's
    // `AppContext.apiService: APIService`) returns it unasked instead of stopping the step; a
    // class's is one instance, kept, as the app's service object is one.
    let isFinalClass = keyword == "class" && modifiers.contains { $0.name.text == "final" }
    // Not a `@MainActor` one with inits of its own (no `nonisolated init()` of the stand-in's): its
    // init cannot make the `nonisolated(unsafe)` instance (IceCubesApp's `Theme`: "main
    // actor-isolated default value in a nonisolated(unsafe) context", a build to learn).
    let isMainActor = attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }
    // A class whose inits take what no seam makes up (the Rust SDK's `TaskHandle(noHandle:)`,
    // element-x's `LeaveSpaceHandleProxy(spaceID:leaveHandle:)`) is made by an init of the
    // stand-in's own, which sets nothing up (its members are seams), where the main actor's too.
    // Not where one of its own inits takes nothing (KingfisherManager's `init(downloader: =
    // .default, cache: = .default)`): `Owner()` would then be ambiguous with the file's own calls.
    let callableWithNothing = members.members.contains { member in
      guard let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.optionalMark == nil,
            initializer.signature.effectSpecifiers == nil else { return false }
      return initializer.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
    }
    let madeByOwnInit = keyword == "class" && wroteInit && !callableWithNothing
    // One whose own init the stand-in writes with every default (home-assistant's `XCGLogger`,
    // `init(identifier: String = "", includeDefaultDestinations: Bool = true)`, which every
    // `Current.Log` returns) is made by it: the instance's making is its init's call in the
    // transcript, as `Self()` of an `init()` is.
    let madeByAppInit = keyword == "class" && wroteInit && wroteInitTakingNothing
    if keyword == "class" || (keyword == "struct" && !keepsStorage), generic.isEmpty, !wroteInit || madeByOwnInit || madeByAppInit,
       !madeOwnInstance, !plain,
       !(isMainActor && explicitInits && !madeByOwnInit),
       !repair.droppedMembers.contains(owner + ".standInDefault") {
      defaultable.append((owner, keyword == "struct" ? .value : isFinalClass ? .finalClass : .openClass, madeByOwnInit ? "(standInDefault: ())" : "()"))
      if madeByOwnInit {
        memberLines[lines.count + 1] = owner + ".standInDefault"
        lines.append(inner + "nonisolated init(standInDefault: Void) {}")
      }
    } else if madeOwnInstance, let instance = ownInstanceName, keyword == "class", generic.isEmpty, !plain, !isMainActor,
              !repair.droppedMembers.contains(owner + ".standInDefault") {
      // The one instance the stand-in makes for the type's own static (home-assistant's
      // `XCGLogger.default`, what `Current.Log` is): what a seam returning one returns unasked.
      defaultable.append((owner, isFinalClass ? .finalClass : .openClass, "." + instance))
    }
    (wroteInit, wroteInitTakingNothing) = outerWroteInit
    if identity {
      // Public where the class is (a public protocol's requirement), and named as one member:
      // one the compiler rejects leaves both out next build, with the conformance.
      let access = modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
      memberLines[lines.count + 1] = StandInSource.equalityMember(owner)
      lines.append(inner + access + "nonisolated static func == (lhs: \(name), rhs: \(name)) -> Bool { lhs === rhs }")
      if identityProtocol == "Hashable" {
        memberLines[lines.count + 1] = StandInSource.equalityMember(owner)
        lines.append(inner + access + "nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }")
      }
    }
    if madeOwnInstance {
      // What `static let shared` is made with where the app's own value cannot be: a call the
      // transcript shows, no storage to set up.
      // An actor's init is nonisolated already (and may not say so); a class's must say it
      // where the class is the main actor's.
      lines.append(inner + (keyword == "actor" ? "" : "nonisolated ") + "init(standIn member: String, _ text: String) { StandIn.call(member, text) as Void }")
      madeOwnInstance = false
      ownInstanceName = nil
    }
    if !explicitInits, ["class", "actor"].contains(keyword), attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }) {
      // The stand-in has no storage to set up, so its init need not run on the main actor: a
      // default argument (`purchases: PurchaseManager = PurchaseManager()`) makes one anywhere.
      lines.append(inner + "nonisolated init() {}")
    }
    lines.append(indent + "}")
    (madeOwnInstance, ownInstanceName) = outerOwnInstance
  }

  mutating func extensionBlock(_ node: ExtensionDeclSyntax, name: String) {
    // A value whose storage the stand-in keeps synthesizes these as the app's does.
    let all: Set<String> = ["Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable"]
    // A class's own Equatable and Hashable are at its header; a storageless struct's stay here.
    let synthesized = valueTypes.contains(name) ? []
      : ownEquality.contains(name) && !classNames.contains(name) ? all.subtracting(StandInSource.equalityProtocols) : all
    // An extension's inits are not written (a seam cannot choose an enum's case), so a
    // hand-written `RawRepresentable` there (KeychainAccess's `extension ItemClass:
    // RawRepresentable`, over Security's constants) cannot be met; and a type the compiler
    // rejected for a conformance keeps none, here as at its own header.
    let inherited = repair.plainTypes.contains(name)
      ? "" : inheritance(node.inheritanceClause, keepAll: false, generic: [], dropping: synthesized.union(["RawRepresentable"]))
    lines.append("")
    // An error at an extension's conformance repairs its type as one at the type's own header.
    let header = lines.count + 1
    typeLines[header] = name
    lines.append(Self.access(of: node) + "extension \(name)\(inherited) {")
    for member in node.memberBlock.members {
      // An extension's members are repaired as the type's own are: one the compiler rejected
      // is left out, and every line one writes is its own.
      let memberName = Self.memberName(of: member.decl).map { "\(name).\($0)" }
      if let memberName, repair.droppedMembers.contains(memberName) {
        omitted.append("\(memberName): the compiler rejected it in an earlier build")
        continue
      }
      if ownEquality.contains(name), let omission = Self.ownEqualityOmission(member.decl, owner: name, byIdentity: classNames.contains(name)) {
        omitted.append(omission)
        continue
      }
      let firstLine = lines.count + 1
      if let function = member.decl.as(FunctionDeclSyntax.self) {
        self.function(function, owner: name, generic: [], indent: "  ")
      } else if let variable = member.decl.as(VariableDeclSyntax.self), !Self.isStored(variable) {
        property(variable, owner: name, generic: [], keepsStorage: false, isClass: false, indent: "  ")
      }
      if let memberName, lines.count >= firstLine {
        for line in firstLine...lines.count where memberLines[line] == nil { memberLines[line] = memberName }
      }
    }
    // Nothing left of it (the app's `==` of a stand-in compared by identity): not written.
    if inherited.isEmpty, lines.count == header {
      lines.removeLast(2)
      typeLines[header] = nil
      return
    }
    lines.append("}")
  }

  /// Why a stand-in in `ownEquality` leaves out `decl`, the app's `==`, `hash(into:)` or
  /// `hashValue`; nil for any other member.
  static func ownEqualityOmission(_ decl: DeclSyntax, owner: String, byIdentity: Bool) -> String? {
    let name: String
    if let function = decl.as(FunctionDeclSyntax.self) {
      let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
      guard function.name.text == "==" || (function.name.text == "hash" && labels == ["into"]) else { return nil }
      name = function.name.text
    } else if let variable = decl.as(VariableDeclSyntax.self), variable.bindings.first?.pattern.trimmedDescription == "hashValue" {
      name = "hashValue"
    } else {
      return nil
    }
    return byIdentity
      ? "\(owner).\(name): compared by identity, not the app's `\(name)` (it reads what the stand-in does not keep)"
      : "\(owner).\(name): compared by what the stand-in stores, not the app's `\(name)` (its properties are seams)"
  }

  /// An extension's access (`public `), which its members take: home-assistant's `public
  /// extension ServerManager` gives `serverOrFirstIfAvailable(for:)` to conformers in other
  /// modules (its `FakeServerManager` did not conform to a stand-in whose extension was internal).
  static func access(of node: ExtensionDeclSyntax) -> String {
    node.modifiers.first { ["public", "package"].contains($0.name.text) }.map { $0.name.text + " " } ?? ""
  }

  private func modifiersOf(_ decl: DeclSyntax) -> DeclModifierListSyntax {
    decl.as(ClassDeclSyntax.self)?.modifiers ?? decl.as(StructDeclSyntax.self)?.modifiers ?? decl.as(EnumDeclSyntax.self)?.modifiers
      ?? decl.as(ActorDeclSyntax.self)?.modifiers ?? decl.as(ProtocolDeclSyntax.self)?.modifiers ?? []
  }

  /// Whether `name` is a protocol or a raw type rather than a superclass.
  private func isProtocolOrRaw(_ name: String) -> Bool {
    let protocols: Set<String> = [
      "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable", "Sendable", "Error",
      "LocalizedError", "ObservableObject", "CustomStringConvertible", "CaseIterable", "String", "Int",
    ]
    return protocols.contains(name) || protocolNames.contains(name)
  }

  /// App protocols known to the package (set by the caller through `known`: a name is taken for a
  /// protocol when the app declares it as one).
  var protocolNames: Set<String> = []

  private func inheritance(
    _ clause: InheritanceClauseSyntax?, keepAll: Bool, generic: Set<String>, dropping: Set<String> = [], skipFirst: Bool = false
  ) -> String {
    guard let clause else { return "" }
    let kept = clause.inheritedTypes.enumerated().compactMap { index, element -> String? in
      if skipFirst, index == 0 { return nil }
      let text = element.type.trimmedDescription
      guard !dropping.contains(text), text != "NSObject", exists(element.type, generic: generic) else { return nil }
      return text
    }
    return kept.isEmpty ? "" : ": " + kept.joined(separator: ", ")
  }

  static func isStored(_ node: VariableDeclSyntax) -> Bool {
    node.bindings.allSatisfy { binding in
      guard let accessors = binding.accessorBlock else { return true }
      // `didSet`/`willSet` observe storage.
      if case .accessors(let list) = accessors.accessors {
        return list.allSatisfy { ["didSet", "willSet"].contains($0.accessorSpecifier.text) }
      }
      return false
    }
  }

  /// A member's name as the transcript and `stub` write it: `Owner.name`, or `name` alone for a
  /// global (home-assistant's `Current`).
  static func qualified(_ owner: String, _ name: String) -> String { owner.isEmpty ? name : owner + "." + name }

  mutating func property(
    _ node: VariableDeclSyntax, owner: String, generic: Set<String>, keepsStorage: Bool, isClass: Bool, indent: String, canMakeOwn: Bool = false
  ) {
    let stored = Self.isStored(node)
    let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
    // A value's private storage with no initial value stays, private: the inits copied as
    // written assign it (pocket-casts' `SupportLogsView.init(_:)` sets `@ObservedObject private
    // var viewModel`; without it the init was rejected and the view could not be made at all).
    // One with an initial value is left out: no init needs it, and a view's `@StateObject
    // private var model = Model()` would make a model whenever kept code makes the view.
    let assignedByInits = stored && keepsStorage && !isStatic && node.bindings.allSatisfy { $0.initializer == nil }
    guard !Self.isPrivate(node.modifiers) || assignedByInits else { return }
    for binding in node.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      let name = pattern.identifier.text
      let written = binding.typeAnnotation?.type
      let seamed = repair.seamedMembers.contains(Self.qualified(owner, name))
      // A stored property whose initial value the package can make is kept as written: a
      // `static let shared = Client()` or a `var items: [Item] = []`.
      if stored, !seamed, let value = binding.initializer?.value, copyable(value, generic: generic),
         written.map({ exists($0, generic: generic) && Self.takesLiterals($0, of: value) }) ?? true {
        let keyword = node.bindingSpecifier.text
        let published = node.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Published" }
        lines.append(indent + (published ? "@Published " : "") + Self.attributes(node.attributes) + Self.modifiers(node.modifiers) + "\(keyword) \(name)"
          + (written.map { ": " + $0.trimmedDescription } ?? "") + " = " + value.trimmedDescription)
        copiedMembers.insert(Self.qualified(owner, name))
        copiedValues[Self.qualified(owner, name)] = value.trimmedDescription
        continue
      }
      // Unwritten, the type a value names is its type: `Client(...)`, `Client.shared`.
      let annotation = written ?? binding.initializer.flatMap { Self.namedType(of: $0.value) }.map { TypeSyntax(IdentifierTypeSyntax(name: .identifier($0))) }
      let ownName = owner.split(separator: ".").last.map(String.init)
      if stored, isStatic, canMakeOwn, let annotation, annotation.trimmedDescription == ownName || annotation.trimmedDescription == owner {
        // The type's one instance (`static let shared = IAPHelper(settings: ...)`) whose value
        // cannot be made here: made by the stand-in, and its making shown as a call.
        let member = Self.qualified(owner, name)
        madeOwnInstance = true
        if ownInstanceName == nil { ownInstanceName = name }
        memberLines[lines.count + 1] = member
        lines.append(indent + Self.attributes(node.attributes) + Self.modifiers(node.modifiers, dropping: dropModifiers)
          + "let \(name) = \(owner)(standIn: \(literal(member)), \(literal(name)))")
        declarations.append(.init(member: member, signature: "static let \(name): \(owner)", why: why, hasDefault: true))
        continue
      }
      guard let annotation else {
        omitted.append("\(Self.qualified(owner, name)): its type is not written and its value cannot be made here")
        continue
      }
      guard exists(annotation, generic: generic) else {
        omitted.append("\(Self.qualified(owner, name)): `\(annotation.trimmedDescription)` is a type the package does not have")
        continue
      }
      let type = annotation.trimmedDescription
      if stored, keepsStorage, !isStatic {
        lines.append(indent + Self.modifiers(node.modifiers) + "\(node.bindingSpecifier.text) \(name): \(type)")
        continue
      }
      let member = Self.qualified(owner, name)
      let settable = node.bindingSpecifier.text == "var" && (stored || Self.hasSetter(binding))
      let modifiers = Self.modifiers(node.modifiers, dropping: dropModifiers)
      memberLines[lines.count + 1] = member
      lines.append(indent + Self.attributes(node.attributes) + modifiers + "var \(name): \(type) {")
      let empty = emptyArgument(member, returning: type, in: owner)
      if settable {
        lines.append(indent + "  get { StandIn.call(\(literal(member)), \(literal(name))\(empty)) }")
        lines.append(indent + "  set { StandIn.call(\(literal(member + ".set")), \"\(name) = \\(StandIn.text(newValue))\") as Void }")
        declarations.append(.init(member: member + ".set", signature: "\(name) = newValue", why: why, hasDefault: true))
      } else {
        lines.append(indent + "  StandIn.call(\(literal(member)), \(literal(name))\(empty))")
      }
      lines.append(indent + "}")
      declarations.append(.init(
        member: member, signature: "var \(name): \(type)", why: why, hasDefault: !empty.isEmpty || StandInSource.hasDefault(type), returns: type,
        empty: Self.emptyText(empty)))
    }
  }

  /// The type a value names where its type is not written: `Client(...)`, `Client.init(...)`,
  /// and the one instance of `Client.shared` (`default`, `standard`, `current`, `main`).
  static func namedType(of value: ExprSyntax) -> String? {
    var callee = value
    if let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil { callee = call.calledExpression }
    if let access = callee.as(MemberAccessExprSyntax.self), let base = access.base {
      let member = access.declName.baseName.text
      guard callee.id != value.id ? member == "init" : ["shared", "default", "standard", "current", "main"].contains(member) else { return nil }
      callee = base
    } else if callee.id == value.id {
      return nil
    }
    guard let reference = callee.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
          let first = reference.baseName.text.first, first.isUppercase
    else { return nil }
    return reference.baseName.text
  }

  /// Whether `annotation` takes the string literals `value` writes as the language does, not
  /// through an app's extension (`let url: URL = "https://..."` needs the app's
  /// `ExpressibleByStringLiteral`, which the package may not compile).
  /// A literal passed to a call is the call's parameter's (home-assistant's `Notification.Name =
  /// .init("webViewRelatedSettingDidChange")`, a seam nobody could answer before).
  static func takesLiterals(_ annotation: TypeSyntax, of value: ExprSyntax) -> Bool {
    let literals = value.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .stringQuote || $0.tokenKind == .multilineStringQuote }
    let argument = { (token: TokenSyntax) -> Bool in
      var current = token.parent
      while let node = current, node.id != value.id {
        if node.is(LabeledExprSyntax.self), node.parent?.parent?.is(FunctionCallExprSyntax.self) == true { return true }
        current = node.parent
      }
      return false
    }
    guard literals.contains(where: { !argument($0) }) else { return true }
    let native: Set<String> = ["String", "Substring", "Character", "StaticString", "Array", "Dictionary", "Set", "Optional"]
    return names(in: annotation).types.isSubset(of: native)
  }

  static func hasSetter(_ binding: PatternBindingSyntax) -> Bool {
    guard case .accessors(let list)? = binding.accessorBlock?.accessors else { return false }
    return list.contains { $0.accessorSpecifier.text == "set" }
  }

  mutating func function(_ node: FunctionDeclSyntax, owner: String, generic outer: Set<String>, indent: String) {
    guard !Self.isPrivate(node.modifiers) else { return }
    let generic = outer.union(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
    let name = node.name.text
    let signature = node.signature
    guard exists(signature, generic: generic), node.genericWhereClause.map({ exists($0, generic: generic) }) ?? true else {
      omitted.append("\(Self.qualified(owner, name)): its signature names a type the package does not have")
      return
    }
    if let output = signature.returnClause?.type, output.is(SomeOrAnyTypeSyntax.self), output.trimmedDescription.hasPrefix("some") {
      omitted.append("\(Self.qualified(owner, name)): returns an opaque type")
      return
    }
    let member = Self.qualified(owner, StandInSource.memberWord(name))
    let parameters = parametersText(signature.parameterClause, generic: generic)
    let effects = signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let throwsSpecifier = effects?.throwsClause?.throwsSpecifier.text
    let isThrowing = throwsSpecifier == "throws"
    let returnType = signature.returnClause?.type.trimmedDescription
    let head = indent + Self.attributes(node.attributes) + Self.modifiers(node.modifiers, dropping: dropModifiers) + "func \(name)"
      + (node.genericParameterClause?.trimmedDescription ?? "") + parameters.declaration
      + (isAsync ? " async" : "") + (throwsSpecifier.map { " " + $0 } ?? "")
      + (returnType.map { " -> " + $0 } ?? "") + (node.genericWhereClause.map { " " + $0.trimmedDescription } ?? "")
    // A generic method's return type may name its own parameters: no empty value of it here.
    var empty = node.genericParameterClause == nil ? returnType.map { emptyArgument(member, returning: $0, in: owner) } ?? "" : ""
    if empty.isEmpty, !isAsync, throwsSpecifier == nil, let lookup = Self.stringLookup(signature) { empty = ", empty: " + lookup }
    let call = (isThrowing ? "try " : "") + (isAsync ? "await " : "") + "StandIn.call"
      + (isAsync ? (isThrowing ? "AsyncThrowing" : "Async") : (isThrowing ? "Throwing" : ""))
      + "(\(literal(member)), \"\(name)(\(parameters.shown))\"\(empty))"
    memberLines[lines.count + 1] = member
    lines.append(head + " {")
    lines.append(indent + "  " + call + (returnType == nil ? " as Void" : ""))
    lines.append(indent + "}")
    let written = "func \(name)\(signature.trimmedDescription)"
    if !declarations.contains(where: { $0.member == member }) {
      declarations.append(.init(
        member: member, signature: written, why: why, hasDefault: !empty.isEmpty || StandInSource.hasDefault(returnType), returns: returnType,
        isAsync: isAsync, empty: Self.emptyText(empty)))
    }
  }

  /// For a localized-string lookup (SwiftGen's `tr(_ table: String, _ key: String, _ args:
  /// CVarArg...) -> String`, or any function returning a `String` from a `String` parameter named
  /// `key`), the app's own string its seam returns unanswered: `StandInStrings.localized(table:
  /// table, key: key, arguments: args)`, the table `Localizable` where no parameter names one.
  static func stringLookup(_ signature: FunctionSignatureSyntax) -> String? {
    guard signature.returnClause?.type.trimmedDescription == "String" else { return nil }
    func name(_ parameter: FunctionParameterSyntax) -> String { (parameter.secondName ?? parameter.firstName).text }
    let parameters = Array(signature.parameterClause.parameters)
    let strings = parameters.filter { $0.ellipsis == nil && $0.type.trimmedDescription == "String" }
    guard let key = strings.first(where: { name($0) == "key" }) else { return nil }
    let table = strings.first { name($0) == "table" }.map(name) ?? "\"Localizable\""
    let arguments = parameters.first { $0.ellipsis != nil && $0.type.trimmedDescription == "CVarArg" }.map(name) ?? "[]"
    return "StandInStrings.localized(table: \(table), key: \(name(key)), arguments: \(arguments))"
  }

  mutating func initializer(_ node: InitializerDeclSyntax, owner: String, generic outer: Set<String>, isClass: Bool, indent: String) {
    // A private init with parameters is kept, private: the file's own constants call it
    // (SwiftGen's `static let tint = ColorAsset(name: "tint")` over `fileprivate init(name:)`),
    // and no other file can. A private `init()` is left out, so the class keeps its implicit one.
    let isPrivate = Self.isPrivate(node.modifiers)
    guard !isPrivate || !node.signature.parameterClause.parameters.isEmpty else { return }
    let generic = outer.union(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
    guard exists(node.signature, generic: generic) else {
      if !isPrivate { omitted.append("\(owner).init: its signature names a type the package does not have") }
      return
    }
    let member = "\(owner).init"
    let parameters = parametersText(node.signature.parameterClause, generic: generic)
    let failable = node.optionalMark?.text ?? ""
    let effects = node.signature.effectSpecifiers
    let isAsync = effects?.asyncSpecifier != nil
    let isThrowing = effects?.throwsClause != nil
    // A convenience init of a class must delegate; the stand-in's inits all stand alone.
    // One that takes nothing still makes `Self()` (its call then in the transcript); any other
    // hides the implicit init.
    if !node.signature.parameterClause.parameters.isEmpty || !failable.isEmpty || isAsync || isThrowing { wroteInit = true }
    // One whose every argument has its default copied is called with none too (`XCGLogger()`).
    if failable.isEmpty, !isAsync, !isThrowing, !node.signature.parameterClause.parameters.isEmpty,
       node.signature.parameterClause.parameters.allSatisfy({ $0.defaultValue.map { copyable($0.value, generic: generic) } ?? false }) {
      wroteInitTakingNothing = true
    }
    memberLines[lines.count + 1] = member
    lines.append(indent + Self.attributes(node.attributes) + Self.modifiers(node.modifiers, dropping: ["convenience"]) + "init\(failable)"
      + parameters.declaration + (isAsync ? " async" : "") + (isThrowing ? " throws" : "") + " {")
    lines.append(indent + "  " + (isThrowing ? "try " : "") + (isAsync ? "await " : "")
      + "StandIn.call" + (isAsync ? (isThrowing ? "AsyncThrowing" : "Async") : (isThrowing ? "Throwing" : ""))
      + "(\(literal(member)), \"init(\(parameters.shown))\") as Void")
    lines.append(indent + "}")
    if !declarations.contains(where: { $0.member == member }) {
      declarations.append(.init(member: member, signature: "init\(failable)\(node.signature.trimmedDescription)", why: why, hasDefault: true))
    }
  }

  /// A protocol's requirement, copied where its types exist.
  mutating func requirement(_ decl: DeclSyntax, owner: String, indent: String) {
    if decl.is(AssociatedTypeDeclSyntax.self) {
      lines.append(indent + decl.trimmedDescription)
      if let name = decl.as(AssociatedTypeDeclSyntax.self)?.name.text { known.insert(name) }
      return
    }
    guard decl.is(FunctionDeclSyntax.self) || decl.is(VariableDeclSyntax.self) || decl.is(InitializerDeclSyntax.self) else { return }
    let generic = Set(decl.as(FunctionDeclSyntax.self)?.genericParameterClause?.parameters.map(\.name.text) ?? [])
    if exists(decl, generic: generic) {
      lines.append(indent + decl.trimmedDescription.replacingOccurrences(of: "@objc ", with: "").replacingOccurrences(of: "optional ", with: ""))
    } else {
      omitted.append("\(owner): `\(decl.trimmedDescription.split(separator: "\n").first ?? "")`: a type the package does not have")
    }
  }

  /// The parameter list as declared (defaults kept where they can be made here) and as the
  /// transcript shows a call (`for: \(StandIn.text(user))`).
  private func parametersText(_ clause: FunctionParameterClauseSyntax, generic: Set<String>) -> (declaration: String, shown: String) {
    var declared: [String] = []
    var shown: [String] = []
    for parameter in clause.parameters {
      var text = Self.attributes(parameter.attributes) + parameter.firstName.text
      if let second = parameter.secondName { text += " " + second.text }
      text += ": " + parameter.type.trimmedDescription + (parameter.ellipsis?.text ?? "")
      if let value = parameter.defaultValue?.value, copyable(value, generic: generic) { text += " = " + value.trimmedDescription }
      declared.append(text)
      let local = (parameter.secondName ?? parameter.firstName).text
      let label = parameter.firstName.text == "_" ? "" : parameter.firstName.text + ": "
      let isClosure = parameter.type.trimmedDescription.contains("->")
      shown.append(label + (isClosure ? "{ … }" : local == "_" ? "_" : "\\(StandIn.text(\(local)))"))
    }
    return ("(" + declared.joined(separator: ", ") + ")", shown.joined(separator: ", "))
  }

  private func literal(_ text: String) -> String { "\"" + text + "\"" }
}

/// Collects the type names and lower-case references of a piece of syntax.
private final class NameCollector: SyntaxVisitor {
  init() { super.init(viewMode: .sourceAccurate) }

  var types: Set<String> = []
  var references: Set<String> = []
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    // `@escaping`, `@autoclosure`, `@convention(c)`: the language's words, no type of the
    // package's (every member taking an escaping closure was left out of its stand-in).
    if node.parent?.is(AttributeSyntax.self) == true, node.name.text.first?.isLowercase == true { return .skipChildren }
    types.insert(node.name.text)
    return .visitChildren
  }
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    // `Foo.Bar`: Foo must exist; Bar is Foo's.
    walk(node.baseType)
    if let arguments = node.genericArgumentClause { walk(arguments) }
    return .skipChildren
  }
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if name.first?.isUppercase == true { types.insert(name) } else { references.insert(name) }
    return .visitChildren
  }
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    // `Theme.light`, `.shared`: a type's member; `InfoPlistReader.main.bundleIdentifier` reaches
    // a member of a member, which may live in an extension the package lacks.
    if let base = node.base, base.is(MemberAccessExprSyntax.self) || base.is(FunctionCallExprSyntax.self) { references.insert("{member}") }
    if let base = node.base { walk(base) }
    return .skipChildren
  }
  override func visit(_ node: ExpressionSegmentSyntax) -> SyntaxVisitorContinueKind {
    references.insert("{interpolation}")
    return .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    references.insert("{closure}")
    return .skipChildren
  }
}

/// Questions about a requirement's syntax.
private enum Names {
  /// Whether `node` names `Self` (a requirement a plain class cannot meet as written).
  static func mentionsSelf(_ node: some SyntaxProtocol) -> Bool {
    node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.Self) }
  }
}

extension StandInSource {
  /// Whether a stand-in writes `initializer`: every type its parameters name is one the package
  /// has (`known`, the standard ones, or the type's `generic` parameters), as `exists` decides
  /// for the syntax it copies.
  static func writes(_ initializer: Initializer, known: Set<String>, generic: Set<String>) -> Bool {
    initializer.parameters.allSatisfy { parameter in
      let type = parameter.type.hasSuffix("...") ? String(parameter.type.dropLast(3)) : parameter.type
      let tree = SyntaxTrees.parse("let _: " + type)
      return Writer.names(in: tree).types.allSatisfy { known.contains($0) || standardTypes.contains($0) || generic.contains($0) }
    }
  }
}
