import ArgumentParser

/// `--shard K/N`: which part of the scenarios this machine replays.
struct Shard: ExpressibleByArgument, Sendable, Equatable {
  /// 1-based part number.
  var index: Int
  var count: Int

  init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  static var defaultValueDescription: String { "K/N" }
}
