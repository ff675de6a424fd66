public import OpenCombine

/// The article's final view-model: it only maps the processor's state to what the view shows,
/// bound with `assign(to:)` onto `@Published` properties, exactly as in the article.
@MainActor
public final class ProcessViewModel: ObservableObject {
  private let processor: Processor
  @Published public private(set) var isProcessing = false
  @Published public private(set) var isSuccess: Bool?

  /// A view-model over `processor`.
  public init(processor: Processor) {
    self.processor = processor
    processor.state
      .map(\.isProcessing)
      .assign(to: &$isProcessing)
    processor.state
      .map(\.isSuccess)
      .assign(to: &$isSuccess)
  }

  /// What the button calls.
  public func process() {
    processor.process()
  }

  /// The processor's state, for the REPL's state dump.
  public var processorState: Processor.State { processor.state.value }
}

/// The article's middle version: the view-model runs the job itself and keeps its own flag,
/// with the same duplicate-call guard.
@MainActor
public final class FlagViewModel: ObservableObject {
  @Published public private(set) var isProcessing = false
  @Published public private(set) var isSuccess: Bool?
  private let job: @Sendable () async -> Processor.Result

  /// A view-model that runs `job` for each `process()`.
  public init(job: @escaping @Sendable () async -> Processor.Result) {
    self.job = job
  }

  /// What the button calls.
  public func process() {
    guard !isProcessing else { return }
    isProcessing = true
    Task {
      let result = await job()
      switch result {
      case .success: self.isSuccess = true
      case .failure: self.isSuccess = false
      }
      isProcessing = false
    }
  }
}
