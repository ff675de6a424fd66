/// What `adopt` knows of one Swift file of an app, read from its syntax alone.
struct SourceFacts: Sendable, Equatable {
  /// The file's path relative to the app's folder, with `/` between components.
  var path: String
  /// Modules the file imports, in the order written.
  var imports: [String] = []
  /// Every type the file declares, nested ones included.
  var types: [DeclaredType] = []
  /// Every `extension` in the file.
  var extensions: [ExtensionFacts] = []
  /// Its type aliases without generic parameters, by whole name (`BookmarkListViewModel.SortSetting`):
  /// the type each stands for, as written (`Binding<BookmarkSortOption>`).
  var typeAliases: [String: String] = [:]
  /// Capitalised names the file mentions (types, and calls of initialisers and static members):
  /// what it may need from other files.
  var mentions: Set<String> = []
  /// The enclosing types and extensions (`Mastodon.Entity`; empty at file scope) each bare
  /// mention is written in: `NestedNames` resolves one that names a nested type.
  var scopes: [String: Set<String>] = [:]
  /// Modules it imports only inside `#if` clauses Linux does not take (`#if canImport(Network)`):
  /// no reason it cannot build on Linux.
  var importsLinuxSkips: Set<String> = []
  /// Modules it re-exports (`@_exported import HANetworking`) where Linux compiles the import:
  /// every file that imports the file's module sees their types, so the file is compiled with
  /// its module, whatever else it declares.
  var exportedImports: [String] = []
  /// Modules it imports from third-party packages the app pins (`SwiftSoup`).
  var packageImports: [String] = []
  /// Whether the app's Xcode project's app target compiles the file; nil when no project was read.
  var inProject: Bool?
  /// The app target that does not compile the file, when the project says so.
  var outsideTarget: String?
  /// Whether it is a file of a third-party package compiled from its sources (`vendored/`).
  var isVendored = false
  /// The local package module the file belongs to; nil for the app's own files.
  var module: String?
  /// Lower-case names the file refers to (`colorsTabIconInactive`, `formatted(_:)`): what it may
  /// need of another file's global constants and functions.
  var references: Set<String> = []
  /// The global constants, variables and functions it declares at file scope.
  var globals: Set<String> = []
  /// Where the file writes `@objc` or `@objcMembers` (UTF-8 offsets): blanked out in a filtered copy.
  var objcAttributes: [Range<Int>] = []
  /// The submodule parts of imports (`.log` of `import os.log`): blanked out in a filtered copy.
  var submoduleImports: [Range<Int>] = []
  /// Its imports of Apple frameworks with no Linux version (`import NaturalLanguage`): a
  /// view-model's own file is compiled without them, what needs them a seam as the compiler finds it.
  var appleImports: [AppleImport] = []

  /// An import of an Apple framework Linux lacks, and its UTF-8 offsets.
  struct AppleImport: Sendable, Equatable {
    var module: String
    var range: Range<Int>
  }
  /// Where a type's `private` or `fileprivate` is written (UTF-8 offsets), by qualified name: a
  /// filtered copy leaves the word out of a view-model's, so that a registration can name it.
  var privateModifiers: [String: WrittenWord] = [:]
  /// Whether the file reads `Bundle.module`, the resources' bundle SwiftPM makes for a package.
  var usesBundleModule = false
  /// Why the file cannot build on Linux (a SwiftUI view, a UIKit controller, `#Preview`...).
  var blockers: [String] = []
  /// Members whose body writes `#selector` (a notification observer, a button's target): a
  /// filtered copy makes each body a seam, so the type builds without the Objective-C runtime.
  var selectorSeams: [Adoption.DroppedMember] = []
  /// The functions that decode answers or hand back what they decode into: `audit` answers
  /// their requests with bodies of those types.
  var decodeSites: [DecodeSite] = []
  /// Calls whose value the code types where it goes: what a generic helper decodes there.
  var typedCalls: [TypedCall] = []
  /// How its views start models' work (`.task`, `.onAppear`, `.onDisappear`, `.refreshable`).
  var viewTriggers: [ViewTrigger] = []

  /// The file-scope declarations but imports, in order: what a filtered copy may drop.
  var declarations: [TopLevelDeclaration] = []

  /// Whether the file is a test or vmrepl's own registration rather than app code.
  var isToolingFile: Bool {
    imports.contains { ["XCTest", "Testing", "Scenario", "VMReplCLI", "VMReplTesting"].contains($0) }
  }

  /// Creates the facts of the file at `path` (relative to the app) with nothing in it yet.
  init(path: String) { self.path = path }
}

/// One file-scope declaration (a type, an extension, a function, `#Preview { ... }`, an `#if`).
struct TopLevelDeclaration: Sendable, Equatable {
  /// Its text's UTF-8 offsets in the file, leading and trailing trivia left out.
  var start: Int
  var end: Int
  /// Its first and last 1-based lines.
  var firstLine: Int
  var lastLine: Int
  /// Capitalised names it mentions.
  var mentions: Set<String> = []
  /// Where each bare mention is written (see `SourceFacts.scopes`).
  var scopes: [String: Set<String>] = [:]
  /// Lower-case names it refers to.
  var references: Set<String> = []
  /// Those it refers to bare or after `self` (`load()`, `self?.resetWith(password:)`): a
  /// member of its own instance, not of another value (`darkMode.toggle()`).
  var selfReferences: Set<String> = []
  /// Why it cannot build on Linux (a SwiftUI view, a preview).
  var blockers: [String] = []
  /// The types it declares at file scope.
  var types: [String] = []
  /// The global constants, variables and functions it declares.
  var globals: [String] = []
  /// The type an `extension` extends.
  var extendedType: String?
  var isTypeDeclaration = false
  /// The macro it expands (`Preview` of `#Preview { ... }`).
  var macro: String?

