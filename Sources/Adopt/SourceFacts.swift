/// What `adopt` knows of one Swift file of an app, read from its syntax alone.
public struct SourceFacts: Sendable, Equatable {
  /// The file's path relative to the app's folder, with `/` between components.
  public var path: String
  /// Modules the file imports, in the order written.
  public var imports: [String] = []
  /// Every type the file declares, nested ones included.
  public var types: [DeclaredType] = []
  /// Every `extension` in the file.
  public var extensions: [ExtensionFacts] = []
  /// Capitalised names the file mentions (types, and calls of initialisers and static members):
  /// what it may need from other files.
  public var mentions: Set<String> = []
  /// Modules it imports from third-party packages the app pins (`SwiftSoup`).
  public var packageImports: [String] = []
  /// Whether the app's Xcode project's app target compiles the file; nil when no project was read.
  public var inProject: Bool?
  /// The app target that does not compile the file, when the project says so.
  public var outsideTarget: String?
  /// The local package module the file belongs to; nil for the app's own files.
  public var module: String?
  /// Lower-case names the file refers to (`colorsTabIconInactive`, `formatted(_:)`): what it may
  /// need of another file's global constants and functions.
  public var references: Set<String> = []
  /// The global constants, variables and functions it declares at file scope.
  public var globals: Set<String> = []
  /// Where the file writes `@objc` or `@objcMembers` (UTF-8 offsets): blanked out in a filtered copy.
  public var objcAttributes: [Range<Int>] = []
  /// The submodule parts of imports (`.log` of `import os.log`): blanked out in a filtered copy.
  public var submoduleImports: [Range<Int>] = []
  /// Whether the file reads `Bundle.module`, the resources' bundle SwiftPM makes for a package.
  public var usesBundleModule = false
  /// Why the file cannot build on Linux (a SwiftUI view, a UIKit controller, `#Preview`...).
  public var blockers: [String] = []

  /// The file-scope declarations but imports, in order: what a filtered copy may drop.
  public var declarations: [TopLevelDeclaration] = []

  /// Whether the file is a test or vmrepl's own registration rather than app code.
  public var isToolingFile: Bool {
    imports.contains { ["XCTest", "Testing", "Scenario", "VMReplCLI", "VMReplTesting"].contains($0) }
  }

  /// Creates the facts of the file at `path` (relative to the app) with nothing in it yet.
  public init(path: String) { self.path = path }
}

/// One file-scope declaration (a type, an extension, a function, `#Preview { ... }`, an `#if`).
public struct TopLevelDeclaration: Sendable, Equatable {
  /// Its text's UTF-8 offsets in the file, leading and trailing trivia left out.
  public var start: Int
  public var end: Int
  /// Its first and last 1-based lines.
  public var firstLine: Int
  public var lastLine: Int
  /// Capitalised names it mentions.
  public var mentions: Set<String> = []
  /// Lower-case names it refers to.
  public var references: Set<String> = []
  /// Why it cannot build on Linux (a SwiftUI view, a preview).
  public var blockers: [String] = []
  /// The types it declares at file scope.
  public var types: [String] = []
  /// The type an `extension` extends.
  public var extendedType: String?
  public var isTypeDeclaration = false
  /// The macro it expands (`Preview` of `#Preview { ... }`).
  public var macro: String?

  /// How the report names it: `ContentView`, `extension DailyScrum`, `#Preview` (lines 40-42).
  public var label: String {
    if let first = types.first { return "`\(first)`" }
    if let extendedType { return "`extension \(extendedType)`" }
    if let macro { return "`#\(macro)` (lines \(firstLine)-\(lastLine))" }
    return "lines \(firstLine)-\(lastLine)"
  }
}

/// A type declaration and the members `adopt` can generate registrations from.
public struct DeclaredType: Sendable, Equatable {
  /// The declaration's kind of type.
  public enum Kind: String, Sendable { case `class`, `struct`, `enum`, `protocol`, `actor` }
  /// The type's name (nested types by their own name).
  public var name: String
  public var kind: Kind
  /// The names after the colon: a superclass, protocols.
  public var inherited: [String] = []
  /// Attribute names without `@` (`MainActor`, `Observable`, `Model`).
  public var attributes: [String] = []
  public var members = Members()
  /// The 1-based line of the declaration.
  public var line: Int = 0
  /// Whether it is declared at file scope (not in a type, nor in an extension).
  public var isTopLevel = true
  /// Its generic parameters' names (`Model` of `ListViewModel<Model: Hashable>`).
  public var genericParameters: [String] = []
  /// Its access level (`private` types of two files may share a name).
  public var access: Access = .internal
  /// The types or extensions it is declared in, outermost first (`["HomeView"]`).
  public var parents: [String] = []
  /// Its name as code outside its parents writes it (`HomeView.ViewModel`).
  public var qualifiedName: String { (parents + [name]).joined(separator: ".") }
  /// An enum's case names, in order.
  public var cases: [String] = []
  /// Whether any of an enum's cases carries a payload.
  public var hasPayloads = false

  public init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }
}

/// An `extension` and what it adds.
public struct ExtensionFacts: Sendable, Equatable {
  /// The extended type (`Double`, `SearchViewModel`).
  public var extendedType: String
  /// Protocols the extension adds.
  public var inherited: [String] = []
  public var members = Members()
}

/// Methods, stored and computed properties and initialisers of a type or extension.
public struct Members: Sendable, Equatable {
  public var methods: [Method] = []
  public var properties: [Property] = []
  public var initializers: [Initializer] = []
}

/// How visible a member is.
public enum Access: Int, Sendable, Comparable {
  case `private`, `fileprivate`, `internal`, `public`, `open`

  public static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A parameter of a method or initialiser as written.
public struct ParameterFacts: Sendable, Equatable {
  /// The argument label (`nil` for `_`).
  public var label: String?
  /// The name the body uses.
  public var name: String
  /// The type as written, whitespace removed (`String?`, `[Int]`, `any BookStore`).
  public var type: String
  public var hasDefault: Bool
}

/// A method declaration.
public struct Method: Sendable, Equatable {
  public var name: String
  public var parameters: [ParameterFacts]
  public var isAsync = false
  public var isThrowing = false
  /// The return type as written, nil for none.
  public var returnType: String?
  public var isStatic = false
  public var isGeneric = false
  public var access: Access = .internal
  public var line: Int = 0

  /// `search(query:)`, as Swift names a method.
  public var selector: String {
    name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }
}

/// A property declaration (one binding).
public struct Property: Sendable, Equatable {
  public var name: String
  /// The declared type, or the type of a literal it starts with; nil when neither says.
  public var type: String?
  public var isVar: Bool
  /// Whether it has no storage (a getter).
  public var isComputed = false
  public var isStatic = false
  public var access: Access = .internal
  /// The access of its setter (`private(set)`).
  public var setterAccess: Access = .internal
  public var hasInitialValue = false
  /// Attribute names without `@` (`Published`).
  public var attributes: [String] = []
}

/// An initialiser declaration.
public struct Initializer: Sendable, Equatable {
  public var parameters: [ParameterFacts]
  public var isFailable = false
  public var isThrowing = false
  public var isAsync = false
  public var isConvenience = false
  public var access: Access = .internal
}
