import Foundation
import Simulation

/// What a view-model's factory gets: its options, a seeded random source, scripted dependencies.
@MainActor
public final class ModelContext {
  /// The options given to `use`, defaults filled in.
  public let options: Arguments
  /// The session's seeded random source (`seed N` resets it).
  public let random: RandomSource
  /// Which session of this process the model belongs to, counting from 1. `replay` runs many
  /// scenarios in one process, a session each: keep what should not outlive a scenario (a
  /// scratch file) per session, and every `use` of one scenario still shares it.
  public let session: Int
  let sink: EventSink
  var dependencies: [any AnyScriptedDependency] = []

  init(options: Arguments, random: RandomSource, sink: EventSink, session: Int) {
    self.options = options
    self.random = random
    self.sink = sink
    self.session = session
  }

  /// Creates a dependency that `respond NAME ...` and `stub NAME ...` answer.
  ///
  /// `decode` turns a chosen outcome into what the dependency returns or throws.
  public func dependency<Response: Sendable>(
    _ name: String, outcomes: [Outcome],
    decode: @escaping @Sendable (ScriptedDependency<Response>.Answer) -> Result<Response, any Error>
  ) -> ScriptedDependency<Response> {
    let dependency = ScriptedDependency(name: name, outcomes: outcomes, sink: sink, decode: decode)
    dependencies.append(dependency)
    return dependency
  }

  /// A scripted dependency that answers by itself until a scenario says otherwise: each request
  /// gets the outcome `answer` names (with its parameters' defaults) at once, unless `stub`
  /// set an outcome for future requests.
  ///
  /// ```swift
  /// let job = context.dependency("job", outcomes: [Outcome("success"), Outcome("failure")], answer: {
  ///   Bool.random(using: &random) ? "success" : "failure"
  /// }) { $0.name == "success" ? .success(.success) : .success(.failure) }
  /// ```
  public func dependency<Response: Sendable>(
    _ name: String, outcomes: [Outcome], answer: @escaping @Sendable () -> String,
    decode: @escaping @Sendable (ScriptedDependency<Response>.Answer) -> Result<Response, any Error>
  ) -> ScriptedDependency<Response> {
    let dependency = ScriptedDependency(name: name, outcomes: outcomes, sink: sink, fallback: answer, decode: decode)
    dependencies.append(dependency)
    return dependency
  }

  /// A folder of this session's own that outlives `use` (the view-model's storage does not):
  /// for a file a scenario names on purpose, such as a database a second `use` opens again.
  /// Removed when the session ends (`storage` lists it as `/sandbox/scratch/`).
  public var scratchFolder: String {
    let base = Storage.root ?? (NSTemporaryDirectory() + "vmrepl-\(ProcessInfo.processInfo.processIdentifier)")
    return Storage.makeScratch(in: base, session: session)
  }

  /// Adds a warning to the step's events, as the REPL's own warnings are.
  public func warn(_ text: String) { sink.emit(.warning(text, about: .model)) }
}
