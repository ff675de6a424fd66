/// How `adopt` makes a view-model: an `init` whose parameters all have a value it can write.
///
/// A parameter gets, in this order: its default argument; `nil` when optional; an empty
/// collection; the shared instance of a Foundation type (`URLSession.shared`); a `use` option
/// for a string, number or flag; an app type made the same way; for a protocol, the first type
/// of the app that conforms and can be made, live ones before mocks.
struct FactoryInference {
  struct Made {
    var expression: String
    var options: [String]
  }

  let index: TypeIndex
  /// What the model's simplest `init` lacked, when no `init` could be filled.
  private(set) var missing: [ModelPlan.Missing] = []
  private var options: [String] = []
  private var optionNames: Set<String> = []
  /// Why the model cannot be made when no parameter is to blame.
  private(set) var problem: String?
  /// What the report should say of the choices made (a mock chosen for want of a live client).
  private(set) var notes: [String] = []

  /// Whether adopt can generate a conformance of seams to a protocol (`BooksAPIStandIn`).
  let canSeam: (String) -> Bool
  /// The protocols whose generated conformance the made expression uses.
  private(set) var seams: Set<String> = []
  /// Functions the made expression calls to read an enum `use` option
  /// (`func choice1(_ context: ModelContext) -> SortOrder { switch ... }`), which the registration
  /// declares at file scope (named for its model): a `switch` of hundreds of cases inside the
  /// expression, or inside its closure, made the compiler's type checker take more than 20 GB.
  private(set) var choices: [String] = []
  /// Long lists of an enum option's words (`choiceWords1`), declared apart for the same reason.
  private(set) var wordLists: [[String]] = []
  /// The callback seams the made expression passes (`onSave:`), as stand-in members.
  private(set) var callbacks: [StandInSource.Declaration] = []
  /// Whether an app enum inside a made value is its first case rather than a `use` option: an
  /// action's argument (`argument(_:of:)`), whose command has no `use` options to read.
  private var constantEnums = false

  /// Types of left-out files the package declares as generated stand-ins: a parameter of one
  /// (`reminder: Reminder`, a model value whose file imports Firestore) is made through the
  /// stand-in's init, as for a type the package compiles.
  let standIns: TypeIndex

  init(index: TypeIndex, standIns: TypeIndex = TypeIndex([]), canSeam: @escaping (String) -> Bool = { _ in false }) {
    self.index = index
    self.standIns = standIns
    self.canSeam = canSeam
  }

  static let sharedInstances: [String: String] = [
    "URLSession": "URLSession.shared", "UserDefaults": "UserDefaults.standard",
    "NotificationCenter": "NotificationCenter.default", "FileManager": "FileManager.default",
    "JSONDecoder": "JSONDecoder()", "JSONEncoder": "JSONEncoder()", "Date": "Date()", "UUID": "UUID()", "Data": "Data()",
    "Calendar": "Calendar.current", "Locale": "Locale.current", "TimeZone": "TimeZone.current",
    "DispatchQueue": "DispatchQueue.main", "OperationQueue": "OperationQueue.main",
    "RunLoop": "RunLoop.main", "Bundle": "Bundle.main",
    // Geometry: a size or a point a view passes its model, at zero until an option says otherwise.
    "CGSize": "CGSize.zero", "CGPoint": "CGPoint.zero", "CGRect": "CGRect.zero",
    // The navigation a coordinator-style model pushes onto (pocket-casts' onboarding): vmrepl's
    // UIKit keeps its stack and shows each push, pop, present and dismiss in the transcript.
    "UINavigationController": "UINavigationController(rootViewController: UIViewController())",
    "UIViewController": "UIViewController()",
  ]