  /// How the report names it: `ContentView`, `extension DailyScrum`, `#Preview` (lines 40-42).
  var label: String {
    if let first = types.first { return "`\(first)`" }
    if let extendedType { return "`extension \(extendedType)`" }
    if let macro { return "`#\(macro)` (lines \(firstLine)-\(lastLine))" }
    return "lines \(firstLine)-\(lastLine)"
  }
}

/// A type declaration and the members `adopt` can generate registrations from.
struct DeclaredType: Sendable, Equatable {
  /// The declaration's kind of type.
  enum Kind: String, Sendable { case `class`, `struct`, `enum`, `protocol`, `actor` }
  /// The type's name (nested types by their own name).
  var name: String
  var kind: Kind
  /// The names after the colon: a superclass, protocols.
  var inherited: [String] = []
  /// Attribute names without `@` (`MainActor`, `Observable`, `Model`).
  var attributes: [String] = []
  var members = Members()
  /// The 1-based line of the declaration.
  var line: Int = 0
  /// Whether it is declared at file scope (not in a type, nor in an extension).
  var isTopLevel = true
  /// Its generic parameters' names (`Model` of `ListViewModel<Model: Hashable>`).
  var genericParameters: [String] = []
  /// Whether Linux compiles it: false inside an `#if os(iOS)` (Sentry's `SentryMXCallStackTree`).
  var compiledOnLinux = true
  /// Its access level (`private` types of two files may share a name).
  var access: Access = .internal
  /// The types or extensions it is declared in, outermost first (`["HomeView"]`).
  var parents: [String] = []
  /// Its name as code outside its parents writes it (`HomeView.ViewModel`).
  var qualifiedName: String { (parents + [name]).joined(separator: ".") }
  /// An enum's case names, in order.
  var cases: [String] = []
  /// Whether any of an enum's cases carries a payload.
  var hasPayloads = false
  /// Each case's payload, in case order (empty for a case without one; a payload without a
  /// label has `nil` labels, as `ParameterFacts` writes `_`).
  var payloads: [[ParameterFacts]] = []

  init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }
}

/// An `extension` and what it adds.
struct ExtensionFacts: Sendable, Equatable {
  /// The extended type (`Double`, `SearchViewModel`).
  var extendedType: String
  /// Protocols the extension adds.
  var inherited: [String] = []
  var members = Members()
}

/// Methods, stored and computed properties and initialisers of a type or extension.
struct Members: Sendable, Equatable {
  var methods: [Method] = []
  var properties: [Property] = []
  var initializers: [Initializer] = []
}

/// How visible a member is.
enum Access: Int, Sendable, Comparable {
  case `private`, `fileprivate`, `internal`, `public`, `open`

  static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A parameter of a method or initialiser as written.
struct ParameterFacts: Sendable, Equatable {
  /// The argument label (`nil` for `_`).
  var label: String?
  /// The name the body uses.
  var name: String
  /// The type as written, whitespace removed (`String?`, `[Int]`, `any BookStore`).
  var type: String
  var hasDefault: Bool
}

/// A method declaration.
struct Method: Sendable, Equatable {
  var name: String
  var parameters: [ParameterFacts]
  var isAsync = false
  var isThrowing = false
  /// The return type as written, nil for none.
  var returnType: String?
  var isStatic = false
  var isGeneric = false
  var access: Access = .internal
  var line: Int = 0
  /// Whether its body only traps (`fatalError("Subclasses must implement fetchNextPage")`): a
  /// base class's method a subclass overrides, which no command should call on the base.
  var onlyTraps = false

  /// `search(query:)`, as Swift names a method.
  var selector: String {
    name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }
}

/// A property declaration (one binding).
struct Property: Sendable, Equatable {
  var name: String
  /// The declared type, or the type of a literal it starts with; nil when neither says.
  var type: String?
  var isVar: Bool
  /// Whether it has no storage (a getter).
  var isComputed = false
  var isStatic = false
  var access: Access = .internal
  /// The access of its setter (`private(set)`).
  var setterAccess: Access = .internal
  var hasInitialValue = false
  /// Its 1-based line in the file (0 when not read from one).
  var line = 0
  /// Attribute names without `@` (`Published`).
  var attributes: [String] = []
}

/// An initialiser declaration.
struct Initializer: Sendable, Equatable {
  var parameters: [ParameterFacts]
  /// Its 1-based line in the file (0 when not read from one).
  var line = 0
  var isFailable = false
  var isThrowing = false
  var isAsync = false
  var isConvenience = false
  var access: Access = .internal
}

/// A word as the file writes it, and where (UTF-8 offsets).
struct WrittenWord: Sendable, Equatable {
  var text: String
  var range: Range<Int>
}
