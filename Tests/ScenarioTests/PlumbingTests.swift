import Dispatch
import Simulation
import Foundation
import Synchronization
import Testing

@testable import Scenario

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Something a view-model might keep behind a protocol.
protocol Service: AnyObject {}
final class Backend: Service {
  let name = "backend"
}

/// A view-model storing one of each kind of thing Foundation, Dispatch and Swift hand out.
final class Everything: @unchecked Sendable {
  // Unchecked: built and reflected on one thread in the test, never shared.
  var count = 1
  let queue = DispatchQueue(label: "everything")
  let workItem = DispatchWorkItem {}
  let group = DispatchGroup()
  let semaphore = DispatchSemaphore(value: 0)
  let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "timer"))
  let deadline = DispatchTime(uptimeNanoseconds: 5)
  let interval = DispatchTimeInterval.seconds(1)
  let timer = Timer(timeInterval: 1, repeats: false) { _ in }
  let runLoop = RunLoop.current
  let operations = OperationQueue()
  let thread = Thread()
  let center = NotificationCenter.default
  let session = URLSession(configuration: .ephemeral)
  let decoder = JSONDecoder()
  let formatter = DateFormatter()
  let lock = NSLock()
  let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
  let zone = TimeZone(identifier: "Europe/Paris")!
  let date = Date(timeIntervalSince1970: 0)
  let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
  let closure: () -> Int = { 1 }
  let block: @convention(block) () -> Void = {}
  let pointer = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
  let opaque = OpaquePointer(bitPattern: 0x1234)
  let identifier = ObjectIdentifier(NSObject.self)
  weak var weakly: Backend?
  unowned let unownedly: Backend
  let service: any Service
  let task = Task<Void, Never> {}
  let stream = AsyncStream<Int> { _ in }
  let keyPath = \Everything.count
  let type: Any.Type = Int.self
  /// Noncopyable: reflection sees `()`, which is all the runtime's metadata says of it.
  let mutex = Mutex(0)

  init(backend: Backend) {
    unownedly = backend
    weakly = backend
    service = backend
  }

  deinit {
    source.resume()
    source.cancel()
    pointer.deallocate()
  }
}

@Suite("Reflecting plumbing")
struct PlumbingTests {
  @Test("whatever a view-model stores, the state shows it without crashing, addresses or runtime internals")
  func everything() {
    let backend = Backend()
    let state = StateValue.reflecting(Everything(backend: backend))
    let text = StateRenderer.render(state)
    #expect(!text.contains("0x"))
    #expect(
      text == """
        Everything(
          count: 1,
          queue: DispatchQueue,
          workItem: DispatchWorkItem,
          group: DispatchGroup,
          semaphore: DispatchSemaphore,
          source: DispatchSource,
          deadline: DispatchTime,
          interval: DispatchTimeInterval,
          timer: Timer,
          runLoop: RunLoop,
          operations: OperationQueue,
          thread: Thread,
          center: NotificationCenter,
          session: URLSession,
          decoder: JSONDecoder,
          formatter: DateFormatter,
          lock: NSLock,
          calendar: gregorian (gregorian) locale:  time zone: GMT firstWeekday: 1 minDaysInFirstWeek: 1,
          zone: Europe/Paris,
          date: Date(1970-01-01T00:00:00Z),
          id: UUID(E621E1F8-C36C-495A-93FC-0C247A3E6E5F),
          closure: () -> Int,
          block: @convention(block) () -> (),
          pointer: UnsafeMutableRawPointer,
          opaque: OpaquePointer,
          identifier: ObjectIdentifier,
          weakly: Backend(
            name: "backend"
          ),
          unownedly: Backend(
            name: "backend"
          ),
          service: Backend(
            name: "backend"
          ),
          task: Task<(), Never>,
          stream: AsyncStream<Int>,
          keyPath: ReferenceWritableKeyPath<Everything, Int>,
          type: Int,
          mutex: ()
        )
        """)
  }
}

/// A view-model that keeps what vmrepl hands it: a scripted dependency, the random source, its
/// context, a work tag and the simulation's clock.
@MainActor
final class KeepsMachinery {
  var count = 2
  let api: ScriptedDependency<Int>
  let random = RandomSource(seed: 7)
  let context: ModelContext
  let tag = WorkTag("send load")
  let clock = VirtualClock()
  let outcome = Outcome("ok", [Parameter("count", .int)])

  init() {
    let sink = EventSink(prints: nil, sandbox: nil, now: { .zero })
    context = ModelContext(options: Arguments(values: [:], names: []), random: RandomSource(), sink: sink, session: 1)
    api = context.dependency("api", outcomes: [Outcome("ok")]) { _ in .success(1) }
  }
}

@Suite("Reflecting vmrepl's own machinery")
struct MachineryTests {
  @Test("what vmrepl hands a view-model shows as its type name, never its insides")
  @MainActor
  func machinery() {
    let text = StateRenderer.render(StateValue.reflecting(KeepsMachinery()))
    #expect(
      text == """
        KeepsMachinery(
          count: 2,
          api: ScriptedDependency<Int>,
          random: RandomSource,
          context: ModelContext,
          tag: WorkTag,
          clock: VirtualClock,
          outcome: Outcome
        )
        """)
  }
}
