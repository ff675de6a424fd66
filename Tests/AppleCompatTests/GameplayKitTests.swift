import AppleGameplayKit
import Foundation
import Testing

/// A screen's loading states, as Mastodon's view-models write them.
private final class Initial: GKState {}
private final class Loading: GKState {
  var entered: [String] = []
  override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass == Idle.self || stateClass == Fail.self }
  override func didEnter(from previousState: GKState?) {
    entered.append(previousState.map { String(describing: type(of: $0)) } ?? "nil")
  }
}
private final class Idle: GKState {
  override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass == Loading.self }
}
private final class Fail: GKState {
  var exitedTo: String?
  override func willExit(to nextState: GKState) { exitedTo = String(describing: type(of: nextState)) }
  override func isValidNextState(_ stateClass: AnyClass) -> Bool { stateClass == Loading.self }
}

@Suite("GameplayKit's state machine, as apps use it for loading states")
struct GameplayKitTests {
  @Test("enter goes where the current state allows, calling willExit then didEnter; any state is a first state")
  func transitions() throws {
    let loading = Loading()
    let fail = Fail()
    let machine = GKStateMachine(states: [Initial(), loading, Idle(), fail])
    #expect(machine.currentState == nil)
    #expect(machine.enter(Loading.self))
    #expect(loading.entered == ["nil"])
    #expect(!machine.enter(Initial.self))
    #expect(machine.currentState === loading)
    #expect(machine.enter(Fail.self))
    #expect(machine.canEnterState(Loading.self))
    #expect(!machine.canEnterState(Idle.self))
    #expect(machine.enter(Loading.self))
    #expect(fail.exitedTo == "Loading")
    #expect(loading.entered == ["nil", "Fail"])
    #expect(machine.state(forClass: Fail.self) === fail)
    #expect(loading.stateMachine === machine)
  }

  @Test("a class the machine has no state of is never entered")
  func unknownState() {
    let machine = GKStateMachine(states: [Initial()])
    #expect(!machine.canEnterState(Loading.self))
    #expect(!machine.enter(Loading.self))
    #expect(machine.currentState == nil)
  }
}
