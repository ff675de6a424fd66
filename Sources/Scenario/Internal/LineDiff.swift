/// A line-by-line difference of two texts: which lines are kept, removed and added.
package enum LineDiff {
  package enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The shortest edit from `old` to `new`, as the standard library's `difference(from:)` finds
  /// it, with the removals before the additions in each changed run.
  package static func lines(_ old: [String], _ new: [String]) -> [Line] {
    var removedAt: Set<Int> = []
    var insertedAt: Set<Int> = []
    for change in new.difference(from: old) {
      switch change {
      case .remove(let offset, _, _): removedAt.insert(offset)
      case .insert(let offset, _, _): insertedAt.insert(offset)
      }
    }
    // What neither removes nor inserts is the same lines, in the same order on both sides.
    var result: [Line] = []
    var removed: [Line] = []
    var added: [Line] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, removedAt.contains(i) {
        removed.append(.removed(old[i]))
        i += 1
      } else if j < new.count, insertedAt.contains(j) {
        added.append(.added(new[j]))
        j += 1
      } else {
        result += removed + added
        removed = []
        added = []
        result.append(.same(old[i]))
        i += 1
        j += 1
      }
    }
    return result + removed + added
  }

  /// A unified diff (`---`/`+++`, `@@` hunks with `context` lines around changes); nil if equal.
  package static func unified(old: [String], new: [String], oldName: String, newName: String, context: Int = 3) -> String? {
    let diff = lines(old, new)
    guard diff.contains(where: { if case .same = $0 { return false } else { return true } }) else { return nil }
    var out = ["--- \(oldName)", "+++ \(newName)"]
    var index = 0
    var oldLine = 1
    var newLine = 1
    var positions: [(old: Int, new: Int)] = []
    for line in diff {
      positions.append((oldLine, newLine))
      switch line {
      case .same: oldLine += 1; newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    while index < diff.count {
      guard let change = diff[index...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
      let start = max(0, change - context)
      var end = change
      var lastChange = change
      while end < diff.count {
        if case .same = diff[end] {
          if end - lastChange > context * 2 { break }
        } else {
          lastChange = end
        }
        end += 1
      }
      let stop = min(diff.count, lastChange + context + 1)
      let hunk = diff[start..<stop]
      let oldCount = hunk.filter { if case .added = $0 { return false } else { return true } }.count
      let newCount = hunk.filter { if case .removed = $0 { return false } else { return true } }.count
      out.append("@@ -\(positions[start].old),\(oldCount) +\(positions[start].new),\(newCount) @@")
      for line in hunk {
        switch line {
        case .same(let text): out.append(" " + text)
        case .removed(let text): out.append("-" + text)
        case .added(let text): out.append("+" + text)
        }
      }
      index = stop
    }
    return out.joined(separator: "\n")
  }
}
