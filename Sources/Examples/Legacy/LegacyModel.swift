public import Scenario

extension Examples {
  /// `use legacy`: a view-model written before Swift Concurrency (Dispatch, Combine, Timer).
  public static let legacy = ModelDefinition(
    "legacy",
    summary: "pre-concurrency code: main queue, DispatchWorkItem debounce, Combine on DispatchQueue.main, Timer countdown",
    options: [.duration("latency", default: .milliseconds(200), "how long the callback API takes to answer")]
  ) { context in
    let latency = context.options.duration("latency")
    let milliseconds = Int(latency.components.seconds * 1000 + latency.components.attoseconds / 1_000_000_000_000_000)
    return LegacySearchViewModel(api: LegacySearchAPI(latency: .milliseconds(milliseconds)))
  } describe: { model in
    model.action("type", "type(_:): change the search text (debounced 300 ms; the draft saves after 1 s)", parameters: [Parameter("text", .string)]) { viewModel, arguments in
      viewModel.type(arguments.string("text"))
    }
    model.action("clear", "clear(): empty the field and drop the unsaved draft") { viewModel, _ in
      viewModel.clear()
    }
    model.action("startCountdown", "startCountdown(seconds:): a repeating 1 s Timer", parameters: [Parameter("seconds", .int, default: .int(3))]) { viewModel, arguments in
      viewModel.startCountdown(seconds: arguments.int("seconds"))
    }
    model.action("stopCountdown", "stopCountdown(): invalidate the Timer") { viewModel, _ in
      viewModel.stopCountdown()
    }
  }
}
