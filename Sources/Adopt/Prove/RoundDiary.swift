import Foundation

/// One line per build of `adopt`'s proof: how long it took, which modules the compiler stopped
/// in, and what adopt mended after it, so a report that took 40 builds says where they went
/// (a deep chain of modules, one stand-in repaired a member at a time, packages left out one by
/// one) instead of only their number.
struct RoundDiary: Sendable, Equatable {
  /// What `Mending` holds, counted, before and after one round.
  struct Tally: Sendable, Equatable {
    var files = 0
    var registrations = 0
    var packages = 0
    var declarations = 0
    var seamedMembers = 0
    var blankedMembers = 0
    var standInRepairs = 0
    var failedStandIns = 0
    var failedConformances = 0
    var products = 0
    /// Lines of a kept registration left out: an action's, a property's, a gate's, a maker's.
    var registrationLines = 0
    /// Names two modules declare, written after the app's module's name in what adopt generates.
    var qualifiedNames = 0
    /// Empty values the compiler refused (`Mending.refusedValues`): plain seams instead.
    var refusedValues = 0

    init() {}

    init(_ mending: Mending) {
      files = mending.rejected.count
      registrations = mending.unregistered.count
      packages = mending.dropped.count
      declarations = mending.rejectedDeclarations.values.reduce(0) { $0 + $1.count }
      let members = mending.droppedMembers.values.joined()
      seamedMembers = members.filter { $0.seam != nil }.count
      blankedMembers = members.count - seamedMembers
      standInRepairs = mending.standInRepairs.values.reduce(0) {
        $0 + $1.plainTypes.count + $1.droppedMembers.count + $1.seamedMembers.count
      }
      failedStandIns = mending.failedSeams.count
      failedConformances = mending.failedProtocolSeams.count
      products = mending.productNames.count
      registrationLines = mending.failedActions.count + mending.failedGates.count + mending.failedMakers.count
      qualifiedNames = mending.ambiguousNames.count
      refusedValues = mending.refusedValues.count
    }

    /// What grew from `before` to this tally, worded for the report.
    func growth(since before: Tally) -> [String] {
      let steps: [(Int, String, String)] = [
        (files - before.files, "app file left out", "app files left out"),
        (declarations - before.declarations, "declaration left out of a kept file", "declarations left out of kept files"),
        (seamedMembers - before.seamedMembers, "member made a seam", "members made seams"),
        (blankedMembers - before.blankedMembers, "member left out", "members left out"),
        (standInRepairs - before.standInRepairs, "stand-in member repaired", "stand-in members repaired"),
        (refusedValues - before.refusedValues, "empty value refused", "empty values refused"),
        (failedStandIns - before.failedStandIns, "stand-in given up", "stand-ins given up"),
        (failedConformances - before.failedConformances, "protocol seam given up", "protocol seams given up"),
        (registrations - before.registrations, "registration left out", "registrations left out"),
        (registrationLines - before.registrationLines, "line of a registration left out", "lines of registrations left out"),
        (qualifiedNames - before.qualifiedNames, "name written after its module", "names written after their modules"),
        (packages - before.packages, "package left out", "packages left out"),
        (products - before.products, "product asked for by its own name", "products asked for by their own names"),
      ]
      return steps.compactMap { count, one, many in count > 0 ? "\(count) \(count == 1 ? one : many)" : nil }
    }
  }

  private(set) var lines: [String] = []

  /// Notes the `round`-th build: its `seconds`, the `modules` its errors were in, what grew in
  /// the mending (`before` to `after`) and the packages it compiled from their sources.
  mutating func note(
    round: Int, seconds: Double, succeeded: Bool, modules: [String], before: Tally, after: Tally, vendored: [String] = [],
    restoredRefusals: Bool = false
  ) {
    var line = "build \(round) (\(String(format: "%.0f", seconds.rounded())) s): "
    if succeeded {
      lines.append(line + "built")
      return
    }
    if !modules.isEmpty { line += "errors in \(modules.joined(separator: ", ")); " }
    var mended = after.growth(since: before)
    if !vendored.isEmpty {
      mended.append("compiled from their sources: \(vendored.joined(separator: ", "))")
    }
    if restoredRefusals {
      // The errors were not of the values tried again alone: the package as it last built.
      lines.append(line + "not only in the values tried again: every one refused as before")
      return
    }
    line += mended.isEmpty ? "nothing mended" : mended.joined(separator: ", ")
    lines.append(line)
  }

  /// Notes the `round`-th build, which built, after which the `values` the compiler refused on
  /// the way (`Mending.retryRefusedValues`) are tried once more.
  mutating func noteRetry(round: Int, seconds: Double, values: Int) {
    lines.append(
      "build \(round) (\(String(format: "%.0f", seconds.rounded())) s): built; "
        + "\(values) empty \(values == 1 ? "value" : "values") the compiler refused before tried again")
  }

  /// Adds to the last line how long reading its errors and writing the package again took: the
  /// time between two builds, which is adopt's own (element-x: 150 s a round before the plan's
  /// syntax trees were kept).
  mutating func noteMending(seconds: Double) {
    guard let last = lines.popLast() else { return }
    lines.append(last + " (mended in \(String(format: "%.0f", seconds.rounded())) s)")
  }

  /// Notes a build repeated one job at a time after a compiler was killed for memory.
  mutating func noteStalePlan(round: Int, seconds: Double) {
    lines.append("build \(round) (\(String(format: "%.0f", seconds.rounded())) s): the build folder held another package's plan; the same again")
  }

  mutating func noteKilled(round: Int, seconds: Double) {
    lines.append("build \(round) (\(String(format: "%.0f", seconds.rounded())) s): a compiler was killed for memory; the same again, one job at a time")
  }
}
