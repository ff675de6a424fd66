/// A value of an app's own type made of empty parts, for a seam that returns one when nobody
/// answered: pocket-casts' `PlusPricingInfoModel.getPricingInfo()` (its body reads StoreKit
/// prices) returns a `PlusPricingInfo(products: [])`, a memberwise struct that is not Decodable,
/// which no `stub` could make; without it every model whose `init` calls it trapped at `use`.
///
/// Parts are what `StandIn.empty()` makes: `nil`, empty collections and strings, `false`, zero,
/// an enum's first case, and structs of such parts in turn, an enum with payloads by its first
/// case such parts make, the app's mock of a protocol; a generic struct written with its
/// arguments (element-x's `CurrentValuePublisher<SessionVerificationState, Never>`) by the init
/// that takes a value of them; Foundation's values as `StandInSample` makes them (the reference
/// date, `https://example.com`, an empty attributed string: element-x's
/// `MediaUploadPreviewScreenBindings(caption:)`); an app class by its init of such parts (a
/// stood-in class's part its one instance), one object for every seam (`StandIn.once`). A type
/// whose init needs anything else (a closure, a generic class) gets none: its seam waits for an
/// answer as before.
struct EmptyValues {
  let index: TypeIndex
  /// The stood-in types, whose mocks may be parts too (`RoomInfoProxyMock()` for the
  /// `RoomInfoProxyProtocol` of a `CurrentValuePublisher<RoomInfoProxyProtocol, Never>`).
  var standIns = TypeIndex([])

  /// Whether an app class is made too (`StandIn.once`): a stand-in's or a body seam's value,
  /// not a `Result`'s success a registration writes (`generatedEmpties`).
  var makesObjects = false

  /// How deep structs of structs are followed.
  static let depthLimit = 3

  /// The expression of an empty `type` (as written inside `owner`), or nil.
  ///
  /// ```swift
  /// EmptyValues(index: index).expression(for: "PlusPricingInfo", from: "PlusPricingInfoModel")
  /// // "PlusPricingInfoModel.PlusPricingInfo(products: StandIn.empty())"
  /// ```
  func expression(for type: String, from owner: String) -> String? {
    if let declared = appEnum(type, from: owner) { return payloadCase(of: declared, depth: 0) }
    // A stood-in enum with payloads (the Rust SDK's `MembershipState`, whose last case is
    // `custom(value:)`): no runtime placeholder makes one, so its first plain case does.
    if let plain = standInCase(type, from: owner) { return plain }
    if makesObjects, let declared = appClass(type, from: owner) { return object(declared, depth: 0) }
    guard let (declared, generics) = appStruct(type, from: owner) else { return nil }
    return construct(declared, generics: generics, depth: 0)
  }

  /// One of the app's compiled classes `type` names, seen from `owner`: not generic.
  private func appClass(_ type: String, from owner: String) -> DeclaredType? {
    guard let written = Self.plainName(type),
          let declared = written.contains(".") ? index.type(written: written) : seen(written, from: owner, in: index),
          declared.kind == .class, declared.genericParameters.isEmpty, !isMainActor(declared)
    else { return nil }
    return declared
  }

  /// Whether `declared` or a class it inherits from is `@MainActor`: its init cannot be called
  /// from a seam that is not (Standup's `ScrumTimer`, read by a nonisolated getter), so no
  /// object of it is made there.
  private func isMainActor(_ declared: DeclaredType) -> Bool {
    var current: DeclaredType? = declared
    for _ in 0..<5 {
      guard let type = current else { return false }
      if type.attributes.contains("MainActor") { return true }
      current = type.inherited.first.flatMap { index.type(LinuxSupport.bareName($0), from: type.qualifiedName) }.flatMap { $0.kind == .class ? $0 : nil }
    }
    return false
  }

