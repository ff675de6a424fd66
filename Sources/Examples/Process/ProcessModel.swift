public import Scenario

extension Examples {
  /// `use process`: async work hidden behind state values, the article's final design (seed 001).
  public static let process = ModelDefinition(
    "process",
    summary: "async work hidden behind state: Processor.State in a CurrentValueSubject, assigned to isProcessing/isSuccess",
    options: ProcessJob.options
  ) { context in
    ProcessViewModel(processor: Processor(job: ProcessJob.make(context)))
  } describe: { model in
    model.action("process", "process(): starts the job unless it is already running") { viewModel, _ in
      viewModel.process()
    }
    model.show("isProcessing", \.isProcessing)
    model.show("isSuccess", \.isSuccess)
    model.show("processorState", \.processorState)
  }

  /// `use processFlag`: the article's middle version, the view-model's own `isProcessing` flag.
  public static let processFlag = ModelDefinition(
    "processFlag",
    summary: "the same job run by the view-model itself, with its own isProcessing flag and guard (seed 001, middle version)",
    options: ProcessJob.options
  ) { context in
    FlagViewModel(job: ProcessJob.make(context))
  } describe: { model in
    model.action("process", "process(): starts the job unless it is already running") { viewModel, _ in
      viewModel.process()
    }
    model.show("isProcessing", \.isProcessing)
    model.show("isSuccess", \.isSuccess)
  }
}

/// The article's `processAsync()`: `work` of waiting, then success or failure.
enum ProcessJob {
  static let options: [Parameter] = [.duration("work", default: .seconds(1), "how long the job takes")]

  /// The job, with its result from the scripted dependency `job`: by default drawn from the
  /// seeded random source (the article's `Bool.random()`); `stub job success` forces one.
  @MainActor
  static func make(_ context: ModelContext) -> @Sendable () async -> Processor.Result {
    let work = context.options.duration("work")
    let random = context.random
    let outcome = context.dependency(
      "job",
      outcomes: [Outcome("success", [], "the job succeeds"), Outcome("failure", [], "the job fails")],
      answer: {
        var generator = random
        return Bool.random(using: &generator) ? "success" : "failure"
      }
    ) { answer -> Result<Processor.Result, any Error> in
      .success(answer.name == "success" ? .success : .failure)
    }
    return {
      do {
        try await Task.sleep(for: work)
        return try await outcome.request("processAsync()")
      } catch {
        return .failure
      }
    }
  }
}
