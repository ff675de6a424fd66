#if os(Linux)
  import Foundation

  /// A state of a ``GKStateMachine``, as GameplayKit's: subclass it, and override what a
  /// state does on entering and leaving. Apps use it for a screen's loading states (Mastodon's
  /// view-models: `Initial`, `Loading`, `Idle`, `Fail`, `NoMore`).
  open class GKState: NSObject {
    /// The machine the state belongs to.
    public internal(set) weak var stateMachine: GKStateMachine?

    /// A state.
    override public init() { super.init() }

    /// Whether the machine may go from this state to one of `stateClass`; every state may, unless
    /// a subclass says otherwise.
    open func isValidNextState(_ stateClass: AnyClass) -> Bool { true }

    /// Called when the machine enters this state, after the previous one's ``willExit(to:)``.
    open func didEnter(from previousState: GKState?) {}

    /// Called when the machine leaves this state for `nextState`.
    open func willExit(to nextState: GKState) {}

    /// Called by the machine's ``GKStateMachine/update(deltaTime:)`` while this state is current.
    open func update(deltaTime seconds: TimeInterval) {}
  }

  /// A finite-state machine of ``GKState`` instances, one per class, as GameplayKit's: `enter`
  /// goes to another state where the current one allows it.
  open class GKStateMachine: NSObject {
    private let states: [GKState]

    /// The state the machine is in; nil until the first ``enter(_:)``.
    open private(set) var currentState: GKState?

    /// A machine of `states`, in none of them yet.
    public init(states: [GKState]) {
      self.states = states
      super.init()
      for state in states { state.stateMachine = self }
    }

    /// The machine's state of class `stateClass`, if it has one.
    open func state<StateType: GKState>(forClass stateClass: StateType.Type) -> StateType? {
      states.first { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(stateClass) } as? StateType
    }

    /// Whether ``enter(_:)`` would go to the state of class `stateClass`: the machine has one, and
    /// it is in no state yet or its current state allows the move.
    open func canEnterState(_ stateClass: AnyClass) -> Bool {
      guard states.contains(where: { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(stateClass) }) else { return false }
      return currentState?.isValidNextState(stateClass) ?? true
    }

    /// Goes to the state of class `stateClass` where ``canEnterState(_:)`` allows it: the current
    /// state's ``GKState/willExit(to:)``, then the new one's ``GKState/didEnter(from:)``.
    /// Returns whether it went.
    @discardableResult
    open func enter(_ stateClass: AnyClass) -> Bool {
      guard canEnterState(stateClass),
            let next = states.first(where: { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(stateClass) })
      else { return false }
      let previous = currentState
      previous?.willExit(to: next)
      currentState = next
      next.didEnter(from: previous)
      return true
    }

    /// Passes the time on to the current state's ``GKState/update(deltaTime:)``.
    open func update(deltaTime seconds: TimeInterval) {
      currentState?.update(deltaTime: seconds)
    }
  }
#endif
