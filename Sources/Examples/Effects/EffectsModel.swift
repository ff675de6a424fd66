public import Scenario

extension Examples {
  /// `use effects`: TaskEffectHandler and Effect, actions tied to the view's lifetime (seed 000).
  public static let effects = ModelDefinition(
    "effects",
    summary: "TaskEffectHandler + Effect: handle(_:) -> Effect, completion, onCompletion, connect ties tasks to the view",
    options: [.duration("work", default: .seconds(2), "how long a buttonTap's work sleeps")]
  ) { context in
    TapViewModel(work: context.options.duration("work"))
  } describe: { model in
    model.connect("await connect(): the view's .task; runs every action's task until the view goes away") { viewModel in
      await viewModel.connect()
    }
    model.action("buttonTap", "handle(.buttonTap): returns Effect.task, reported as an effect #N", tracking: { viewModel, _ in
      viewModel.handle(.buttonTap)
    })
    model.action("reset", "handle(.reset): synchronous, returns Effect.none", tracking: { viewModel, _ in
      viewModel.handle(.reset)
    })
    model.action("tapAndNotify", "handle(.buttonTap).onCompletion { ... }: prints when the tap has finished", tracking: { viewModel, _ in
      viewModel.tapAndNotify()
    })
    model.asyncAction("waitForTap", "await handle(.buttonTap).completion: cancelling this waiter cancels the tap") { viewModel, _ in
      await viewModel.handle(.buttonTap).completion
    }
    model.show("tapsStarted", \.tapsStarted)
    model.show("tapsCompleted", \.tapsCompleted)
    model.show("tapsCancelled", \.tapsCancelled)
    model.show("completionsNotified", \.completionsNotified)
  }
}