  /// `StandIn.once(Name(label: part, ...))`: the one object of an app class its seams return
  /// unanswered (mastodon's `EmojiService(apiService:authenticationService:)`, over stood-in
  /// services), made by the init that needs the fewest arguments, each an empty part.
  private func object(_ declared: DeclaredType, depth: Int) -> String? {
    construct(declared, generics: nil, depth: depth, inObject: true).map { "StandIn.once(" + $0 + ")" }
  }

  /// How a generated file that imports the app's modules and the stood-in ones names
  /// `declared`: after its module where the other index declares a top-level type of its name
  /// too (element-x declares a `SearchUsersResults` of its own, and the Rust SDK's stand-in one:
  /// a bare `SearchUsersResults(results:limited:)` is ambiguous there); else as its index writes it.
  func written(_ declared: DeclaredType) -> String {
    let (own, other) = index.holds(declared) ? (index, standIns) : (standIns, index)
    let plain = own.written(declared)
    guard plain == declared.qualifiedName, let twin = other.type(declared.name), twin.isTopLevel, twin != declared,
          let qualified = own.moduleQualified(declared)
    else { return plain }
    return qualified
  }

  /// The name `type` is written by in a generated file (`written(_:)`) where it is an app
  /// struct or enum with no generic parameters; else `type` as it is.
  func writtenName(of type: String, from owner: String) -> String {
    guard let name = Self.plainName(type),
          let declared = (name.contains(".") ? index.type(written: name) : seen(name, from: owner, in: index))
            ?? (name.contains(".") ? standIns.type(written: name) : seen(name, from: owner, in: standIns)),
          declared.genericParameters.isEmpty, [.struct, .enum].contains(declared.kind)
    else { return type }
    return written(declared)
  }

  /// `seam` returning an empty value of its app type when nobody answers, where its return
  /// type has no default of its own and is one `expression(for:from:)` can make.
  /// A body seam (`{ StandIn.call(...) }`) or an init's value seam (`StandIn.call(...)` typed
  /// by its property: pocket-casts' `tags = SupportLogsDisplayItem(...)`), not a statement's.
  func filling(_ seam: Adoption.BodySeam) -> Adoption.BodySeam {
    // An argument of `super.init(initialViewState: appHooks.roomScreenHook.update(viewState))`
    // (element-x's `RoomScreenViewModel`) says no type: the parameter it is passed for does.
    var seam = seam
    if seam.isStatement, seam.declaration.returns == nil, let type = delegatedParameterType(of: seam.declaration.member) {
      seam.declaration.returns = type
    }
    let end = seam.isStatement ? ")" : ") }"
    let owner = Self.owner(of: seam.declaration.member)
    guard !seam.declaration.hasDefault, let returns = seam.declaration.returns, seam.text.hasSuffix(end),
          !seam.text.hasSuffix(" as Void"),
          let value = expression(for: returns, from: owner) ?? sample(for: returns, from: owner) ?? mock(of: returns, standIns: standIns)
            ?? Self.closure(for: returns, result: { expression(for: $0, from: owner) ?? mock(of: $0, standIns: standIns) })
    else { return seam }
    var filled = seam
    filled.text = String(seam.text.dropLast(end.count)) + ", empty: " + value + end
    filled.empty = value
    filled.declaration.hasDefault = true
    return filled
  }

