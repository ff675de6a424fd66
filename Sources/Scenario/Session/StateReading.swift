import Simulation

/// A reading of the view state: the model read, and where the program stood when it was read.
struct StateReading {
  let mark: ActivityMark
  let object: ObjectIdentifier
  let state: StateValue
}
