import SwiftParser
import SwiftSyntax

/// The names of the models a user's `Overrides.swift` defines: the first argument of each
/// `ModelDefinition(...)` written as a string literal.
enum OverrideNames {
  static func names(in source: String) -> Set<String> {
    let visitor = Finder(viewMode: .sourceAccurate)
    visitor.walk(Parser.parse(source: source))
    return visitor.names
  }

  private final class Finder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "ModelDefinition",
         let literal = node.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
        let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        names.insert(text)
      }
      return .visitChildren
    }
  }
}
