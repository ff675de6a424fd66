#if os(Linux)
  import Dispatch

  /// An animation's curve and timing, kept as a value (nothing is drawn on Linux).
  ///
  /// `description` names it as it was made (`easeInOut(duration: 0.3)`), so a view-model that
  /// stores one shows it in the state.
  public struct Animation: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    public static let `default` = Animation("default")
    public static let linear = Animation("linear")
    public static let easeIn = Animation("easeIn")
    public static let easeOut = Animation("easeOut")
    public static let easeInOut = Animation("easeInOut")
    public static let spring = Animation("spring")
    public static let interactiveSpring = Animation("interactiveSpring")
    public static let bouncy = Animation("bouncy")
    public static let smooth = Animation("smooth")
    public static let snappy = Animation("snappy")

    public static func linear(duration: Double) -> Animation { Animation("linear(duration: \(duration))") }
    public static func easeIn(duration: Double) -> Animation { Animation("easeIn(duration: \(duration))") }
    public static func easeOut(duration: Double) -> Animation { Animation("easeOut(duration: \(duration))") }
    public static func easeInOut(duration: Double) -> Animation { Animation("easeInOut(duration: \(duration))") }
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
      Animation("spring(response: \(response), dampingFraction: \(dampingFraction))")
    }
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
      Animation("spring(duration: \(duration), bounce: \(bounce))")
    }
    public static func interpolatingSpring(stiffness: Double, damping: Double) -> Animation {
      Animation("interpolatingSpring(stiffness: \(stiffness), damping: \(damping))")
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation("bouncy(duration: \(duration))") }
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation("smooth(duration: \(duration))") }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation("snappy(duration: \(duration))") }

    public func delay(_ delay: Double) -> Animation { Animation("\(description).delay(\(delay))") }
    public func speed(_ speed: Double) -> Animation { Animation("\(description).speed(\(speed))") }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { Animation("\(description).repeatCount(\(count))") }
    public func repeatForever(autoreverses: Bool = true) -> Animation { Animation("\(description).repeatForever()") }
  }

  /// When an animation's completion runs, as Apple's `AnimationCompletionCriteria`.
  public struct AnimationCompletionCriteria: Equatable, Hashable, Sendable {
    let name: String
    public static let logicallyComplete = AnimationCompletionCriteria(name: "logicallyComplete")
    public static let removed = AnimationCompletionCriteria(name: "removed")
  }

  /// Runs `body` at once: a state change inside an animation is the same change without one, and
  /// a transcript shows the state after it.
  @discardableResult
  public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
  }

  /// Runs `body` at once, then `completion` as the next job on the main queue: animations take no
  /// time in vmrepl, and the completion still runs after the change, never inside it, as on a
  /// device.
  @discardableResult
  public func withAnimation<Result>(
    _ animation: Animation? = .default,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result,
    completion: @escaping @MainActor @Sendable () -> Void
  ) rethrows -> Result {
    let result = try body()
    DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
    return result
  }

  /// A transaction carries an animation; kept for `withTransaction` calls in view-models.
  public struct Transaction: Sendable {
    public var animation: Animation?
    public var disablesAnimations = false
    public init(animation: Animation? = nil) { self.animation = animation }
  }

  /// Runs `body` at once, as `withAnimation` does.
  @discardableResult
  public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
  }

  /// Runs `body` at once, as `withAnimation` does: the transaction's value at `keyPath`
  /// (element-x's `withTransaction(\.disablesAnimations, true) { ... }`) changes no animation here.
  @discardableResult
  public func withTransaction<Result, Value>(
    _ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value, _ body: () throws -> Result
  ) rethrows -> Result {
    try body()
  }
#endif
