/// The front end that reads the lines: it carries out the commands that read and write files or
/// explore the history (`save`, `run`, `explore`), which the timeline hands it after their step.
///
/// The timeline is the one place a line is parsed and routed. A front-end command this front end
/// claims is handed to it, once, with the step's result to add to; one it does not claim is the
/// step's error (a script's `save`). A `fails` line's command is never carried out.
///
/// ```swift
/// final class Explorations: FrontEnd {
///   let commands: Set<CommandName> = [.explore]
///   func carryOut(_ command: FrontEndCommand, result: inout StepResult, in timeline: Timeline) {
///     if case .explore(let request) = command { result.output += report(request, timeline) }
///   }
/// }
/// timeline.frontEnd = explorations
/// ```
@MainActor
package protocol FrontEnd: AnyObject {
  /// The front-end commands it carries out.
  var commands: Set<CommandName> { get }
  /// Carries `command` out after its step: what it reports goes in `result`'s output, or is
  /// printed by the front end itself (the lines of `run FILE`, each a step of its own).
  func carryOut(_ command: FrontEndCommand, result: inout StepResult, in timeline: Timeline)
}