  /// `type` made by its simplest `init` that can be filled, or nil (and `missing` says why).
  mutating func construct(
    _ type: DeclaredType, members: Members, depth: Int, optionsFor owner: String?, generics: (written: String, arguments: [String: String])? = nil
  ) -> Made? {
    let saved = (options, optionNames, notes, seams, choices, wordLists, callbacks)
    // A generic type (a base view-model, `ListViewModel<Model>`) has no one type to make, unless
    // the parameter that asks for it names its arguments (`CurrentValuePublisher<String?, Never>`).
    if !type.genericParameters.isEmpty, generics == nil {
      // A base view-model the app makes only through its subclasses or an alias: made with the
      // type arguments the app's code gives it.
      if depth == 0, let chosen = index.instantiation(of: type),
         let made = construct(type, members: members, depth: depth, optionsFor: owner, generics: (chosen.written, chosen.arguments)) {
        notes.append("made as `\(chosen.written)`, with the type arguments \(chosen.by) gives it: a generic type is made with those of its first use in the app's code")
        return made
      }
      if depth == 0, problem == nil {
        problem = "it is generic over \(type.genericParameters.map { "`\($0)`" }.joined(separator: ", ")): adopt cannot choose a type for it"
      }
      return nil
    }
    var initializers = Self.initializers(of: type, members: members)
    if type.kind == .class, members.initializers.isEmpty, let superclass = Self.superclass(of: type, in: index) {
      // A subclass that declares no init inherits its superclass's (IceCubesApp's tab fetchers
      // are made with `AccountTabFetcher`'s `init(accountId:client:isCurrentUser:)`).
      initializers = Self.initializers(of: superclass, members: index.allMembers(of: superclass))
    } else if type.kind == .class, members.initializers.isEmpty, standIns.type(type.name)?.qualifiedName != type.qualifiedName,
              members.properties.contains(where: Self.startsUnset) {
      // A compiled class has the implicit `init()` only where every stored property starts with
      // a value: `Mastodon.Entity.Status`, Codable with `let`s, has none to call. (A stand-in's
      // are seams, so its `init()` is there.)
      initializers = []
    }
    if initializers.isEmpty, type.kind != .protocol, type.kind != .enum {
      // A singleton: its init is private, its one instance a static property.
      let names = ["shared", "default", "standard", "current", "instance"]
      if let shared = members.properties.first(where: {
        $0.isStatic && $0.access >= .internal && names.contains($0.name)
          && ($0.type.map { LinuxSupport.bareName($0) == type.name } ?? true)
      }) {
        if depth == 0 { notes.append("made as `\(type.qualifiedName).\(shared.name)`, its one instance: its init cannot be called from outside") }
        return Made(expression: "\(index.written(type)).\(shared.name)", options: options)
      }
      if depth == 0, problem == nil {
        problem = "it has no init adopt can call (each is private or async) and no `static let shared`"
      }
      return nil
    }
    for initializer in initializers {
      var arguments: [String] = []
      var lacking: [ModelPlan.Missing] = []
      for var parameter in initializer.parameters {
        if let generics { parameter.type = Self.substitute(generics.arguments, in: parameter.type) }
        if parameter.hasDefault {
          // A signed-in user's credentials left to their default (IceCubesApp's `MastodonClient(server:
          // oauthToken: OauthToken? = nil)`): the app's screens run signed in, and code that checks
          // (`guard client.isAuth else { return }`) does nothing without them. Made where adopt can.
          if let credential = credential(parameter, of: type.name, depth: depth, scope: type.qualifiedName) {
            arguments.append((parameter.label.map { "\($0): " } ?? "") + credential)
          }
          continue
        }
        if let value = value(for: parameter, of: type.name, depth: depth, scope: type.qualifiedName) {
          arguments.append((parameter.label.map { "\($0): " } ?? "") + value)
        } else {
          lacking.append(.init(parameter: parameter.name, type: parameter.type))
        }
      }
      if lacking.isEmpty {
        var call = (initializer.isThrowing ? "try " : "") + (generics?.written ?? index.written(type)) + "(" + arguments.joined(separator: ", ") + ")"
        if initializer.isFailable {
          call += "!"
          notes.append("`\(type.qualifiedName)` is made with its failable init, unwrapped: `use` traps if that init returns nil")
        }
        return Made(expression: call, options: options)
      }
      if depth == 0, missing.isEmpty { missing = lacking }
      (options, optionNames, notes, seams, choices, wordLists, callbacks) = saved
    }
    // A value a model takes whose inits adopt cannot fill (home-assistant's `Server(identifier:
    // getter:setter:)`): the app's own factory for its tests and previews, where it has one that
    // asks for nothing (`static func fake(...) -> Server`, every parameter with a default).
    if depth > 0, let factory = members.methods.first(where: { Self.isFakeFactory($0, of: type) }) {
      notes.append("`\(type.qualifiedName)` is made by the app's own `\(type.qualifiedName).\(factory.name)()`, its factory for tests and previews: adopt cannot fill its inits")
      return Made(expression: (factory.isThrowing ? "try " : "") + index.written(type) + "." + factory.name + "()", options: options)
    }
    return nil
  }

  /// Whether `method` is a static factory of `type` for tests and previews that asks for
  /// nothing: `fake`, `mock`, `preview`, `placeholder`, `sample`, `example`, `stub`, `dummy`.
  static func isFakeFactory(_ method: Method, of type: DeclaredType) -> Bool {
    let names = ["fake", "mock", "preview", "placeholder", "sample", "example", "stub", "dummy"]
    guard method.isStatic, !method.isAsync, !method.isGeneric, method.access >= .internal, names.contains(method.name),
          method.parameters.allSatisfy(\.hasDefault), let returned = method.returnType
    else { return false }
    return returned == "Self" || returned == type.name || returned == type.qualifiedName
  }

