import SwiftParser
import SwiftSyntax
import Synchronization

/// The syntax tree of each text adopt reads, parsed once: every build round plans the adoption
/// again from the same files (each model's views, each stood-in file, each protocol a seam
/// conforms to), and parsing was two thirds of a plan's time (element-x, 1,359 files: a dry run
/// 82 to 133 s in a debug build, of which parsing 66%).
///
/// Keyed by the text itself, so a filtered copy or a changed file is parsed anew, never answered
/// with another text's tree.
enum SyntaxTrees {
  private static let trees = Mutex<[String: SourceFileSyntax]>([:])

  /// The tree of `source`, parsed the first time it is asked for.
  static func parse(_ source: String) -> SourceFileSyntax {
    if let tree = trees.withLock({ $0[source] }) { return tree }
    let tree = Parser.parse(source: source)
    trees.withLock { $0[source] = tree }
    return tree
  }
}
