// Programs that exercise the simulation, each printing a trace of (virtual time, event) lines.
// The Simulation tests run them as child processes because the executor is process-wide.
import Dispatch
import Simulation
import Synchronization

internal import Platform

let simulation = Simulation.install()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let program = arguments.first, let run = programs[program] else {
  print("usage: simulation-probe PROGRAM [OPTIONS]; programs: \(programs.keys.sorted().joined(separator: ", "))")
  exit(2)
}
run(Array(arguments.dropFirst()))
