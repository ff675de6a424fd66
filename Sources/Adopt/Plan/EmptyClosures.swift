import SwiftParser
import SwiftSyntax

extension EmptyValues {
  /// For a closure type (home-assistant's `AppEnvironment.magicItemProvider: () ->
  /// MagicItemProviderProtocol`), a closure that takes its arguments and returns its result's
  /// empty value (`{ MagicItemProviderMock() }`, `{ _ in StandIn.empty() }`, `{ _ in }` for
  /// `Void`); nil where the result has none. `result` makes the result's value.
  ///
  /// A stored closure of a stand-in would otherwise wait for an answer no `stub` line can give
  /// (a scenario writes values, not code).
  static func closure(for type: String, result: (String) -> String?) -> String? {
    var parser = Parser(type)
    var syntax = TypeSyntax.parse(from: &parser)
    var attributes: [String] = []
    while true {
      if let attributed = syntax.as(AttributedTypeSyntax.self) {
        attributes += attributed.attributes.map(\.trimmedDescription).filter { !["@escaping", "@autoclosure"].contains($0) }
        syntax = attributed.baseType
      } else if let tuple = syntax.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
        syntax = only.type
      } else {
        break
      }
    }
    guard let function = syntax.as(FunctionTypeSyntax.self) else { return nil }
    let returns = function.returnClause.type.trimmedDescription.filter { !$0.isWhitespace }
    let value: String
    if ["Void", "()"].contains(returns) {
      value = ""
    } else if runtimeEmpty(returns) {
      value = "StandIn.empty()"
    } else if let made = result(function.returnClause.type.trimmedDescription) {
      value = made
    } else {
      return nil
    }
    let count = function.parameters.count
    let head = count == 0 ? "" : Array(repeating: "_", count: count).joined(separator: ", ") + " in"
    let body = [head, value].filter { !$0.isEmpty }.joined(separator: " ")
    let literal = body.isEmpty ? "{}" : "{ " + body + " }"
    // The type checker gives up on an attributed one (`@Sendable (String) -> Void`) inferred
    // through `StandIn.call`'s generic autoclosure; written out, it takes it.
    return attributes.isEmpty ? literal : literal + " as " + (attributes + [function.trimmedDescription]).joined(separator: " ")
  }
}
