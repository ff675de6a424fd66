/// A simulated thread parked in a blocking call: who it is, whose work, and what it waits on.
package struct BlockedThread: Sendable, Equatable {
  /// `Thread 1`, or the block a pooled worker runs, with whose work it is.
  package let name: String
  /// The same without whose work it is.
  package let thread: String
  /// The id of the work tag it carries.
  package let work: UInt64?
  /// What it waits on, in words.
  package let waitsOn: String
  /// Whether a virtual deadline will wake it (a sleep, a wait with a timeout).
  package let hasDeadline: Bool

  package init(name: String, thread: String, work: UInt64?, waitsOn: String, hasDeadline: Bool) {
    self.name = name
    self.thread = thread
    self.work = work
    self.waitsOn = waitsOn
    self.hasDeadline = hasDeadline
  }
}
