import Simulation
import ViewModelKit

/// Each case drives the handler like a view and a view-model would.
nonisolated(unsafe) let cases: [String: () throws -> Void] = [
  "none": noneCase,
  "completion": completionCase,
  "cancel-one": cancelOneCase,
  "cancel-waiter": cancelWaiterCase,
  "disconnect": disconnectCase,
  "unconnected": unconnectedCase,
  "second-connect": secondConnectCase,
  "added-while-disconnecting": addedWhileDisconnectingCase,
  "on-completion": onCompletionCase,
  "broadcast-multicast": broadcastMulticastCase,
  "broadcast-buffering": broadcastBufferingCase,
  "broadcast-termination": broadcastTerminationCase,
  "broadcast-finish": broadcastFinishCase,
  "broadcast-no-leaks": broadcastNoLeaksCase,
]

/// `.none`: `onCompletion` runs before it returns; `completion` returns without time passing.
func noneCase() throws {
  let effect = Effect.none
  effect.onCompletion { trace.log("onCompletion called") }
  trace.log("onCompletion returned; isCancelled=\(effect.isCancelled)")
  _ = awaitCompletion(effect, "none")
  try settle()
}

/// `completion` returns when the operation has finished.
func completionCase() throws {
  let handler = makeHandler()
  _ = connect(handler)
  try simulation.runUntilIdle()
  trace.log("isConnected=\(handler.isConnected)")
  _ = awaitCompletion(handler.add(operation("tap")), "tap")
  try settle()
}

/// Cancelling one effect stops that operation and leaves the others running.
func cancelOneCase() throws {
  let handler = makeHandler()
  _ = connect(handler)
  try simulation.runUntilIdle()
  let first = handler.add(operation("first"))
  let second = handler.add(operation("second"))
  _ = awaitCompletion(first, "first")
  _ = awaitCompletion(second, "second")
  try simulation.advance(by: .seconds(1))
  first.cancel()
  trace.log("first.cancel(); first.isCancelled=\(first.isCancelled) second.isCancelled=\(second.isCancelled)")
  try settle()
  trace.log("isConnected=\(handler.isConnected)")
}

/// Cancelling the task that awaits `completion` cancels the operation.
func cancelWaiterCase() throws {
  let handler = makeHandler()
  _ = connect(handler)
  try simulation.runUntilIdle()
  let waiter = awaitCompletion(handler.add(operation("tap")), "tap")
  try simulation.advance(by: .seconds(1))
  waiter.cancel()
  trace.log("waiter cancelled")
  try settle()
}

/// Cancelling the connecting task cancels every operation in flight and marks their effects
/// cancelled; connect() returns after they have ended; later actions run unconnected, with the
/// warning.
func disconnectCase() throws {
  let handler = makeHandler()
  let connection = connect(handler)
  try simulation.runUntilIdle()
  let first = handler.add(operation("first"))
  _ = awaitCompletion(first, "first")
  try simulation.advance(by: .seconds(1))
  let second = handler.add(operation("second"))
  _ = awaitCompletion(second, "second")
  try simulation.advance(by: .milliseconds(500))
  connection.cancel()
  trace.log("connection cancelled")
  try simulation.runUntilIdle()
  trace.log("isConnected=\(handler.isConnected) first.isCancelled=\(first.isCancelled) second.isCancelled=\(second.isCancelled)")
  _ = awaitCompletion(handler.add(operation("late")), "late")
  try settle()
}

/// Before any connect(), an action still runs, with the article's warning.
func unconnectedCase() throws {
  let handler = makeHandler()
  _ = awaitCompletion(handler.add(operation("early")), "early")
  try settle()
}

/// A second connect() finishes the first one's stream: the first lets its running operation end
/// and returns; new operations run under the second, which disconnecting ends.
func secondConnectCase() throws {
  let handler = makeHandler()
  _ = connect(handler, "first connect")
  try simulation.runUntilIdle()
  _ = handler.add(operation("a"))
  try simulation.advance(by: .seconds(1))
  let second = connect(handler, "second connect")
  try simulation.runUntilIdle()
  _ = handler.add(operation("b"))
  try simulation.advance(by: .milliseconds(1500))
  trace.log("isConnected=\(handler.isConnected)")
  second.cancel()
  trace.log("second connection cancelled")
  try settle()
  trace.log("isConnected=\(handler.isConnected)")
}

/// An action added in the same instant as a disconnect never starts; its effect still
/// completes instead of waiting forever.
func addedWhileDisconnectingCase() throws {
  let handler = makeHandler()
  let connection = connect(handler)
  try simulation.runUntilIdle()
  let effect = handler.add(operation("tap"))
  connection.cancel()
  _ = awaitCompletion(effect, "tap")
  try settle()
}

/// `onCompletion` runs on the caller's actor once the operation has finished.
func onCompletionCase() throws {
  let handler = makeHandler()
  _ = connect(handler)
  try simulation.runUntilIdle()
  let effect = handler.add(operation("tap"))
  MainActor.assumeIsolated {
    effect.onCompletion {
      MainActor.assertIsolated()
      trace.log("onCompletion called on the main actor")
    }
  }
  trace.log("onCompletion returned")
  try settle()
}
