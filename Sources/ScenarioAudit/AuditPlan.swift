package import Scenario
import ScenarioLanguage
import ScenarioScripting
import ScheduleNotation

/// What `audit` tries on one model: sequences of its actions and property writes, shortest first.
package struct AuditPlan: Sendable {
  /// A sequence of steps, numbered in the order the plan tries them.
  package struct Sequence: Sendable, Equatable {
    package var index: Int
    package var steps: [ProbeStep]
  }

  package var surface: ModelSurface
  package var sequences: [Sequence]
  /// The actions sent before leaving: the model's own cleanup (`stop`, `cancel`, `onDisappear`)
  /// that leaving the screen runs, or that no view read says how a user reaches.
  package var cleanup: [ProbeStep]
  /// The steps that may open each gated action's gate, sorted by action (`ModelSurface.openers`).
  package var openers: [Opener] = []

  /// The screen shown and left with nothing done (what its `init` and `.task` start alone),
  /// every step alone, then each twice (the second time with another value; a button's action
  /// also with the same values, as a double tap sends them), each text set
  /// twice to the same value, each text set again around an action that takes no argument, then
  /// ordered pairs of two steps in an order `seed` draws; `limit` sequences in all, the empty
  /// one and the single steps always.
  package init(surface: ModelSurface, seed: UInt64, limit: Int) {
    self.surface = surface
    let vocabulary = Self.vocabulary(of: surface)
    // A model with nothing a command can do still leaks, traps or leaves work behind on its
    // own, and what it does so is found with the fewest lines before any step is tried.
    var sequences: [[ProbeStep]] = [[]]
    sequences += vocabulary.map { [$0.first] }
    sequences += vocabulary.map { [$0.first, $0.second] }
    // A button tapped twice sends what it holds twice (a row's like button, its post's id): the
    // same line again, where the second line above passes other values.
    sequences += vocabulary.filter { $0.first.line != $0.second.line && Self.isTapped($0.first.name, surface: surface) }.map { [$0.first, $0.first] }
    // A text set again as it was (typed again, typed and deleted back): what a pipeline's
    // `removeDuplicates` drops, with whatever it set on the way (a spinner) left so.
    let texts = vocabulary.filter { $0.first.line.hasPrefix("set ") && $0.first.line.hasSuffix("\"") }
    sequences += texts.map { [$0.first, $0.first] }
    // A text typed, an action started, the text typed on while its work is out: what the action
    // does with an answer to a text no longer there (a search that drops it and leaves its
    // spinner up). Actions that take no argument, the ones that read the text themselves.
    // At most a quarter of the sequences, so that a form of many fields and buttons keeps its pairs.
    let reads = vocabulary.filter { $0.first.line.hasPrefix("send ") && !$0.first.line.contains("=") && !Self.isCleanup($0.first.name) }
    sequences += texts.flatMap { text in reads.map { [text.first, $0.first, text.second] } }.prefix(max(1, limit / 4))
    // A text typed, then cleared (the field's clear button): what the screen shows for an empty
    // field while the answer to the text is still out (element-x's user search shows its
    // suggestions, then the old query's results over them).
    sequences += texts.map { [$0.first, ProbeStep(line: "set \($0.first.name) \"\"", name: $0.first.name)] }
    var pairs: [[ProbeStep]] = []
    for a in vocabulary {
      for b in vocabulary where a.first.name != b.first.name { pairs.append([a.first, b.first]) }
    }
    var random = SplitMix64(seed: seed)
    pairs.shuffle(using: &random)
    sequences += pairs
    let kept = max(limit, vocabulary.count + 1)
    self.sequences = sequences.prefix(kept).enumerated().map { Sequence(index: $0.offset, steps: $0.element) }
    cleanup = Self.cleanups(of: surface).onLeaving.map { ProbeStep(line: "send \($0)", name: $0) }
    let firsts = Dictionary(vocabulary.map { ($0.first.name, $0.first) }) { first, _ in first }
    openers = surface.actions.map(\.name).compactMap { action in
      guard let names = surface.openers[action] else { return nil }
      let steps = names.compactMap { firsts[$0] }
      return steps.isEmpty ? nil : Opener(action: action, steps: steps)
    }
  }

  /// Each action and settable property, with the line that does it and a second line with
  /// other values (a second search, the toggle back).
  static func vocabulary(of surface: ModelSurface) -> [(first: ProbeStep, second: ProbeStep)] {
    var steps: [(ProbeStep, ProbeStep)] = []
    // An action only the model's own code calls is a step of its work that no view can start.
    for action in surface.actions where !surface.calledOnlyByModel.contains(action.name) {
      // A row's index is one a view shows: the first row, then the second; the rows a list's
      // `.onDelete` or `.onMove` hands over (`offsets: IndexSet`) are that row alone.
      let row = action.parameters.first { $0.type == .int && isRowIndex($0.name) || $0.type == .list(.int) && isRowSet($0.name) }
      func value(_ parameter: ModelSurface.Slot, _ pick: Int) -> String {
        guard parameter.name == row?.name else { return values(for: parameter.type)[pick] }
        return parameter.type == .int ? String(pick) : "[\(pick)]"
      }
      func step(_ pick: Int) -> ProbeStep {
        let line = (["send", action.name] + action.parameters.map { "\($0.name)=\(value($0, pick))" }).joined(separator: " ")
        return ProbeStep(line: line, name: action.name, row: row == nil ? nil : pick)
      }
      steps.append((step(0), step(1)))
    }
    // A loading flag is the code's to set, whatever its declaration allows: no view binds a
    // spinner's flag, and setting it mid-load made findings of the audit's own making.
    // Nor is a property no view binds or assigns (`ModelBuilder.notSetByViews`).
    for property in surface.properties where !AuditOracles.isLoadingFlag(property.name) && !surface.notSetByViews.contains(property.name) {
      let values = values(for: property.type)
      steps.append((
        ProbeStep(line: "set \(property.name) \(values[0])", name: property.name),
        ProbeStep(line: "set \(property.name) \(values[1])", name: property.name)
      ))
    }
    return steps
  }

  /// Two values of `type`, as a line writes them.
  static func values(for type: ParameterType) -> [String] {
    switch type {
    case .string: return ["\"swift\"", "\"swiftui\""]
    case .int: return ["1", "2"]
    case .double: return ["1.5", "2.5"]
    case .bool: return ["true", "false"]
    case .duration: return ["1s", "2s"]
    case .oneOf(let cases):
      let first = cases.first ?? "none"
      return [first, cases.dropFirst().first ?? first]
    case .list(let element): return ["[\(values(for: element)[0])]", "[]"]
    case .value: return ["\"a\"", "null"]
    }
  }

  /// Whether an `Int` parameter's name says it is a row's index (`deleteChore(at index:)`,
  /// `move(offset:)`): a view sends one only for a row it shows.
  static func isRowIndex(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["index", "row", "offset", "position", "at", "idx"].contains(lower) || lower.hasSuffix("index") || lower.hasSuffix("row")
  }

  /// Whether every control adopt read for an action is a button or a tap: what a user can send
  /// twice with the same values.
  static func isTapped(_ action: String, surface: ModelSurface) -> Bool {
    guard let ways = surface.controls[action], !ways.isEmpty else { return false }
    return ways.allSatisfy { $0.contains(" button") || $0.hasPrefix("a button") || $0.hasPrefix("a tap") }
  }

  /// Whether a list of `Int`s is, by its name, the rows a list's `.onDelete` or `.onMove`
  /// hands over (`delete(at offsets: IndexSet)`, `move(from source: IndexSet, to:)`).
  static func isRowSet(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["offsets", "source", "indexset", "indices", "indexes", "rows"].contains(lower)
      || ["offsets", "indices", "indexes", "rows", "indexset"].contains { lower.hasSuffix($0) }
  }

  /// The model's cleanup actions (no parameters, a cleanup's name): those leaving the screen
  /// sends, and those left out, which the views send only from a control (a "Cancel" button)
  /// that a user leaving need not press (a sheet swiped down, the back button).
  static func cleanups(of surface: ModelSurface) -> (onLeaving: [String], leftOut: [String]) {
    let all = surface.actions.filter { $0.parameters.isEmpty && isCleanup($0.name) }.map(\.name)
    return (all.filter { runsOnLeaving($0, surface: surface) }, all.filter { !runsOnLeaving($0, surface: surface) })
  }

  /// Whether leaving the screen sends the cleanup `action`: where no view's control for it was
  /// read (a UIKit screen, a registration by hand), as its name says; else only where one of
  /// them is the screen going (`.onDisappear`).
  static func runsOnLeaving(_ action: String, surface: ModelSurface) -> Bool {
    guard let ways = surface.controls[action], !ways.isEmpty else { return true }
    return ways.contains { $0.hasPrefix("the screen going") }
  }

  /// Whether an action's name says it ends the screen's work.
  static func isCleanup(_ name: String) -> Bool {
    let lower = name.lowercased()
    let words = ["stop", "cancel", "ondisappear", "disappear", "teardown", "cleanup", "unsubscribe", "invalidate", "deactivate", "close", "dismiss", "disconnect", "pause", "end"]
    return words.contains { lower.hasPrefix($0) } || lower.contains("disappear")
  }
}

extension ModelSurface {
  /// Where an action's code is, as far as the registration says: `HeadlineViewModel.load()
  /// async in Newsroom/ViewModels/HeadlineViewModel.swift` (adopt's summaries name the file).
  package func source(of action: String) -> String? {
    let file = summary.hasSuffix(".swift)") ? summary.split(separator: "(").last.map { String($0.dropLast()) } : nil
    guard let signature = actions.first(where: { $0.name == action })?.summary, !signature.isEmpty else {
      return file.map { "\(typeName) in \($0)" }
    }
    return "\(typeName).\(signature)" + (file.map { " in \($0)" } ?? "")
  }
}