  /// The type of the parameter an init's argument seam (`RoomScreenViewModel.init.initialViewState`)
  /// is passed for: the superclass's init's, its generic parameters read as the class inherits
  /// it (`StateStoreViewModelV2<RoomScreenViewState, RoomScreenViewAction>`), else the type's
  /// own (a `self.init`). Nil where no init has that label.
  func delegatedParameterType(of member: String) -> String? {
    let parts = member.split(separator: ".").map(String.init)
    guard parts.count >= 3, parts[parts.count - 2] == "init", let label = parts.last, !label.hasPrefix("argument") else { return nil }
    let ownerName = parts.dropLast(2).joined(separator: ".")
    guard let owner = index.type(written: ownerName) ?? index.type(ownerName), owner.kind == .class else { return nil }
    func labelled(_ type: DeclaredType, _ arguments: [String: String]) -> String? {
      for initializer in index.allMembers(of: type).initializers {
        if let parameter = initializer.parameters.first(where: { $0.label == label }) {
          return FactoryInference.substitute(arguments, in: parameter.type)
        }
      }
      return nil
    }
    // Written as a type alias (element-x's `RoomScreenViewModelType`), the alias's text.
    if let first = owner.inherited.first {
      let inherited = index.aliased(first.filter { !$0.isWhitespace }, from: owner.qualifiedName) ?? first
      let base = String(inherited.prefix { $0 != "<" }).filter { !$0.isWhitespace }
      if let parent = index.type(base, from: owner.qualifiedName), parent.kind == .class {
        let arguments = FactoryInference.genericArguments(of: inherited.filter { !$0.isWhitespace })
        let map = Dictionary(zip(parent.genericParameters, arguments), uniquingKeysWith: { first, _ in first })
        if let type = labelled(parent, map) { return type }
      }
    }
    return labelled(owner, [:])
  }

  /// The type a seam's member is in: `SupportLogsViewModel` of `SupportLogsViewModel.init.tags`.
  static func owner(of member: String) -> String {
    var parts = member.split(separator: ".").map(String.init)
    if parts.count > 1 { parts.removeLast() }
    if parts.count > 1, parts.last == "init" { parts.removeLast() }
    return parts.joined(separator: ".")
  }

  /// A part of an empty value: `StandIn.empty()` where the runtime has the type's empty value,
  /// else an app struct made of empty parts.
  /// `inObject`: a part of a class's init, which may be an object too (an enum's payload or a
  /// struct's field is not: a value made of objects made up would be more than empty).
  private func part(_ type: String, from owner: String, depth: Int, inObject: Bool = false) -> String? {
    let written = type.filter { !$0.isWhitespace }
    if Self.runtimeEmpty(written) { return "StandIn.empty()" }
    if let value = Self.foundationValues[written] { return value }
    // A color, an image or a gradient: AppleCompat's placeholder (pocket-casts' `UpgradeTier`
    // holds a `Color` and a `RadialGradient`), unless the app declares a type of that name.
    if Self.appearanceTypes.contains(written), index.type(written) == nil, standIns.type(written) == nil { return "StandIn.empty()" }
    // A stood-in enum too (element-x's `SessionVerificationState`, in `ClientProxyProtocol.swift`,
    // which imports the Rust SDK): its stand-in keeps its cases.
    let bare = LinuxSupport.bareName(written)
    if let declared = index.type(bare, from: owner) ?? standIns.type(bare, from: owner), declared.kind == .enum,
       !declared.hasPayloads, !declared.cases.isEmpty, declared.genericParameters.isEmpty {
      return "StandIn.empty()"
    }
    if depth < Self.depthLimit, let declared = appEnum(written, from: owner) { return payloadCase(of: declared, depth: depth + 1) }
    if let plain = standInCase(written, from: owner) { return plain }
    if depth < Self.depthLimit, let (declared, generics) = appStruct(written, from: owner) {
      return construct(declared, generics: generics, depth: depth + 1)
    }
    // A stood-in class has one instance of its own (`StandInDefault`, `StandInObject`), which
    // `StandIn.empty()` returns (mastodon's `APIService`, stood in for its Core Data).
    if inObject, let name = Self.plainName(written), seen(name, from: owner, in: index) == nil,
       let declared = seen(name, from: owner, in: standIns), declared.kind == .class, declared.genericParameters.isEmpty {
      return "StandIn.empty()"
    }
    if inObject, depth < Self.depthLimit, let declared = appClass(written, from: owner) { return object(declared, depth: depth + 1) }
    return mock(of: written, standIns: standIns)
  }

