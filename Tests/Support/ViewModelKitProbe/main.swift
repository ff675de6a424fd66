// Runs one TaskEffectHandler case under the deterministic executor and prints its trace:
// `virtual-time event` lines. The ViewModelKit tests run each case in a child process, because
// the executor is process-wide.
import Simulation
import Synchronization
import ViewModelKit

internal import Platform

let simulation = Simulation.install()
let name = CommandLine.arguments.dropFirst().first ?? ""
guard let run = cases[name] else {
  print("usage: ViewModelKitProbe CASE; cases: \(cases.keys.sorted().joined(separator: ", "))")
  exit(2)
}
do {
  try run()
} catch {
  print("error: \(error)")
  exit(1)
}
print(trace.text)