  /// An object for a model's optional property that its views set (`viewModel.client =
  /// client`): the app's type (or a conformer of its protocol) made as an `init` parameter would
  /// be; nil for a value a command writes (a string, a number) or one adopt cannot make.
  mutating func object(_ type: String, property: String, of owner: String) -> (expression: String, options: [String])? {
    guard WrittenTypes.table[type] == nil, Self.sharedInstances[type] == nil, type != "URL", !type.hasPrefix("["), !type.contains("->"),
          let declared = index.type(LinuxSupport.bareName(type)) ?? standIns.type(LinuxSupport.bareName(type)),
          declared.kind != .enum
    else { return nil }
    let before = (options.count, choices.count, callbacks.count)
    guard let made = value(for: ParameterFacts(label: property, name: property, type: type, hasDefault: false), of: owner, depth: 1) else {
      options.removeSubrange(before.0...)
      choices.removeSubrange(before.1...)
      callbacks.removeSubrange(before.2...)
      return nil
    }
    return (made, options)
  }

  /// A value of the app for an action's parameter (IceCubesApp's `setClient(client:
  /// MastodonClient)`), made as an init's parameter is, whose `use` options become the
  /// action's own parameters (`send setClient server="b.social"`), each with its default; nil
  /// for a type a command writes, a Foundation instance, a type that is not the app's, or a
  /// value adopt cannot make with the action's arguments alone.
  ///
  /// Call it on a `FactoryInference` of the action's own: the option names and the seams,
  /// callbacks and notes it gathers are the action's.
  mutating func argument(_ parameter: ParameterFacts, of owner: String) -> (expression: String, parameters: [String])? {
    var type = parameter.type
    while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
    constantEnums = true
    // A list of the app's values (Scrumdinger's `save(scrums: [DailyScrum])`, `reset(attendees:)`):
    // two elements made alike, as a sample list holds two, so that code reading past the first
    // element runs (a second speaker to skip to).
    if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
      let element = ParameterFacts(label: parameter.label, name: parameter.name, type: String(type.dropFirst().dropLast()), hasDefault: false)
      return argument(element, of: owner).map { ("[" + $0.expression + ", " + $0.expression + "]", $0.parameters) }
    }
    let bare = LinuxSupport.bareName(type)
    guard WrittenTypes.table[type] == nil, Self.sharedInstances[type] == nil, type != "URL", !type.contains("->"), !type.hasPrefix("("),
          !type.hasPrefix("["), !type.contains("<"),
          let declared = index.type(bare, from: owner) ?? standIns.type(bare, from: owner), declared.kind != .enum
    else { return nil }
    let before = (options.count, notes.count)
    let wanted = ParameterFacts(label: parameter.label, name: parameter.name, type: type, hasDefault: false)
    // A failable init's `!` would trap the action; an enum option's reading (`choice1(context)`)
    // reads `use` options, not the action's arguments.
    guard let made = value(for: wanted, of: owner, depth: 1, scope: owner), made != "nil",
          choices.isEmpty, wordLists.isEmpty, !notes[before.1...].contains(where: { $0.contains("failable init") })
    else { return nil }
    let expression = made.replacingOccurrences(of: "context.options.", with: "arguments.")
    guard !expression.contains("context") else { return nil }
    return (expression, Array(options[before.0...]))
  }

  /// A value for a defaulted optional parameter that holds a signed-in user's credentials
  /// (`oauthToken: OauthToken? = nil`, `credentials: Credentials?`), made as any value; nil
  /// where its name says no credential or adopt cannot make one (the default stays).
  private mutating func credential(_ parameter: ParameterFacts, of owner: String, depth: Int, scope: String) -> String? {
    guard Self.isCredential(parameter.name), parameter.type.hasSuffix("?") else { return nil }
    let saved = (options, optionNames, notes, seams, choices, wordLists, callbacks, problem, missing)
    let wrapped = ParameterFacts(label: parameter.label, name: parameter.name, type: String(parameter.type.dropLast()), hasDefault: false)
    if let made = value(for: wrapped, of: owner, depth: depth + 1, scope: scope), made != "nil" {
      notes.append("`\(LinuxSupport.bareName(owner))`'s `\(parameter.name)` is made, not left `nil`: a signed-in user's, so that code checking for one runs")
      return made
    }
    (options, optionNames, notes, seams, choices, wordLists, callbacks, problem, missing) = saved
    return nil
  }

  /// Whether a parameter's name says it holds a user's credentials (`oauthToken`, `accessToken`,
  /// `credentials`), not a page's or a cancellation's token.
  static func isCredential(_ name: String) -> Bool {
    let lower = name.lowercased()
    guard lower.hasSuffix("token") || lower.hasSuffix("credential") || lower.hasSuffix("credentials") else { return false }
    return !["page", "next", "cursor", "cancel", "continuation", "sync", "device", "push", "since"].contains { lower.contains($0) }
  }

  /// A value for one parameter, or nil.
  /// `scope` is the whole name of the type whose init takes it (`NotificationTableViewCell.ViewModel`),
  /// where its bare type names are looked up; `owner` how messages name it.
  private mutating func value(for parameter: ParameterFacts, of owner: String, depth: Int, scope: String? = nil) -> String? {
    let scope = scope ?? owner
    // A type nested in the model, written bare in its init, is qualified in the registration.
    let type = parameter.type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? index.qualified(parameter.type, from: scope) : parameter.type
    if type.hasSuffix("?") || type.hasSuffix("!") {
      // A context or service object the screen's caller passes (mastodon's `appContext:
      // AppContext?`, `authContext: AuthContext?`) is made where adopt can make one with no `use`
      // option: with `nil`, the model's `guard let appContext` returns before any of its code.
      let wrapped = String(type.dropLast())
      let bare = LinuxSupport.bareName(wrapped)
      if depth == 0, (index.type(bare, from: scope) ?? standIns.type(bare, from: scope))?.kind == .class {
        let saved = (options, optionNames, notes, seams, choices, wordLists, callbacks, problem, missing)
        let unwrapped = ParameterFacts(label: parameter.label, name: parameter.name, type: wrapped, hasDefault: false)
        if let made = value(for: unwrapped, of: owner, depth: depth, scope: scope), options.count == saved.0.count {
          notes.append("`\(parameter.name): \(type)` is made, not `nil`, so that the code behind the model's `guard let \(parameter.name)` runs")
          return made
        }
        (options, optionNames, notes, seams, choices, wordLists, callbacks, problem, missing) = saved
      }
      return "nil"
    }
    if type.hasPrefix("[") { return type.contains(":") ? "[:]" : "[]" }
    let member = "\(LinuxSupport.bareName(owner)).\(parameter.name)"
    if let closure = Self.callbackClosure(for: type, member: member, name: parameter.name) {
      // A callback the view hands the model (`onSave:`): the caller is not here, so each call
      // is said, and what the caller would do next is the scenario's to do.
      notes.append("`\(parameter.name)` is a callback seam (`\(member)`): it does nothing but show each call in the transcript, since the app's caller, which passes its own, is not here")
      callbacks.append(.init(
        member: member, signature: "\(parameter.name): \(parameter.type)",
        why: "a callback the app's caller hands `\(owner)`; adopt's closure does nothing", hasDefault: true))
      return closure
    }
    if type.contains("->") || type.hasPrefix("(") { return nil }
    if type.hasPrefix("Binding<"), type.hasSuffix(">") {
      // A value the view owns and lends (`$isPresented`): a constant here, as a preview writes it.
      let wrapped = ParameterFacts(label: nil, name: parameter.name, type: String(type.dropFirst("Binding<".count).dropLast()), hasDefault: false)
      guard let value = value(for: wrapped, of: owner, depth: depth, scope: scope) else { return nil }
      notes.append("`\(parameter.name)` is a constant binding: the view that owns the value is not here")
      return ".constant(\(value))"
    }
    if let shared = Self.sharedInstances[type] { return shared }
    if let subject = subject(type, parameter: parameter, of: owner, depth: depth, scope: scope) { return subject }
    if let option = WrittenTypes.table[type], let initial = option.optionDefault {
      let name = optionName(parameter.name, owner: owner)
      options.append("Parameter(\"\(name)\", \(option.kind), default: \(initial), \"\(owner).init \(parameter.label ?? "_"): \(type)\")")
      return WrittenTypes.read(option, key: "\"\(name)\"", from: "context.options")
    }
    if type == "URL" {
      // A `use` option, as for a string: `use player url=https://...`.
      let name = optionName(parameter.name, owner: owner)
      options.append("Parameter(\"\(name)\", .string, default: .string(\"https://example.com\"), \"\(owner).init \(parameter.label ?? "_"): URL\")")
      return "(URL(string: context.options.string(\"\(name)\")) ?? URL(fileURLWithPath: \"/\"))"
    }
    if let cases = ActionInference.simpleCases(of: type, index: index, owner: scope)
      ?? Self.standInCases(of: type, from: scope, index: index, standIns: standIns) {
      // An enum of the app without payloads: a `use` option of its cases, the first by default;
      // inside an action's argument, its first case.
      if constantEnums { return "\(type).\(cases[0])" }
      let name = optionName(parameter.name, owner: owner)
      let words = wordList(cases.map(Self.word))
      options.append("Parameter(\"\(name)\", .oneOf(\(words)), default: .word(\"\(Self.word(cases[0]))\"), \"\(owner).init \(parameter.label ?? "_"): \(type)\")")
      let arms = cases.dropLast().map { "case \"\(Self.word($0))\": return \(type).\($0)" }
      return choice(of: type, option: name, arms: arms, otherwise: "\(type).\(cases.last!)")
    }
    if let made = payloadCase(of: type, parameter: parameter, owner: owner, depth: depth) { return made }
    guard depth < 4 else { return nil }
    let bare = LinuxSupport.bareName(type)
    // A nested name is looked up from the type that asks (element-x's stood-in FFI classes each
    // declare a `NoHandle`, and `MediaSource(noHandle:)` takes its own, not the first by path).
    if index.type(bare, from: scope) == nil, let standIn = standIns.type(bare, from: scope), [.class, .struct, .actor].contains(standIn.kind) {
      // No sample of a stand-in: its Codable conformance is kept only where its storage is.
      let saved = (options, optionNames, notes, seams, choices, wordLists, callbacks)
      let made = construct(standIn, members: standIns.allMembers(of: standIn), depth: depth + 1, optionsFor: standIn.name)
      // A stood-in class whose every init takes something adopt cannot make (element-x's
      // `LeaveSpaceHandleProxy(spaceID:leaveHandle:)`), or only as a `use` option (the Rust SDK's
      // `Encryption(unsafeFromHandle: UInt64)`, a handle its seams would not keep): made by the
      // init the stand-in writes for its own instance, which sets nothing up.
      let inits = standIns.allMembers(of: standIn).initializers
      if made == nil || options.count != saved.0.count, standIn.kind == .class, standIn.genericParameters.isEmpty, !inits.isEmpty,
         !inits.contains(where: { $0.parameters.allSatisfy(\.hasDefault) && !$0.isFailable && !$0.isThrowing && !$0.isAsync }) {
        (options, optionNames, notes, seams, choices, wordLists, callbacks) = saved
        notes.append("`\(parameter.name): \(type)` is the generated stand-in of `\(bare)` made by its `init(standInDefault:)` (its file cannot build on Linux, and its inits take what adopt cannot make): what its members return is the scenario's to say")
        return standIns.written(standIn) + "(standInDefault: ())"
      }
      guard let made else { return nil }
      notes.append("`\(parameter.name): \(type)` is made by the generated stand-in of `\(bare)` (its file cannot build on Linux): what its members return is the scenario's to say")
      return made.expression
    }
    // A name written whole (`Mastodon.Entity.Account`) is that type, not the first `Account`
    // by path (mastodon's `Mastodon.API.Account`, an empty enum of requests).
    var whole = Substring(type)
    while whole.hasSuffix("?") || whole.hasSuffix("!") { whole = whole.dropLast() }
    let written = whole.contains(".") && !whole.contains("<") ? index.type(written: String(whole)) : nil
    guard let declared = written.flatMap({ $0.qualifiedName == whole ? $0 : nil }) ?? index.type(bare, from: scope)
      ?? standIns.type(bare, from: scope).flatMap({ $0.kind == .protocol ? $0 : nil })
    else {
      // A model's parameter written as a type alias no type answers to (pocket-casts'
      // `typealias SortSetting = Binding<BookmarkSortOption>`, inside the model) is made as the
      // type it stands for. Deeper, a value whose init names an alias stays a sample of its
      // shape (`MastodonAuthentication`'s `identifier: ID`), as it was.
      guard depth == 0, let aliased = index.aliased(parameter.type, from: scope), aliased != parameter.type else { return nil }
      return value(for: ParameterFacts(label: parameter.label, name: parameter.name, type: aliased, hasDefault: parameter.hasDefault), of: owner, depth: depth + 1, scope: scope)
    }
    switch declared.kind {
    case .protocol:
      let conformers = index.conformers(of: bare, declared: declared)
      let makers = conformers.filter { !Self.isStandIn($0.name) } + conformers.filter { Self.isStandIn($0.name) }
      for maker in makers {
        if let made = construct(maker, members: index.allMembers(of: maker), depth: depth + 1, optionsFor: maker.name) {
          if Self.isStandIn(maker.name) {
            notes.append("`\(maker.name)` stands in for `\(bare)`: the app has no live conformer that adopt can make")
          }
          return made.expression
        }
      }
      // A conformer whose file cannot build on Linux, stood in (element-x's Sourcery mocks,
      // `JoinedRoomProxyMock: JoinedRoomProxyProtocol`, in a file that imports AVFoundation):
      // its stand-in keeps the conformance, declared in the protocol's own module, and its
      // members are seams. Mocks first: an app writes them to be made with nothing.
      let stoodIn = standIns.conformers(of: bare).filter { index.type($0.name) == nil && [.class, .struct, .actor].contains($0.kind) }
      for maker in stoodIn.filter({ Self.isStandIn($0.name) }) + stoodIn.filter({ !Self.isStandIn($0.name) }) {
        if let made = construct(maker, members: standIns.allMembers(of: maker), depth: depth + 1, optionsFor: maker.name) {
          notes.append("`\(parameter.name): \(type)` is `\(maker.name)`, the generated stand-in of the app's own conformer (its file cannot build on Linux): what its members return is the scenario's to say")
          return made.expression
        }
      }
      // No conformer adopt can make: a generated one whose every call the scenario answers.
      if canSeam(bare) {
        seams.insert(bare)
        notes.append("`\(parameter.name): \(type)` is `\(StandInSource.seamClassName(bare))()`, generated: each call of it is answered by the scenario (`describe` lists them)")
        return StandInSource.seamClassName(bare) + "()"
      }
      return nil
    case .class, .struct, .actor:
      let arguments = Self.genericArguments(of: String(whole))
      let generics = declared.genericParameters.isEmpty || arguments.count != declared.genericParameters.count
        ? nil : (written: String(whole), arguments: Dictionary(zip(declared.genericParameters, arguments), uniquingKeysWith: { first, _ in first }))
      if let made = construct(declared, members: index.allMembers(of: declared), depth: depth + 1, optionsFor: declared.name, generics: generics) {
        return made.expression
      }
      return sample(of: type, declared: declared, in: index, parameter: parameter, owner: owner)
    case .enum:
      return sample(of: type, declared: declared, in: index, parameter: parameter, owner: owner)
    }
  }

  /// A Combine subject the caller would hand the model (element-x's `passwordPublisher:
  /// PassthroughSubject<String, Never>`): a new one, which nobody but the model sends on, and a
  /// `CurrentValueSubject` holding the value adopt makes of its output; nil for any other type.
  private mutating func subject(_ type: String, parameter: ParameterFacts, of owner: String, depth: Int, scope: String) -> String? {
    let name = type.prefix { $0 != "<" }
    guard name == "PassthroughSubject" || name == "CurrentValueSubject" else { return nil }
    let arguments = Self.genericArguments(of: type)
    guard arguments.count == 2 else { return nil }
    // Inside a value the model is made with (`CurrentValuePublisher(_ subject:)`), said as that.
    let said = depth == 0 ? "`\(parameter.name)`" : "`\(parameter.name)` of `\(owner)`"
    if name == "PassthroughSubject" {
      notes.append("\(said) is a new `\(type)`: nothing sends on it but the model, since the app's caller, which holds it, is not here")
      return "\(type)()"
    }
    let output = ParameterFacts(label: nil, name: parameter.name, type: arguments[0], hasDefault: false)
    guard let value = value(for: output, of: owner, depth: depth + 1, scope: scope) else { return nil }
    notes.append("\(said) is a new `\(type)` holding \(value): its value changes only where the model sends one, since the app's caller, which holds it, is not here")
    return "\(type)(\(value))"
  }

  /// The generic arguments a type is written with: `CurrentValuePublisher<String?, Never>` gives
  /// `String?` and `Never`; nested brackets kept whole (`Result<[Int], Error>`); none without.
  static func genericArguments(of type: String) -> [String] {
    guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return [] }
    var arguments: [String] = []
    var depth = 0
    var current = ""
    for character in type[type.index(after: open)..<type.index(before: type.endIndex)] {
      switch character {
      case "<", "[", "(": depth += 1; current.append(character)
      // A function type's arrow (`(Int) -> Void`) closes nothing.
      case ">" where current.last == "-": current.append(character)
      case ">", "]", ")": depth -= 1; current.append(character)
      case "," where depth == 0:
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      default: current.append(character)
      }
    }
    arguments.append(current.trimmingCharacters(in: .whitespaces))
    return arguments.filter { !$0.isEmpty }
  }

  /// `type` with each generic parameter written as its argument: `CurrentValueSubject<Output,
  /// Failure>` with `Output: String?` and `Failure: Never` is `CurrentValueSubject<String?, Never>`.
  static func substitute(_ arguments: [String: String], in type: String) -> String {
    var result = ""
    var word = ""
    func flush() {
      result += arguments[word] ?? word
      word = ""
    }
    for character in type {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }

  /// The cases of an enum without payloads that only a stand-in declares, where no compiled
  /// type answers to the name: IceCubesApp's `AccountStatusesListView.Mode` (`bookmarks`,
  /// `favorites`), nested in a view left out, which its stand-in keeps with its cases.
  ///
  /// A bare name is a type `scope` can see: a top-level one, or one nested in `scope` or a type
  /// around it. IceCubesApp's `StatusEditor.EditorStore(mode: Mode)` means its own `Mode` (with
  /// payloads, in a left-out file), not `AccountStatusesListView.Mode`: taken for it, the
  /// registration named a type its scope does not see, and did not compile.
  static func standInCases(of type: String, from scope: String, index: TypeIndex, standIns: TypeIndex) -> [String]? {
    let whole = type.contains(".")
    let compiled = whole ? index.type(written: type).flatMap { $0.qualifiedName == type ? $0 : nil } : index.type(type, from: scope)
    guard compiled == nil || !whole && !Self.sees(compiled!, from: scope),
          let declared = whole ? standIns.type(written: type) : standIns.type(type, from: scope),
          whole ? declared.qualifiedName == type : Self.sees(declared, from: scope),
          declared.kind == .enum, !declared.cases.isEmpty, !declared.hasPayloads
    else { return nil }
    return declared.cases
  }

  /// Whether code inside `scope` names `declared` by its bare name: it is top-level, or nested
  /// in `scope` or in a type around it.
  static func sees(_ declared: DeclaredType, from scope: String) -> Bool {
    let parent = declared.parents.joined(separator: ".")
    return parent.isEmpty || scope == parent || scope.hasPrefix(parent + ".")
  }

  /// A model value adopt cannot make from its inits (Mastodon's `MastodonAuthentication`, whose
  /// `identifier: ID` names a type alias; an enum with payloads) but that is `Decodable`: a
  /// sample decoded from its own shape at `use` (empty strings, zero numbers, no optionals, empty
  /// lists), a seam the transcript shows, which the scenario may answer instead; nil otherwise.
  private mutating func sample(of type: String, declared: DeclaredType, in index: TypeIndex, parameter: ParameterFacts, owner: String) -> String? {
    let conformances = (declared.inherited + index.extensions(of: declared).flatMap(\.inherited)).map(LinuxSupport.bareName)
    guard conformances.contains(where: { $0 == "Codable" || $0 == "Decodable" }), declared.genericParameters.isEmpty else { return nil }
    let member = "\(LinuxSupport.bareName(owner)).\(parameter.name)"
    notes.append(
      "`\(parameter.name): \(type)` is a sample, decoded from its own shape (empty strings, zero numbers, no optionals, empty lists): "
        + "adopt cannot call its inits; the transcript shows `\(member)`")
    var declaration = StandInSource.Declaration(
      member: member, signature: "\(parameter.name): \(parameter.type)",
      why: "`\(type)` for `\(owner)`: adopt cannot make one, so it is a sample of its Decodable shape", hasDefault: true)
    declaration.isSample = true
    callbacks.append(declaration)
    let quote = RegistrationWriter.quote
    return "(StandIn.sample(\(quote(member)), \(quote("\(parameter.name): \(type)"))) as \(type))"
  }

  /// A callback seam for a closure parameter returning `Void` (`onSave: (String, Request) ->
  /// Void`): a closure that does nothing but tell the session it was called, with its arguments,
  /// as a generated stand-in's member `member` does; nil for any other type.
  ///
  /// ```swift
  /// { a0, a1 in StandIn.call("Request.onSave", "onSave(\(StandIn.text(a0)), \(StandIn.text(a1)))") as Void }
  /// ```
  static func callbackClosure(for type: String, member: String, name: String) -> String? {
    guard let count = callbackArity(of: type) else { return nil }
    let names = (0..<count).map { "a\($0)" }
    let text = name + "(" + names.map { "\\(StandIn.text(\($0)))" }.joined(separator: ", ") + ")"
    let call = "StandIn.call(\(RegistrationWriter.quote(member)), \"\(text)\") as Void"
    return count == 0 ? "{ \(call) }" : "{ \(names.joined(separator: ", ")) in \(call) }"
  }

  /// How many arguments a closure type returning `Void` takes, or nil for any other type.
  private static func callbackArity(of type: String) -> Int? {
    var text = type.filter { !$0.isWhitespace }
    for attribute in ["@escaping", "@Sendable", "@MainActor"] { text = text.replacingOccurrences(of: attribute, with: "") }
    // `((Relationship) -> Void)`: the parentheses around the whole type.
    while text.hasPrefix("("), text.hasSuffix(")"), Self.closes(text) { text = String(text.dropFirst().dropLast()) }
    // `(String, Int) async throws -> Void`.
    for effect in ["async", "throws", "async"] { text = text.replacingOccurrences(of: ")" + effect, with: ")") }
    guard let arrow = text.range(of: ")->", options: .backwards), text.hasPrefix("("),
          ["Void", "()"].contains(String(text[arrow.upperBound...])),
          Self.closes(String(text[..<text.index(after: arrow.lowerBound)]))
    else { return nil }
    let arguments = String(text[text.index(after: text.startIndex)..<arrow.lowerBound])
    var depth = 0
    var count = arguments.isEmpty ? 0 : 1
    for character in arguments {
      switch character {
      case "(", "<", "[": depth += 1
      case ")", ">", "]": depth -= 1
      case "," where depth == 0: count += 1
      default: break
      }
    }
    return count
  }

  /// Whether the parenthesis `text` opens is the one its last character closes.
  private static func closes(_ text: String) -> Bool {
    var depth = 0
    for (offset, character) in text.enumerated() {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0 { return offset == text.count - 1 }
    }
    return false
  }

  /// An enum of the app with payloads (`AccountsListMode.following(accountId:)`): a `use` option
  /// of the cases adopt can make, the first by default, each payload from options of its own.
  private mutating func payloadCase(of type: String, parameter: ParameterFacts, owner: String, depth: Int) -> String? {
    guard !constantEnums, depth < 4, let declared = index.type(written: type), declared.kind == .enum, declared.hasPayloads,
          declared.payloads.count == declared.cases.count
    else { return nil }
    let saved = (options, optionNames, notes, seams, choices, wordLists, callbacks)
    var arms: [(name: String, value: String)] = []
    // Two cases' `accountId: String` are one option.
    var made: [String: String] = [:]
    for (name, payload) in zip(declared.cases, declared.payloads) {
      var arguments: [String] = []
      for field in payload {
        let key = field.name + ":" + field.type
        guard let value = made[key] ?? value(for: field, of: type, depth: depth + 1) else { break }
        made[key] = value
        arguments.append((field.label.map { "\($0): " } ?? "") + value)
      }
      guard arguments.count == payload.count else { continue }
      arms.append((name, payload.isEmpty ? "\(type).\(name)" : "\(type).\(name)(\(arguments.joined(separator: ", ")))"))
    }
    guard let first = arms.first else {
      (options, optionNames, notes, seams, choices, wordLists, callbacks) = saved
      return nil
    }
    let name = optionName(parameter.name, owner: owner)
    let words = wordList(arms.map { Self.word($0.name) })
    options.append("Parameter(\"\(name)\", .oneOf(\(words)), default: .word(\"\(Self.word(first.name))\"), \"\(owner).init \(parameter.label ?? "_"): \(type)\")")
    let cases = arms.dropFirst().map { "case \"\(Self.word($0.name))\": return \($0.value)" }
    return choice(of: type, option: name, arms: cases, otherwise: first.value)
  }

  /// An option's words as the registration writes them: a literal list, or for a long one (an
  /// analytics event's hundreds of cases) the name of a list declared apart, `choiceWords1`.
  private mutating func wordList(_ words: [String]) -> String {
    guard words.count > Self.longList else { return "[" + words.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
    wordLists.append(words)
    return "choiceWords\(wordLists.count)"
  }

  /// How many words an option's list holds before it is declared apart.
  static let longList = 16

  /// The word a `use` option takes for an enum case: `default` for `` `default` ``, a keyword
  /// the declaration quotes.
  static func word(_ name: String) -> String { name.replacingOccurrences(of: "`", with: "") }

  /// A call of a new function of `choices` that reads the `use` option `option` into a `type`
  /// by `arms` (`case "newest": return SortOrder.newest`), `otherwise` for any other word.
  private mutating func choice(of type: String, option: String, arms: [String], otherwise: String) -> String {
    let function = "choice\(choices.count + 1)"
    let body = (arms + ["default: return \(otherwise)"]).joined(separator: "; ")
    choices.append("@MainActor private func \(function)(_ context: ModelContext) -> \(type) { switch context.options.string(\"\(option)\") { \(body) } }")
    return "\(function)(context)"
  }

  /// A `use` option's name for a parameter: its own, or prefixed with its type where two share it.
  private mutating func optionName(_ parameter: String, owner: String) -> String {
    var name = parameter
    if optionNames.contains(name) { name = ModelPlan.lowerFirst(owner) + ModelPlan.upperFirst(name) }
    optionNames.insert(name)
    return name
  }

  /// Whether a type's name says it stands in for the live one (`MockNewsService`, `PreviewStore`).
  static func isStandIn(_ name: String) -> Bool {
    ["Mock", "Fake", "Stub", "Dummy", "Preview", "Spy"].contains { name.contains($0) } || name.hasPrefix("Test")
  }

  /// The initialisers `adopt` may call, fewest parameters to fill first; a struct without one
  /// has its memberwise `init`, a class its `init()`.
  /// The app's class `type` inherits from, followed up to the first that declares an init.
  static func superclass(of type: DeclaredType, in index: TypeIndex) -> DeclaredType? {
    var current = type
    var seen: Set<String> = [type.name]
    while let first = current.inherited.first.map(LinuxSupport.bareName), !seen.contains(first),
          let parent = index.type(first), parent.kind == .class {
      if !index.allMembers(of: parent).initializers.isEmpty { return parent }
      seen.insert(first)
      current = parent
    }
    return nil
  }

  /// A stored instance property with no initial value (an optional `var` starts as `nil`).
  static func startsUnset(_ property: Property) -> Bool {
    !property.isStatic && !property.isComputed && !property.hasInitialValue
      && !(property.isVar && (property.type?.hasSuffix("?") ?? false))
  }

  static func initializers(of type: DeclaredType, members: Members) -> [Initializer] {
    guard type.kind != .protocol, type.kind != .enum else { return [] }
    // A failable init is tried last, where no other can be called (Mastodon's `AuthContext`,
    // whose one callable init is `convenience init?(authentication:)`): the registration unwraps it.
    let declared = members.initializers.filter { $0.access >= .internal && !$0.isAsync }
    // A struct whose own body declares no init keeps its memberwise one beside those its
    // extensions declare (element-x's `RoomPermissions`, with `init(powerLevels:)` in an extension).
    let memberwise: [Initializer] = type.kind == .struct && type.members.initializers.isEmpty
      ? [Initializer(parameters: members.properties.filter { !$0.isStatic && !$0.isComputed && !($0.hasInitialValue && !$0.isVar) }.map {
          ParameterFacts(label: $0.name, name: $0.name, type: $0.type ?? "?unknown", hasDefault: $0.hasInitialValue)
        })]
      : []
    if !declared.isEmpty {
      return declared.enumerated().sorted {
        if $0.element.isFailable != $1.element.isFailable { return !$0.element.isFailable }
        let left = $0.element.parameters.filter { !$0.hasDefault }.count
        let right = $1.element.parameters.filter { !$0.hasDefault }.count
        return left == right ? $0.offset < $1.offset : left < right
      }.map(\.element) + memberwise
    }
    if !members.initializers.isEmpty { return memberwise }
    guard type.kind == .struct else { return [Initializer(parameters: [])] }
    return memberwise
  }
}
