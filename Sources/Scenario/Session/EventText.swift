/// The one-line human text of each event, shared by the transcript and the log.
package enum EventText {
  /// What the note of a write in a barrier block of a concurrent queue says of it (`audit
  /// --explain` reads it).
  package static let barrierWrite = "a barrier block of that concurrent queue"

  package static func line(for event: Event) -> String {
    switch event {
    case .effectStarted(let id, let action):
      return "effect #\(id) started: \(action)"
    case .effectEnded(let id, let action, let status, let error):
      return "effect #\(id) \(status.rawValue): \(action)" + (error.map { " (error: \($0))" } ?? "")
    case .printed(let text):
      return "print: \(text)"
    case .logged(let level, let category, let message):
      let place = category.isEmpty ? "" : "[\(category)] "
      let levelText = level == "notice" ? "" : "\(level): "
      return "log: " + place + levelText + message
    case .warning(let text, _):
      return "warning: \(text)"
    case .backgroundPending(let origin, let waits, let heldBy):
      let waitingOn = Wait.text(of: waits)
      var which: String
      let pipeline = heldBy.pipelines.isEmpty ? nil :
        "it belongs to a Combine pipeline that \(heldBy.pipelines.joined(separator: " or ")) "
        + "(Combine subscriptions the view-model keeps) can cancel if the pipeline's subscription is there"
      if heldBy.isEmpty {
        which = pipeline.map { ": " + $0 } ?? ", and nothing can await or cancel it"
      } else {
        // The view-model keeps a handle, through which it can cancel the work (or part of it).
        let holders = inWords(heldBy.properties)
        which = heldBy.entirely ? ", held by \(holders), which can cancel it" : ", partly held by \(holders), which can cancel part of it"
        if let pipeline { which += "; " + pipeline }
      }
      if !heldBy.unreached.isEmpty {
        let them = heldBy.unreached.joined(separator: " and ")
        which += "; \(them) \(heldBy.unreached.count == 1 ? "holds" : "hold") the task that started it, but it runs in a nested `Task {}` that cancelling that task does not reach"
      }
      return "background work from \(origin) is still running\(which); waits on \(waitingOn)"
    case .backgroundEnded(let origin):
      return "background work from \(origin) ended"
    case .requestPending(let dependency, let id, let request):
      return "request \(dependency) #\(id) pending: \(request)"
    case .requestAnswered(let dependency, let id, let outcome):
      return "request \(dependency) #\(id) answered: \(outcome)"
    case .requestCancelled(let dependency, let id):
      return "request \(dependency) #\(id) cancelled"
    case .offMainWrite(let paths, let job, let step, _) where paths == [MainThreadChecker.objectWillChange]:
      let when = job.hasSuffix("(work of `\(step)`)") ? "" : " during `\(step)`"
      return "warning: an @Published property was set off the main thread, to the value it had (`objectWillChange` sent there), by \(job)\(when); "
        + "on a device a SwiftUI view observing it warns \"Publishing changes from background threads is not allowed\", "
        + "and a Combine subscriber gets it on this thread unless it receives on the main queue"
    case .offMainWrite(let paths, let job, let step, let observation):
      let listed = inWords(paths.map { "`\($0)`" })
      // The job's own origin usually is the step; say the step only when it is another.
      let when = job.hasSuffix("(work of `\(step)`)") ? "" : " during `\(step)`"
      let them = paths.count == 1 ? "it" : "them"
      // What is true of the property written, not of every property (issue 61).
      let (kind, consequence) =
        switch observation {
        case .published:
          (
            " (@Published)",
            "on a device a SwiftUI view observing \(them) warns \"Publishing changes from background threads is not allowed\" and may not update, "
              + "and a Combine subscriber gets the change on this thread unless it receives on the main queue"
          )
        case .observation:
          (" (tracked by @Observable)", "SwiftUI does not warn, and unless a lock guards \(them), the write races with the main thread's reads")
        case .plain, .actor:
          (
            " (neither @Published nor @Observable: no view is told)",
            "nothing warns, and unless a lock guards \(them), the write races with the main thread's reads, if any"
          )
        case .unknown:
          ("", "unless a lock guards \(them), the write races with the main thread's reads, if any")
        }
      return "warning: \(listed)\(kind) changed off the main thread, by \(job)\(when); \(consequence)"
    case .mainThreadBlocked(let waitingOn, let from, let to):
      let span = from == to ? "at \(from.secondsText)" : "from \(from.secondsText) to \(to.secondsText)"
      return "warning: the main thread was blocked in \(waitingOn) \(span) while other threads ran; on a device the UI cannot respond meanwhile"
    case .watchChanged(let path, let from, let to, let job):
      return "watch: `\(path)` \(from) -> \(to), by \(job)"
    case .timeMoved(let from, let to):
      return "time \(from.secondsText) -> \(to.secondsText)"
    case .modelStarted(let model, let type, let options):
      return "model \(model) (\(type))" + (options.isEmpty ? "" : " with \(options)")
    case .departure(let text):
      return "schedule: " + text
    case .note(let text):
      return text
    }
  }

  /// `a`, `a and b`, `a, b and c`: a list as a sentence names it.
  private static func inWords(_ names: [String]) -> String {
    guard let last = names.last, names.count > 2 else { return names.joined(separator: " and ") }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}
