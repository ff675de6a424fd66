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
  @Test("an object handle freed and another made at its address are two handles, not one")
  func freedHandleIsNotItsSuccessor() {
    final class Debouncer {
      var pending: DispatchWorkItem?
    }
    let debouncer = Debouncer()
    var seen: [Set<AnyHashable>] = []
    var addresses: Set<ObjectIdentifier> = []
    // Made and freed in turn: the allocator hands the next work item the last one's address.
    for _ in 1...20 {
      let item = DispatchWorkItem {}
      addresses.insert(ObjectIdentifier(item))
      debouncer.pending = item
      seen.append(HeldHandles.scan(debouncer).first { $0.property == "pending" }?.handles ?? [])
      debouncer.pending = nil
    }
    #expect(addresses.count < 20, "no address was reused: the check below proves nothing")
    #expect(Set(seen).count == 20)
  }

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

    var timerHandles: [Set<AnyHashable>] = []
    for _ in 1...2 {
      let holdings = HeldHandles.scan(screen)
      #expect(holdings.map(\.property) == ["searchTasks", "refreshTimer", "loadTask"])
      #expect(holdings.map(\.kind) == [HeldHandles.taskKind, HeldHandles.timerKind, HeldHandles.taskKind])
      #expect(holdings[0].handles == [AnyHashable(first), AnyHashable(second)])
      #expect(holdings[1].handles.count == 1)
      timerHandles.append(holdings[1].handles)
      #expect(holdings[2].handles == [AnyHashable(load)])
    }
    #expect(timerHandles[0] == timerHandles[1])

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
