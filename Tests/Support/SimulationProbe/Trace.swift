import Simulation
import Synchronization

/// Collects (virtual time, event) lines in the order they happen.
final class Trace: Sendable {
  private let lines = Mutex<[String]>([])
  private let origin: Duration

  init(origin: Duration = Simulation.shared.now) { self.origin = origin }

  func log(_ event: String) {
    let time = (Simulation.shared.now - origin).secondsText
    lines.guarded { $0.append("\(time) \(event)") }
  }

  var text: String { lines.guarded { $0.joined(separator: "\n") } }
}

func option(_ name: String, in arguments: [String], default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}

func drive(_ body: () throws -> Void) {
  do { try body() } catch { print("error: \(error)") }
}
