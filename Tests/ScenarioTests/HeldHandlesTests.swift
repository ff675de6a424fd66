import Foundation
import Simulation
import Testing

@testable import Scenario

/// A screen's base class, as apps share loading between screens: a task kept by the base.
@MainActor
private class LoadingScreen {
  var loadTask: Task<Int, Never>?
  var title = "Screen"
}

/// A screen that also keeps a list of tasks, a timer it does not own (weak, as apps keep a
/// timer the run loop retains), and a coordinator it does not own (unowned).
@MainActor
private final class SearchScreen: LoadingScreen {
  var searchTasks: [Task<Void, Never>] = []
  weak var refreshTimer: Timer?
  unowned let coordinator: Coordinator
  var query = ""

  init(coordinator: Coordinator) {
    self.coordinator = coordinator
  }
}

private final class Coordinator: Sendable {}

@Suite("Held handles")
@MainActor
struct HeldHandlesTests {
  @Test("task fields are read from the object's storage, a weak timer through its mirror, the same handles each time")
  func directAndMirroredFields() {
    let coordinator = Coordinator()
    let screen = SearchScreen(coordinator: coordinator)
    let load = Task { 42 }
    let first = Task {}
    let second = Task {}
    screen.loadTask = load
    screen.searchTasks = [first, second]
    let timer = Timer(timeInterval: 1, repeats: true) { _ in }
    screen.refreshTimer = timer

    for _ in 1...2 {
      let holdings = HeldHandles.scan(screen)
      #expect(holdings.map(\.property) == ["searchTasks", "refreshTimer", "loadTask"])
      #expect(holdings.map(\.kind) == [HeldHandles.taskKind, HeldHandles.timerKind, HeldHandles.taskKind])
      #expect(holdings[0].handles == [AnyHashable(first), AnyHashable(second)])
      #expect(holdings[1].handles == [AnyHashable(ObjectIdentifier(timer))])
      #expect(holdings[2].handles == [AnyHashable(load)])
    }

    screen.loadTask = nil
    screen.searchTasks = []
    screen.refreshTimer = nil
    let emptied = HeldHandles.scan(screen)
    #expect(emptied.map(\.handles) == [[], [], []])
    withExtendedLifetime((coordinator, timer)) {}
  }

  @Test("a handle gained in a step is told apart from the ones held before")
  func gained() {
    // Kept alive: a mirror reads the unowned field, and an unowned reference to a freed object traps.
    let coordinator = Coordinator()
    let screen = SearchScreen(coordinator: coordinator)
    let before = HeldHandles.scan(screen)
    let task = Task { 1 }
    screen.loadTask = task
    let gained = HeldHandles.gained(from: before, to: HeldHandles.scan(screen))
    #expect(gained.map(\.property) == ["loadTask"])
    #expect(gained.first?.handles == [AnyHashable(task)])
    withExtendedLifetime(coordinator) {}
  }

  @Test("what kind of handle a declared type holds: Combine's `Cancellable` existential too")
  func kinds() {
    #expect(HeldHandles.kind(ofTypeName: "Optional<Cancellable>") == HeldHandles.subscriptionsKind)
    #expect(HeldHandles.kind(ofTypeName: "Set<AnyCancellable>") == HeldHandles.subscriptionsKind)
    #expect(HeldHandles.kind(ofTypeName: "Optional<Task<(), Never>>") == HeldHandles.taskKind)
    #expect(HeldHandles.kind(ofTypeName: "Optional<Timer>") == HeldHandles.timerKind)
    #expect(HeldHandles.kind(ofTypeName: "Publishers.Autoconnect<Timer.TimerPublisher>") == nil)
  }

  @Test("a Task handle's task is the address the task itself sees")
  func taskAddress() async {
    let address = Task { Simulation.currentTaskAddress ?? 0 }
    let holding = HeldHandles.Holding(property: "task", kind: HeldHandles.taskKind, handles: [AnyHashable(address)])
    #expect(holding.tasks == [await address.value])
  }
}
