import Simulation

/// One effect of a session: the action that started it, its status and its times.
@MainActor
package final class EffectRecord {
  package let id: Int
  package let action: String
  package let isLifecycle: Bool
  package let start: Duration
  package internal(set) var end: Duration?
  package internal(set) var status: EffectStatus = .running
  package internal(set) var error: String?
  var cancelRequested = false
  var task: Task<Void, Never>?
  /// The id of its `WorkTag`: the timers and requests that are this effect's work carry it.
  let work: UInt64

  init(id: Int, action: String, isLifecycle: Bool, start: Duration, tag: WorkTag) {
    self.id = id
    self.action = action
    self.isLifecycle = isLifecycle
    self.start = start
    self.work = tag.id
  }

  var isRunning: Bool { status == .running }

  /// The address of its task, which is also the address of that task's jobs (`ready`).
  var taskAddress: UInt? { task.map { unsafeBitCast($0, to: UInt.self) } }
}

/// Work a view-model started and hid, followed through the `WorkTag` its tasks inherited.
@MainActor
final class BackgroundWork {
  /// The command that started it, as reports name it (`set text "a"`).
  let origin: String
  /// The id of the tag: which timers and requests are this work's, while the tag is alive.
  let work: UInt64
  weak var tag: WorkTag?
  /// The effect the same step started, whose own end does not count as the hidden work's end.
  let effect: EffectRecord?
  var reported = false
  /// The view-model's properties that gained a handle in the step that started it (nil until
  /// that step ends): while one still holds it, the view-model can cancel the work.
  var holders: [(property: String, kind: String, handles: Set<AnyHashable>)]?

  init(origin: String, tag: WorkTag, effect: EffectRecord?) {
    self.origin = origin
    self.work = tag.id
    self.tag = tag
    self.effect = effect
  }

  /// Alive when a task still holds the tag and it is not just the step's own effect.
  var isPending: Bool {
    guard tag != nil else { return false }
    return effect.map { !$0.isRunning } ?? true
  }
}
