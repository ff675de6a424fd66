public import Scenario

extension Examples {
  /// `use refresh`: pull-to-refresh done right and done wrong (seed 003).
  public static let refresh = ModelDefinition(
    "refresh",
    summary: "refreshable: awaited sendAsync vs fire-and-forget send, cancellation as \"task cancel\"",
    options: [.duration("work", default: .seconds(2), "how long the heavy work sleeps")]
  ) { context in
    FooViewModel(work: context.options.duration("work"), random: context.random)
  } describe: { model in
    model.connect("sendAsync(.task): the initial load SwiftUI's .task runs") { viewModel in
      await viewModel.sendAsync(.task)
    }
    model.asyncAction("refresh", "await sendAsync(.refreshable), what .refreshable should call") { viewModel, _ in
      await viewModel.sendAsync(.refreshable)
    }
    model.action("refreshFireAndForget", "send(.refreshable): the article's first version, a Task nobody awaits") { viewModel, _ in
      viewModel.send(.refreshable)
    }
    model.show("uiState", \.uiState)
  }
}
