import SwiftParser
import SwiftSyntax

/// The titles SwiftGen's generated strings stand for: `L10n.actionSave` is
/// `L10n.tr("Localizable", "action_save")`, whose text is the app's `Localizable` table's value
/// for `action_save` ("Save"), else the `fallback:` SwiftGen wrote beside it.
///
/// ```swift
/// GeneratedStrings.titles(in: strings, tables: ["Localizable": ["action_save": "Save"]])
/// // ["L10n.actionSave": "Save"]
/// ```
enum GeneratedStrings {
  /// Each static string property of `source`'s enums that returns a `tr(TABLE, KEY)` call, by
  /// its whole name, with its text where `tables` (or a `fallback:`) has one.
  static func titles(in source: String, tables: [String: [String: String]]) -> [String: String] {
    let visitor = GeneratedStringsVisitor(tables: tables)
    visitor.walk(SyntaxTrees.parse(source))
    return visitor.titles
  }
}

/// Reads one generated file for `GeneratedStrings`.
private final class GeneratedStringsVisitor: SyntaxVisitor {
  private(set) var titles: [String: String] = [:]
  private let tables: [String: [String: String]]
  private var enums: [String] = []

  init(tables: [String: [String: String]]) {
    self.tables = tables
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enums.append(node.name.text)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { enums.removeLast() }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard !enums.isEmpty, node.modifiers.contains(where: { $0.name.text == "static" }),
          let binding = node.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return .skipChildren }
    // The one `tr("Localizable", "action_save")` call of its getter or initial value.
    for token in Syntax(node).tokens(viewMode: .sourceAccurate) where token.text == "tr" {
      guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self) ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
      else { continue }
      let literals = call.arguments.map { argument in (argument.label?.text, ActionSiteVisitor.literal(argument.expression)) }
      guard literals.count >= 2, literals[0].0 == nil, literals[1].0 == nil, let table = literals[0].1, let key = literals[1].1 else { continue }
      let fallback = literals.first { $0.0 == "fallback" }?.1
      if let text = tables[table]?[key] ?? fallback { titles[(enums + [name]).joined(separator: ".")] = text }
      break
    }
    return .skipChildren
  }
}
