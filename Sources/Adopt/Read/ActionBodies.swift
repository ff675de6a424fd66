import Foundation
import SwiftParser
import SwiftSyntax

/// The code each of a model's actions runs, read from its file: a method's body, or for a case of
/// the enum its one door takes (`process(viewAction:)`), that case's branch of the door's `switch`.
/// What an action writes says which gates (`ActionGates`) it may open.
struct ActionBodies {
  private var bodies: [String: String] = [:]

  init(_ source: String, model: String, actions: [ModelPlan.Action]) {
    let tree = SyntaxTrees.parse(source)
    var methods: [String: [FunctionDeclSyntax]] = [:]
    for statement in tree.statements {
      let members: MemberBlockSyntax?
      if let type = statement.item.as(ClassDeclSyntax.self), type.name.text == model {
        members = type.memberBlock
      } else if let type = statement.item.as(StructDeclSyntax.self), type.name.text == model {
        members = type.memberBlock
      } else if let type = statement.item.as(ActorDeclSyntax.self), type.name.text == model {
        members = type.memberBlock
      } else if let type = statement.item.as(ExtensionDeclSyntax.self), LinuxSupport.bareName(type.extendedType.trimmedDescription) == model {
        members = type.memberBlock
      } else {
        members = nil
      }
      for member in members?.members ?? [] {
        guard let function = member.decl.as(FunctionDeclSyntax.self) else { continue }
        methods[function.name.text, default: []].append(function)
      }
    }
    for action in actions {
      let method = ModelPlan.methodName(of: action.summary)
      let functions = methods[method] ?? []
      if action.enumType == nil {
        bodies[action.name] = functions.compactMap { $0.body?.statements.trimmedDescription }.joined(separator: "\n")
      } else {
        // The branch of the door's `switch` that takes the case.
        bodies[action.name] = functions.flatMap { function in
          function.body.map { Self.switchCases(in: Syntax($0)) } ?? []
        }.filter { $0.label.trimmedDescription.names(action.name) }.map { $0.statements.trimmedDescription }.joined(separator: "\n")
      }
    }
  }

  private static func switchCases(in node: Syntax) -> [SwitchCaseSyntax] {
    final class Cases: SyntaxVisitor {
      var found: [SwitchCaseSyntax] = []
      override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
      }
    }
    let visitor = Cases(viewMode: .sourceAccurate)
    visitor.walk(node)
    return visitor.found
  }

  /// Whether `action`'s code writes one of `names`: assigns it (`votes = ...`,
  /// `state.bindings.inviteConfirmationUser = ...`, `count += 1`) or changes it in place
  /// (`votes.append(option)`, `isOn.toggle()`).
  func writes(_ action: String, anyOf names: Set<String>) -> Bool {
    guard let body = bodies[action], !body.isEmpty else { return false }
    return names.contains { name in
      let escaped = NSRegularExpression.escapedPattern(for: name)
      let pattern = "(?<![A-Za-z0-9_])\(escaped)\\s*(\\[[^\\]]*\\]\\s*)?(=(?!=)|\\+=|-=)"
        + "|(?<![A-Za-z0-9_])\(escaped)\\.(append|insert|remove|removeAll|removeFirst|removeLast|toggle|formUnion|subtract)\\("
      guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
      return regex.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)) != nil
    }
  }
}
