public import Scenario
import Foundation

extension Examples {
  /// `use search`: a legacy callback API bridged to async (seed 004).
  public static let search = ModelDefinition(
    "search",
    summary: "callback API bridged with withTaskCancellationHandler + withCheckedThrowingContinuation; a new search cancels the last",
    options: [
      Parameter(
        "base", .string, default: .string(""),
        "empty: the scripted server `search` (deterministic); http://HOST:PORT: real HTTP through URLSession")
    ]
  ) { context in
    let base = context.options.string("base")
    if !base.isEmpty, let host = URL(string: base) {
      return SearchViewModel(session: WebAPI.Session(transport: URLSessionTransport()), host: host)
    }
    let server = context.dependency("search", outcomes: ScriptedTransport.outcomes, decode: ScriptedTransport.reply)
    return SearchViewModel(
      session: WebAPI.Session(transport: ScriptedTransport(server: server)), host: URL(string: "https://api.github.com")!)
  } describe: { model in
    model.property("word", \.word, "the search field")
    model.action("search", "fetchRepositories(): cancels the last search, starts a new one", tracking: { viewModel, _ in
      viewModel.fetchRepositories()
      return viewModel.handler
    })
    model.action("cancel", "cancel(): cancels the search", perform: { viewModel, _ in
      viewModel.cancel()
    })
    model.show("word", \.word)
    model.show("status", \.status)
    model.show("errorMessage", \.errorMessage)
    model.show("items", \.items)
  }
}
