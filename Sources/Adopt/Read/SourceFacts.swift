/// What `adopt` knows of one Swift file of an app, read from its syntax alone.
package struct SourceFacts: Sendable, Equatable {
  /// The file's path relative to the app's folder, with `/` between components.
  package var path: String
  /// Modules the file imports, in the order written.
  package var imports: [String] = []
  /// Every type the file declares, nested ones included.
  package var types: [DeclaredType] = []
  /// Every `extension` in the file.
  package var extensions: [ExtensionFacts] = []
  /// Capitalised names the file mentions (types, and calls of initialisers and static members):
  /// what it may need from other files.
  package var mentions: Set<String> = []
  /// Modules it imports from third-party packages the app pins (`SwiftSoup`).
  package var packageImports: [String] = []
  /// Whether the app's Xcode project's app target compiles the file; nil when no project was read.
  package var inProject: Bool?
  /// The app target that does not compile the file, when the project says so.
  package var outsideTarget: String?
  /// The local package module the file belongs to; nil for the app's own files.
  package var module: String?
  /// Lower-case names the file refers to (`colorsTabIconInactive`, `formatted(_:)`): what it may
  /// need of another file's global constants and functions.
  package var references: Set<String> = []
  /// The global constants, variables and functions it declares at file scope.
  package var globals: Set<String> = []
  /// Where the file writes `@objc` or `@objcMembers` (UTF-8 offsets): blanked out in a filtered copy.
  package var objcAttributes: [Range<Int>] = []
  /// The submodule parts of imports (`.log` of `import os.log`): blanked out in a filtered copy.
  package var submoduleImports: [Range<Int>] = []
  /// Whether the file reads `Bundle.module`, the resources' bundle SwiftPM makes for a package.
  package var usesBundleModule = false
  /// Why the file cannot build on Linux (a SwiftUI view, a UIKit controller, `#Preview`...).
  package var blockers: [String] = []
  /// Members whose body writes `#selector` (a notification observer, a button's target): a
  /// filtered copy makes each body a seam, so the type builds without the Objective-C runtime.
  package var selectorSeams: [Adoption.DroppedMember] = []

  /// The file-scope declarations but imports, in order: what a filtered copy may drop.
  package var declarations: [TopLevelDeclaration] = []

  /// Whether the file is a test or vmrepl's own registration rather than app code.
  package var isToolingFile: Bool {
    imports.contains { ["XCTest", "Testing", "Scenario", "VMReplCLI", "VMReplTesting"].contains($0) }
  }

  /// Creates the facts of the file at `path` (relative to the app) with nothing in it yet.
  package init(path: String) { self.path = path }
}

/// One file-scope declaration (a type, an extension, a function, `#Preview { ... }`, an `#if`).
package struct TopLevelDeclaration: Sendable, Equatable {
  /// Its text's UTF-8 offsets in the file, leading and trailing trivia left out.
  package var start: Int
  package var end: Int
  /// Its first and last 1-based lines.
  package var firstLine: Int
  package var lastLine: Int
  /// Capitalised names it mentions.
  package var mentions: Set<String> = []
  /// Lower-case names it refers to.
  package var references: Set<String> = []
  /// Why it cannot build on Linux (a SwiftUI view, a preview).
  package var blockers: [String] = []
  /// The types it declares at file scope.
  package var types: [String] = []
  /// The type an `extension` extends.
  package var extendedType: String?
  package var isTypeDeclaration = false
  /// The macro it expands (`Preview` of `#Preview { ... }`).
  package var macro: String?

  /// How the report names it: `ContentView`, `extension DailyScrum`, `#Preview` (lines 40-42).
  package var label: String {
    if let first = types.first { return "`\(first)`" }
    if let extendedType { return "`extension \(extendedType)`" }
    if let macro { return "`#\(macro)` (lines \(firstLine)-\(lastLine))" }
    return "lines \(firstLine)-\(lastLine)"
  }
}

/// A type declaration and the members `adopt` can generate registrations from.
package struct DeclaredType: Sendable, Equatable {
  /// The declaration's kind of type.
  package enum Kind: String, Sendable { case `class`, `struct`, `enum`, `protocol`, `actor` }
  /// The type's name (nested types by their own name).
  package var name: String
  package var kind: Kind
  /// The names after the colon: a superclass, protocols.
  package var inherited: [String] = []
  /// Attribute names without `@` (`MainActor`, `Observable`, `Model`).
  package var attributes: [String] = []
  package var members = Members()
  /// The 1-based line of the declaration.
  package var line: Int = 0
  /// Whether it is declared at file scope (not in a type, nor in an extension).
  package var isTopLevel = true
  /// Its generic parameters' names (`Model` of `ListViewModel<Model: Hashable>`).
  package var genericParameters: [String] = []
  /// Its access level (`private` types of two files may share a name).
  package var access: Access = .internal
  /// The types or extensions it is declared in, outermost first (`["HomeView"]`).
  package var parents: [String] = []
  /// Its name as code outside its parents writes it (`HomeView.ViewModel`).
  package var qualifiedName: String { (parents + [name]).joined(separator: ".") }
  /// An enum's case names, in order.
  package var cases: [String] = []
  /// Whether any of an enum's cases carries a payload.
  package var hasPayloads = false

  package init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }
}

/// An `extension` and what it adds.
package struct ExtensionFacts: Sendable, Equatable {
  /// The extended type (`Double`, `SearchViewModel`).
  package var extendedType: String
  /// Protocols the extension adds.
  package var inherited: [String] = []
  package var members = Members()
}

/// Methods, stored and computed properties and initialisers of a type or extension.
package struct Members: Sendable, Equatable {
  package var methods: [Method] = []
  package var properties: [Property] = []
  package var initializers: [Initializer] = []
}

/// How visible a member is.
package enum Access: Int, Sendable, Comparable {
  case `private`, `fileprivate`, `internal`, `public`, `open`

  package static func < (lhs: Access, rhs: Access) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A parameter of a method or initialiser as written.
package struct ParameterFacts: Sendable, Equatable {
  /// The argument label (`nil` for `_`).
  package var label: String?
  /// The name the body uses.
  package var name: String
  /// The type as written, whitespace removed (`String?`, `[Int]`, `any BookStore`).
  package var type: String
  package var hasDefault: Bool
}

/// A method declaration.
package struct Method: Sendable, Equatable {
  package var name: String
  package var parameters: [ParameterFacts]
  package var isAsync = false
  package var isThrowing = false
  /// The return type as written, nil for none.
  package var returnType: String?
  package var isStatic = false
  package var isGeneric = false
  package var access: Access = .internal
  package var line: Int = 0

  /// `search(query:)`, as Swift names a method.
  package var selector: String {
    name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }
}

/// A property declaration (one binding).
package struct Property: Sendable, Equatable {
  package var name: String
  /// The declared type, or the type of a literal it starts with; nil when neither says.
  package var type: String?
  package var isVar: Bool
  /// Whether it has no storage (a getter).
  package var isComputed = false
  package var isStatic = false
  package var access: Access = .internal
  /// The access of its setter (`private(set)`).
  package var setterAccess: Access = .internal
  package var hasInitialValue = false
  /// Attribute names without `@` (`Published`).
  package var attributes: [String] = []
}

/// An initialiser declaration.
package struct Initializer: Sendable, Equatable {
  package var parameters: [ParameterFacts]
  package var isFailable = false
  package var isThrowing = false
  package var isAsync = false
  package var isConvenience = false
  package var access: Access = .internal
}
