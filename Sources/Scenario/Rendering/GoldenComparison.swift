/// Compares a transcript with its golden file.
package enum GoldenComparison {
  /// A unified diff from `expected` (the golden file) to `actual`; nil when they are equal.
  package static func diff(expected: String, actual: String, name: String) -> String? {
    if expected == actual { return nil }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return LineDiff.unified(old: old, new: new, oldName: "\(name) (golden)", newName: "\(name) (replayed)")
      ?? "--- \(name) (golden)\n+++ \(name) (replayed)\n(the files differ only in line endings or a final newline)"
  }
}
