import ScenarioAudit

/// The human report of `audit`: findings grouped by model, then a summary line.
enum AuditText {
  static func report(_ result: AuditReport, seed: UInt64, merged: Bool) -> [String] {
    var lines: [String] = []
    var models: [String] = []
    for finding in result.findings where !models.contains(finding.model) { models.append(finding.model) }
    for model in models {
      let findings = result.findings.filter { $0.model == model }
      // A model whose making trapped was never read, so its type is not known.
      let type = findings.first { !$0.type.isEmpty }.map { " (\($0.type))" } ?? ""
      lines.append("\(model)\(type): \(findings.count) finding\(findings.count == 1 ? "" : "s")")
      for finding in findings {
        lines.append("  \(finding.kind.title): \(finding.summary)")
        lines.append("    evidence: \(finding.evidence)")
        if let source = finding.source { lines.append("    code: \(source)") }
        if let onPurpose = finding.onPurpose { lines.append("    not a bug \(onPurpose)") }
        lines.append("    scenario: \(finding.scenario)")
      }
    }
    for count in result.counts where !models.contains(count.model) {
      // Only the screen shown and left: the plan's one sequence when nothing else can be done.
      let answered = result.answered[count.model].map { "; made after the audit's " + $0.map { "`\($0)`" }.joined(separator: ", ") } ?? ""
      if count.planned == 1 {
        // Its only actions are steps of its own work: said, since "no action" would be untrue.
        let ownSteps = result.notSent[count.model].map { names in
          " a view can start (" + names.map { "`\($0)`" }.joined(separator: ", ") + ": only the model's own code calls \(names.count == 1 ? "it" : "them"))"
        } ?? ""
        lines.append("\(count.model): nothing found when shown and left (\(count.probes) probe\(count.probes == 1 ? "" : "s")); its registration has no action\(ownSteps) and no settable property to try\(answered)")
        continue
      }
      lines.append("\(count.model): nothing found in \(count.sequences) sequence\(count.sequences == 1 ? "" : "s") (\(count.probes) probes)\(answered)")
    }
    for model in result.placeholders {
      lines.append("\(model): traps in placeholders a subclass is to override (`fatalError(\"Subclasses must implement ...\")`): not counted, the app makes only subclasses")
    }
    for (model, error) in result.unusable {
      lines.append("\(model): not audited: \(error)")
    }
    if merged {
      lines.append("\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") (merged)")
      return lines
    }
    // Models audited, and those whose making trapped (found, though no sequence ran).
    let total = result.counts.count + models.filter { model in !result.counts.contains { $0.model == model } }.count
    let sequences = result.counts.map(\.sequences).reduce(0, +)
    let planned = result.counts.map(\.planned).reduce(0, +)
    let probes = result.counts.map(\.probes).reduce(0, +)
    var dropped = result.unreproduced == 0 ? "" : "; \(result.unreproduced) dropped: their scenario did not fail when run alone"
    if result.standInTraps > 0 {
      dropped += "; \(result.standInTraps) trap\(result.standInTraps == 1 ? "" : "s") of a stand-in nobody answered left out (the app's code did not trap: `stub` answers it)"
    }
    if result.standInDefaultTraps > 0 {
      let count = result.standInDefaultTraps
      dropped += "; \(count) trap\(count == 1 ? "" : "s") after a stand-in returned its type's default unasked left out (what the app's code returns there is not seen: `stub` answers it)"
    }
    let budget = result.stoppedEarly ? "; stopped by --time after \(sequences) of \(planned) sequences" : ""
    lines.append(
      "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") in \(models.count) of \(total) model\(total == 1 ? "" : "s"); \(sequences) sequences, \(probes) probes, seed \(seed)\(budget)\(dropped)")
    return lines
  }
}
