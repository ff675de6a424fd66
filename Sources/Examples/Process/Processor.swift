public import OpenCombine

/// The article's business logic (seed 001): the job is hidden inside, and its state is a value
/// anyone can read or subscribe to, whoever started the job and whenever.
@MainActor
public final class Processor {
  /// The job's outcome (the article's `Result`, nested so it does not hide `Swift.Result`).
  public enum Result: Sendable {
    case success
    case failure
  }

  /// What the processor is doing.
  public enum State: Sendable {
    case processing
    case waiting(Result?)
  }

  /// The current state, as a Combine subject (OpenCombine on Linux).
  public let state = CurrentValueSubject<State, Never>(.waiting(nil))

  private let job: @Sendable () async -> Result

  /// A processor that runs `job` for each `process()`.
  public init(job: @escaping @Sendable () async -> Result) {
    self.job = job
  }

  /// Starts the job unless it is already running; the result arrives in `state`.
  public func process() {
    // A call while processing does nothing.
    guard !state.value.isProcessing else { return }
    state.value = .processing
    Task {
      let result = await job()
      state.value = .waiting(result)
    }
  }
}

extension Processor.State {
  /// Whether the job is running.
  public var isProcessing: Bool {
    switch self {
    case .processing: return true
    case .waiting: return false
    }
  }

  /// The last job's outcome; nil while processing and before the first job.
  public var isSuccess: Bool? {
    switch self {
    case .waiting(.success): return true
    case .waiting(.failure): return false
    case .waiting(nil), .processing: return nil
    }
  }
}
