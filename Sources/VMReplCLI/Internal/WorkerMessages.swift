import Foundation
import Scenario
import ScenarioExploration
import Simulation

// What `replay` and `explore` send their worker processes and what the workers answer, one
// JSON line each way (a replay request is a scenario path on a line of its own). Both ends use
// these types, so the wire format is written once.

/// The one-line JSON form of the messages: sorted keys, so the same message is the same bytes.
package enum WorkerJSON {
  package static func line(_ value: some Encodable) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The message on `line`, or nil when it is not one.
  package static func decode<Message: Decodable>(_ type: Message.Type, from line: String) -> Message? {
    try? JSONDecoder().decode(type, from: Data(line.utf8))
  }
}

/// The part of every worker's answer the pool reads: whether the worker is clean for another
/// request, or must be replaced by a new process.
struct WorkerStatus: Codable {
  var fresh: Bool
}

/// A replay worker's answer to one scenario path: the transcript a process of its own prints.
package struct ReplayWorkAnswer: Codable {
  package var path: String
  package var transcript: String
  package var fresh: Bool
  /// Each line that failed (`line 9 `expect count == 2`: expectation failed: ...`): a failure
  /// fails the scenario whatever its golden file says.
  var failures: [String]?
  /// The worker's resident memory after the scenario, for the memory benchmark and test.
  var resident: Int?

  package init(path: String, transcript: String, fresh: Bool, failures: [String]? = nil, resident: Int? = nil) {
    self.path = path
    self.transcript = transcript
    self.fresh = fresh
    self.failures = failures
    self.resident = resident
  }
}

/// What `explore` asks a worker: schedules `from...through` of one scenario.
struct ExploreWorkRequest: Codable {
  var path: String
  var from: Int
  var through: Int
  /// Whether to shrink failing outcomes (not after a shrink run crashed the last worker).
  var shrink = true
  /// Instead of exploring: run this one pinned schedule (to shrink a crash).
  var pinned: [Departure]?
}

/// A worker's answer to one request.
struct ExploreWorkAnswer: Codable {
  var path: String
  var fresh: Bool
  var exploration: Exploration
  /// What `--cancel-anywhere` found, in that mode.
  var cancel: CancelExploration?
  /// The worker's resident memory after the request, for the memory benchmark.
  var resident: Int?
}
