import Simulation
import ViewModelKit

/// A consumer that logs each value it receives and when its stream ends.
func consume(_ stream: AsyncStream<Int>, _ name: String) -> Task<Void, Never> {
  Task {
    for await value in stream { trace.log("\(name) got \(value)") }
    trace.log("\(name) ended")
  }
}

/// Every live stream gets every value, in the order yielded.
func broadcastMulticastCase() throws {
  let broadcaster = AsyncStreamBroadcaster<Int>()
  _ = consume(broadcaster.makeStream(), "a")
  _ = consume(broadcaster.makeStream(), "b")
  try simulation.runUntilIdle()
  trace.log("subscribers=\(broadcaster.subscriberCount)")
  broadcaster.yield(1)
  broadcaster.yield(2)
  try simulation.runUntilIdle()
  broadcaster.finish()
  try settle()
  trace.log("subscribers=\(broadcaster.subscriberCount)")
}

/// `.bufferingNewest(1)`: a consumer that was busy sees only the latest value.
func broadcastBufferingCase() throws {
  let broadcaster = AsyncStreamBroadcaster<Int>(bufferingPolicy: .bufferingNewest(1))
  let stream = broadcaster.makeStream()
  broadcaster.yield(1)
  broadcaster.yield(2)
  broadcaster.yield(3)
  trace.log("yielded 1, 2, 3 before the consumer ran")
  _ = consume(stream, "late")
  try simulation.runUntilIdle()
  broadcaster.yield(4)
  try simulation.runUntilIdle()
  broadcaster.finish()
  try settle()
}

/// Cancelling a consumer removes its stream at once, not at some later job.
func broadcastTerminationCase() throws {
  let broadcaster = AsyncStreamBroadcaster<Int>()
  let a = consume(broadcaster.makeStream(), "a")
  _ = consume(broadcaster.makeStream(), "b")
  try simulation.runUntilIdle()
  trace.log("subscribers=\(broadcaster.subscriberCount)")
  a.cancel()
  trace.log("a cancelled; subscribers=\(broadcaster.subscriberCount) before any job ran")
  broadcaster.yield(1)
  try simulation.runUntilIdle()
  var dropped: AsyncStream<Int>? = broadcaster.makeStream()
  trace.log("a stream made and not consumed; subscribers=\(broadcaster.subscriberCount)")
  dropped = nil
  trace.log("that stream dropped; subscribers=\(broadcaster.subscriberCount) \(dropped == nil)")
  broadcaster.finish()
  try settle()
}

/// finish() ends every consumer's loop; a stream made afterwards is already finished.
func broadcastFinishCase() throws {
  let broadcaster = AsyncStreamBroadcaster<Int>()
  _ = consume(broadcaster.makeStream(), "a")
  try simulation.runUntilIdle()
  broadcaster.finish()
  try simulation.runUntilIdle()
  _ = consume(broadcaster.makeStream(), "after")
  broadcaster.yield(1)
  try settle()
  trace.log("subscribers=\(broadcaster.subscriberCount)")
}

/// Streams do not keep the broadcaster alive, and it keeps nothing once its consumers are gone.
func broadcastNoLeaksCase() throws {
  var broadcaster: AsyncStreamBroadcaster<Int>? = AsyncStreamBroadcaster<Int>()
  weak let weakBroadcaster = broadcaster
  let consumer = consume(broadcaster!.makeStream(), "a")
  try simulation.runUntilIdle()
  broadcaster = nil
  trace.log("broadcaster released while a stream is live: \(weakBroadcaster == nil)")
  consumer.cancel()
  try settle()
}
