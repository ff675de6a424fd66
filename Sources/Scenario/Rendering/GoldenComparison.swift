/// Compares a transcript with its golden file.
package enum GoldenComparison {
  /// A unified diff from `expected` (the golden file) to `actual`; nil when they are equal.
  package static func diff(expected: String, actual: String, name: String) -> String? {
    // The same bytes are the same text; `==` alone compares characters, which costs more.
    if expected.utf8.elementsEqual(actual.utf8) || expected == actual { return nil }
    let old = expected.newlineSeparatedLines
    let new = actual.newlineSeparatedLines
    return LineDiff.unified(old: old, new: new, oldName: "\(name) (golden)", newName: "\(name) (replayed)")
      ?? "--- \(name) (golden)\n+++ \(name) (replayed)\n(the files differ only in line endings or a final newline)"
  }
}