  /// The app's enum with payloads `type` names, seen from `owner` (one without payloads is
  /// `StandIn.empty()`'s, or a starter's to name).
  private func appEnum(_ type: String, from owner: String, in types: TypeIndex? = nil) -> DeclaredType? {
    let types = types ?? index
    guard let written = Self.plainName(type),
          let declared = written.contains(".") ? types.type(written: written) : seen(written, from: owner, in: types),
          declared.kind == .enum, declared.hasPayloads, declared.genericParameters.isEmpty,
          declared.payloads.count == declared.cases.count
    else { return nil }
    return declared
  }

  /// A stood-in enum with payloads' first case that carries none (element-x's
  /// `KnockRequestsState.loading`, beside `loaded([KnockRequestProxyProtocol])`): a stand-in
  /// keeps every such case, not always one whose payload names what the package lacks.
  private func standInCase(_ type: String, from owner: String) -> String? {
    guard let written = Self.plainName(type), seen(written, from: owner, in: index) == nil,
          let declared = appEnum(written, from: owner, in: standIns),
          let plain = zip(declared.cases, declared.payloads).first(where: { $0.1.isEmpty })?.0
    else { return nil }
    return self.written(declared) + "." + plain
  }

  /// The type a bare `name` means in `types`, seen from `owner`: one nested in another type only
  /// where `owner` is inside that type. (element-x's stood-in SDK struct `SpaceRoom` has a
  /// `roomType: RoomType`, the SDK's; the app's `HomeScreenRoom.RoomType` was taken for it, and
  /// the value the compiler then refused left `spaceScreen`'s starter unanswered.)
  private func seen(_ name: String, from owner: String, in types: TypeIndex) -> DeclaredType? {
    guard let declared = types.type(name, from: owner) else { return nil }
    guard !declared.isTopLevel, !declared.parents.isEmpty else { return declared }
    let parent = declared.parents.joined(separator: ".")
    return owner == parent || owner.hasPrefix(parent + ".") ? declared : nil
  }

  /// `type` without spaces, where it is a name (`Screen`, `Onboarding.Screen`), not an optional,
  /// a collection, a generic or a function type; nil otherwise.
  private static func plainName(_ type: String) -> String? {
    let written = type.filter { !$0.isWhitespace }
    guard !written.isEmpty, written.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
    return written
  }

