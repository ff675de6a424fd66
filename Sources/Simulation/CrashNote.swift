internal import CSimulationRuntime

/// A line written to standard error when the process dies of a fatal signal (a view-model that
/// traps), naming what it was doing: `run` and the REPL set it before each step, so a trap in a
/// model's `init` says which line started it, as `replay` does.
///
/// ```swift
/// CrashNote.install()
/// CrashNote.set("vmrepl: the view-model crashed during line 2 `use broken-launch`")
/// ```
package enum CrashNote {
  /// Installs the handlers, once; the handlers that were there before (Swift's backtracer) run
  /// after the note is written.
  package static func install() {
    vmrepl_crash_note_install()
  }

  /// The line to write if the process dies now.
  package static func set(_ line: String) {
    vmrepl_crash_note_set(line.hasSuffix("\n") ? line : line + "\n")
  }

  /// Adds a line to the note, written with it if the process dies before the next `set`: what
  /// the step said before it ran (`send`'s note that no view offers the action now), which the
  /// step's own output, printed when it ends, would never show.
  package static func append(_ line: String) {
    vmrepl_crash_note_append(line.hasSuffix("\n") ? line : line + "\n")
  }

  /// Adds a line to the trail: lines written to standard error only if the process ends (a
  /// fatal signal, `exit`, the watchdog), after the note. An explore worker keeps a schedule's
  /// departures there instead of writing each as it happens.
  ///
  /// ```swift
  /// CrashNote.clearTrail()
  /// CrashNote.addToTrail("vmrepl-departure: 3:2")
  /// ```
  package static func addToTrail(_ line: String) {
    vmrepl_crash_trail_append(line.hasSuffix("\n") ? line : line + "\n")
  }

  /// Forgets the trail's lines (a new schedule begins).
  package static func clearTrail() {
    vmrepl_crash_trail_clear()
  }
}
