public import Scenario

extension Examples {
  /// `use refresh`: pull-to-refresh done right and done wrong (seed 003).
  public static let refresh = ModelDefinition(
    "refresh",
    summary: "refreshable: awaited sendAsync vs fire-and-forget send, cancellation as \"task cancel\"",
    options: [
      .duration("work", default: .seconds(2), "how long the heavy work sleeps"),
      Parameter(
        "source", .oneOf(["random", "server"]), default: .word("random"),
        "random: sleep, then draw the numbers (the article); server: ask the scripted dependency `numbers`"),
    ]
  ) { context in
    let random = context.random
    guard context.options.string("source") == "server" else {
      return FooViewModel(work: context.options.duration("work"), random: random)
    }
    let server = context.dependency(
      "numbers",
      outcomes: [
        Outcome("ok", [], "ten numbers from the seeded random source"),
        Outcome("error", [Parameter("code", .int, default: .int(500))], "the server fails with an HTTP status"),
      ]
    ) { answer -> Result<[Int], any Error> in
      guard answer.name == "ok" else { return .failure(ServerError(status: answer.arguments.int("code"))) }
      var generator = random
      return .success((0..<10).map { _ in Int.random(in: 0..<10, using: &generator) })
    }
    return FooViewModel(work: context.options.duration("work"), random: random) {
      try await server.request("GET /random-numbers?count=10")
    }
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

/// A failed request to the numbers server.
struct ServerError: Error, CustomStringConvertible {
  var status: Int
  var description: String { "HTTP \(status)" }
}