  /// An enum's first case that can be made: one without a payload, or with a payload of empty
  /// parts (element-x's `LeaveSpaceHandleProxy.Mode.manyRooms`, whose last case carries a
  /// `Bool`; a `.spaceNeedsNewOwner(useTransferOwnershipFlow: StandIn.empty())` were it first).
  private func payloadCase(of declared: DeclaredType, depth: Int) -> String? {
    let enumName = written(declared)
    for (name, payload) in zip(declared.cases, declared.payloads) {
      var arguments: [String] = []
      for field in payload {
        guard let value = part(field.type, from: declared.qualifiedName, depth: depth) else { break }
        arguments.append((field.label.map { $0 + ": " } ?? "") + value)
      }
      guard arguments.count == payload.count else { continue }
      return enumName + "." + name + (payload.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
    }
    return nil
  }

  /// A generic struct as written with its arguments: the text, and each parameter's argument.
  typealias Generics = (written: String, arguments: [String: String])

  /// `Name(label: part, ...)` by the init that needs the fewest arguments, every one of them
  /// an empty part; nil when no init can be called so.
  private func construct(_ declared: DeclaredType, generics: Generics?, depth: Int, inObject: Bool = false) -> String? {
    // A stood-in struct keeps its storage and the inits whose types the package has (element-x's
    // `UserProfile(userID:)`, its file importing the Rust SDK): made by one of those as well.
    let members = index.holds(declared) ? index.allMembers(of: declared) : standIns.allMembers(of: declared)
    let initializers = FactoryInference.initializers(of: declared, members: members)
    for initializer in initializers where !initializer.isFailable && !initializer.isThrowing && !initializer.isAsync {
      var arguments: [String] = []
      var fits = true
      for parameter in initializer.parameters where !parameter.hasDefault {
        let type = generics.map { FactoryInference.substitute($0.arguments, in: parameter.type) } ?? parameter.type
        guard var value = part(type, from: declared.qualifiedName, depth: depth, inObject: inObject) else {
          fits = false
          break
        }
        // A generic's inits often differ only in their parameter's type (`init(_ subject:
        // CurrentValueSubject<Output, Failure>)`, `init(_ value: Output)`): the part says its type.
        if generics != nil, type != parameter.type, value == "StandIn.empty()" { value = "StandIn.empty() as \(type)" }
        arguments.append((parameter.label.map { $0 + ": " } ?? "") + value)
      }
      if fits { return (generics?.written ?? written(declared)) + "(" + arguments.joined(separator: ", ") + ")" }
    }
    return nil
  }

  /// The app's struct `type` names, seen from `owner`: a non-generic one, or a generic one
  /// written with as many arguments as it has parameters.
  private func appStruct(_ type: String, from owner: String) -> (DeclaredType, Generics?)? {
    let written = type.filter { !$0.isWhitespace }
    let name = String(written.prefix { $0 != "<" })
    // An array is no struct of the app; one among a generic's arguments is an argument.
    guard !name.contains("["), !written.hasSuffix("?"), !written.hasSuffix("!"),
          let declared = (name.contains(".") ? index.type(written: name) : seen(name, from: owner, in: index))
            ?? (name.contains(".") ? standIns.type(written: name) : seen(name, from: owner, in: standIns)),
          declared.kind == .struct
    else { return nil }
    guard name != written else { return declared.genericParameters.isEmpty ? (declared, nil) : nil }
    let arguments = FactoryInference.genericArguments(of: type)
    guard !declared.genericParameters.isEmpty, arguments.count == declared.genericParameters.count,
          written.hasSuffix(">"), !arguments.contains(where: { $0.isEmpty })
    else { return nil }
    return (declared, (type.trimmingCharacters(in: .whitespaces), Dictionary(zip(declared.genericParameters, arguments), uniquingKeysWith: { first, _ in first })))
  }

  /// For a seam returning one of the app's `Decodable` types that `expression(for:from:)`
  /// cannot make of empty parts (home-assistant's `ServerInfo.fake()`, whose init takes a
  /// `TokenInfo` with a `Date`), a value decoded from the type's own shape at run time
  /// (`StandIn.shapeSample(ServerInfo.self)`: empty strings, zero numbers, no optionals, the
  /// reference date, as `StandInSample` makes a model value); nil for any other type, an enum
  /// among them (a starter answers that with its first case, in the open).
  func sample(for type: String, from owner: String) -> String? {
    guard let written = Self.plainName(type),
          let declared = written.contains(".") ? index.type(written: written) : seen(written, from: owner, in: index),
          [.struct, .class].contains(declared.kind), declared.genericParameters.isEmpty
    else { return nil }
    let conformances = (declared.inherited + index.extensions(of: declared).flatMap(\.inherited)).map(LinuxSupport.bareName)
    guard conformances.contains("Codable") || conformances.contains("Decodable") else { return nil }
    return "StandIn.shapeSample(\(written).self)"
  }

  /// For a seam returning a protocol of the app (element-x's Sourcery mocks'
  /// `secureBackupController: SecureBackupControllerProtocol`), the app's own mock of it, made
  /// with no argument (`SecureBackupControllerMock()`), from the compiled types or the stood-in
  /// ones (`standIns`); nil where the app has none. A class whose every init takes arguments
  /// is no candidate.
  func mock(of type: String, standIns: TypeIndex) -> String? {
    var written = Substring(type.filter { !$0.isWhitespace })
    for prefix in ["any", "some"] where written.hasPrefix(prefix) { written = written.dropFirst(prefix.count) }
    let name = String(written)
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
          let declared = index.type(LinuxSupport.bareName(name)) ?? standIns.type(LinuxSupport.bareName(name)), declared.kind == .protocol
    else { return nil }
    let bare = LinuxSupport.bareName(name)
    let candidates = (standIns.conformers(of: bare) + index.conformers(of: bare)).filter { conformer in
      [.class, .struct].contains(conformer.kind) && conformer.genericParameters.isEmpty && FactoryInference.isStandIn(conformer.name)
    }
    for conformer in candidates.filter({ $0.name.hasSuffix("Mock") }) + candidates.filter({ !$0.name.hasSuffix("Mock") }) {
      let members = standIns.type(conformer.name)?.qualifiedName == conformer.qualifiedName ? standIns.allMembers(of: conformer) : index.allMembers(of: conformer)
      // A class's convenience inits (in its extensions: element-x's `RoomInfoProxyMock(_
      // configuration:)`) leave it the `init()` it has of no designated one.
      let designated = members.initializers.filter { conformer.kind != .class || !$0.isConvenience }
      let callable = designated.isEmpty || designated.contains { initializer in
        initializer.access >= .internal && !initializer.isFailable && !initializer.isThrowing && !initializer.isAsync
          && initializer.parameters.allSatisfy(\.hasDefault)
      }
      if callable { return conformer.qualifiedName + "()" }
    }
    return nil
  }

  /// The protocol `type` names where it is a plain name, `any` or `some` one (`any
  /// PHGPostHogProtocol`), without its module; nil for an optional, a collection, a generic.
  static func protocolName(_ type: String) -> String? {
    var written = Substring(type.filter { !$0.isWhitespace })
    for prefix in ["any", "some"] where written.hasPrefix(prefix) { written = written.dropFirst(prefix.count) }
    guard let name = plainName(String(written)) else { return nil }
    return LinuxSupport.bareName(name)
  }

  /// Foundation's values that are parts, as `StandInSample` makes them at run time: the same in
  /// every time zone and on every machine.
  static let foundationValues: [String: String] = [
    "Date": "Date(timeIntervalSinceReferenceDate: 0)",
    "URL": #"URL(string: "https://example.com")!"#,
    "UUID": #"UUID(uuidString: "00000000-0000-0000-0000-000000000000")!"#,
    "Data": "Data()",
    "Decimal": "Decimal(0)",
    "NSAttributedString": #"NSAttributedString(string: "")"#,
    "NSMutableAttributedString": #"NSMutableAttributedString(string: "")"#,
    "AttributedString": "AttributedString()",
    "NSRange": "NSRange(location: 0, length: 0)",
  ]

  /// AppleCompat's values with a placeholder as their default (`StandInDefault`).
  static let appearanceTypes: Set<String> = [
    "Color", "Image", "UIColor", "UIImage", "SwiftUI.Color", "SwiftUI.Image", "Gradient", "LinearGradient", "RadialGradient", "AngularGradient",
  ]

  /// Types whose empty value `StandIn.empty()` makes at run time (`StandInDefault`, or the
  /// zero a placeholder is): optionals, collections, strings, `Bool` and the numbers.
  static func runtimeEmpty(_ written: String) -> Bool {
    if written.hasSuffix("?") || written.hasSuffix("!") { return true }
    if written.hasPrefix("[") && written.hasSuffix("]") { return true }
    if ["Optional<", "Array<", "Set<", "Dictionary<"].contains(where: { written.hasPrefix($0) }) { return true }
    return ["String", "Substring", "Bool", "Int", "Double", "Float", "CGFloat", "Int64", "Int32", "UInt", "UInt64", "UInt32", "TimeInterval"]
      .contains(written)
  }
}
