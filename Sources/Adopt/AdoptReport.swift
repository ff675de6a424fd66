/// What `adopt` prints: the models and their actions, what was left out and why, what was
/// written, and the next command.
public enum AdoptReport {
  public static func text(_ adoption: Adoption, shownFolder: String, output: String? = nil,
                          changes: [(String, PackageWriter.Change)] = [], executable: String? = nil) -> String {
    var lines: [String] = []
    let app = adoption.app
    lines.append("\(app.appName): \(app.files.count) Swift files in \(shownFolder)")
    let registered = adoption.models.filter { $0.factory != nil || $0.isOverridden }
    lines.append("")
    lines.append("view-models (\(registered.count) registered of \(adoption.models.count + adoption.skippedModels.count) found):")
    for model in adoption.models {
      if model.isOverridden {
        lines.append("  \(model.name): \(model.type), \(model.path):\(model.line), registered in Overrides.swift")
        continue
      }
      guard let factory = model.factory else {
        let needs = model.missing.map { "`\($0.parameter): \($0.type)`" }.joined(separator: ", ")
        lines.append("  \(model.type), \(model.path):\(model.line): not registered: adopt cannot make its init's \(needs)")
        lines.append("    write in Overrides.swift, in `overrides`: \(RegistrationWriter.overrideLine(model))")
        continue
      }
      lines.append("  \(model.name): \(model.type), \(model.path):\(model.line), made as \(factory)")
      for note in model.notes { lines.append("    note: \(note)") }
      if !model.options.isEmpty {
        lines.append("    options (use \(model.name) NAME=VALUE): " + model.options.map(optionName).joined(separator: ", "))
      }
      let actions = model.actions.map { action in
        action.name + (action.parameters.isEmpty ? "" : " " + action.parameters.map(optionName).joined(separator: " "))
          + (action.kind == .async ? " (async)" : action.kind == .tracking ? " (task)" : "")
      }
      lines.append("    actions: " + (actions.isEmpty ? "none" : actions.joined(separator: ", ")))
      if !model.properties.isEmpty { lines.append("    set: " + model.properties.joined(separator: ", ")) }
      for skipped in model.skipped {
        lines.append("    not an action: \(skipped.selector): \(skipped.reason)")
      }
    }
    for skipped in adoption.skippedModels {
      lines.append("  \(skipped.type): left out: \(skipped.reason)")
    }
    lines.append("")
    lines.append("compiled in place (\(adoption.included.count) files): " + adoption.included.joined(separator: ", "))
    if !adoption.leftOut.isEmpty {
      lines.append("left out (\(adoption.leftOut.count) files):")
      for file in adoption.leftOut { lines.append("  \(file.path): \(file.reason)") }
    }
    if adoption.unneeded > 0 {
      lines.append("not needed by any view-model: \(adoption.unneeded) file\(adoption.unneeded == 1 ? "" : "s")")
    }
    if let output {
      lines.append("")
      lines.append("package in \(output):")
      for (path, change) in changes where change != .unchanged {
        lines.append("  \(change.rawValue) \(path)" + (change == .kept ? " (yours: adopt does not rewrite it)" : ""))
      }
      if changes.allSatisfy({ $0.1 == .unchanged || $0.1 == .kept }) { lines.append("  nothing changed") }
      if let executable, let first = registered.first {
        lines.append("")
        lines.append("next: cd \(output) && swift run \(executable)   (then `use \(first.name)`)")
        lines.append("      swift run \(executable) replay scenarios   (records each starter scenario's golden file)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `query` of `Parameter("query", .string)`.
  private static func optionName(_ parameter: String) -> String {
    guard let open = parameter.firstIndex(of: "\""), let close = parameter[parameter.index(after: open)...].firstIndex(of: "\"") else {
      return parameter
    }
    return String(parameter[parameter.index(after: open)..<close])
  }
}
