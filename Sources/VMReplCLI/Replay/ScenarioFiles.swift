import Foundation

/// Finds `.scenario` files under the paths `replay` is given, in a stable order.
enum ScenarioFiles {
  /// The `.scenario` files under `paths` (folders searched in sorted order), keeping those
  /// whose path contains `filter`.
  static func collect(_ paths: [String], filter: String?) throws -> [String] {
    var found: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ReplayError("no such file or folder: \(path)")
      }
      if isDirectory.boolValue {
        guard let enumerator = manager.enumerator(atPath: path) else { continue }
        var inside: [String] = []
        while let relative = enumerator.nextObject() as? String {
          if relative.hasSuffix(".scenario") { inside.append(join(path, relative)) }
        }
        found += inside.sorted()
      } else {
        found.append(path)
      }
    }
    if let filter { found = found.filter { $0.contains(filter) } }
    return found
  }

  private static func join(_ folder: String, _ relative: String) -> String {
    folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
  }

  /// Part `index` (1-based) of `count` of `scenarios`: a split by path, so that `count` machines
  /// that each take one part cover every scenario exactly once, whatever each one's timing.
  /// Parts are contiguous runs of the sorted paths and differ in size by one at most.
  static func shard(_ scenarios: [String], index: Int, of count: Int) -> [String] {
    let sorted = scenarios.sorted()
    let base = sorted.count / count
    let extra = sorted.count % count
    let start = (index - 1) * base + min(index - 1, extra)
    let size = base + (index <= extra ? 1 : 0)
    return Array(sorted[start..<(start + size)])
  }

  /// The golden file beside a scenario.
  static func golden(for scenario: String) -> String {
    (scenario.hasSuffix(".scenario") ? String(scenario.dropLast(".scenario".count)) : scenario) + ".golden"
  }
}

struct ReplayError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
