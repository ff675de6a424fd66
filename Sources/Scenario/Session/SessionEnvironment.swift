import Foundation

/// Everything a session is made with: the models `use` can start, where their prints go, the
/// timer limit, and the files a scenario names.
///
/// A `Timeline` is given one at birth and makes every session from it, the first and each one
/// an `undo` or `goto` starts, so a session is whole when it is made and nothing is set on it
/// afterwards.
///
/// ```swift
/// var environment = SessionEnvironment(models: Examples.all)
/// environment.files = DiskFileAccess()
/// let timeline = Timeline(environment)
/// ```
package struct SessionEnvironment {
  /// The models `use` can start.
  package var models: [ModelDefinition]
  /// What the view-model prints, turned into events; nil when prints go to standard output.
  package var prints: (any PrintSource)?
  /// How many timers `settle` and `await` may fire before they report a runaway.
  package var timerLimit = EffectTracker.defaultTimerLimit
  /// Where `body=@FILE` and cassettes are found: the scenario's folder (the working directory at
  /// the prompt).
  package var baseDirectory = FileManager.default.currentDirectoryPath
  /// How those files are read and written: the front end hands in its access to the disk
  /// (`DiskFileAccess`); this layer does no file I/O of its own. Without one, a scenario that
  /// names a file is told the session has no file access.
  package var files: any FileAccess = NoFileAccess()

  package init(models: [ModelDefinition], prints: (any PrintSource)? = nil) {
    self.models = models
    self.prints = prints
  }
}
