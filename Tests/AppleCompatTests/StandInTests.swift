import Foundation
import AppleOS
import AppleSwiftUI
import AppleUIKit
import StandInSupport
import Testing

@testable import Scenario

@Suite("SwiftUI, UIKit and os stand-ins")
struct StandInTests {
  @Test("withAnimation runs its body at once and hands back its result")
  func withAnimationRunsAtOnce() {
    var value = 0
    let result = withAnimation(.spring()) { () -> Int in
      value = 1
      return 7
    }
    #expect(value == 1 && result == 7)
    #expect(Animation.easeInOut(duration: 0.3).delay(1).description == "easeInOut(duration: 0.3).delay(1.0)")
  }

  @Test("withTransaction runs its body at once, given a transaction or a key path and value (element-x's `withTransaction(\\.disablesAnimations, true)`)")
  func withTransactionRunsAtOnce() {
    var rooms: [String] = []
    withTransaction(\.disablesAnimations, true) { rooms.append("!a:matrix.org") }
    let count = withTransaction(Transaction(animation: .default)) { rooms.count }
    #expect(rooms == ["!a:matrix.org"] && count == 1)
  }

  @Test("a Binding reads and writes through, and reaches into members")
  func binding() {
    struct Form { var name = "a"; var count = 0 }
    final class Box { var form = Form() }
    let box = Box()
    let form = Binding(get: { box.form }, set: { box.form = $0 })
    form.name.wrappedValue = "b"
    #expect(box.form.name == "b")
    #expect(Binding.constant(3).wrappedValue == 3)
  }

  @Test("LocalizedStringKey keeps Xcode's key and the filled-in text")
  func localizedStringKey() {
    let count = 3
    let name = "Ann"
    let key: LocalizedStringKey = "\(name) has \(count) books, 100%"
    #expect(key.key == "%@ has %lld books, 100%%")
    #expect(key.text == "Ann has 3 books, 100%")
  }

  @Test("colors and images are values named by what they show")
  func colorsAndImages() {
    #expect(Color.red.description == "red")
    #expect(Color(red: 1, green: 0.5, blue: 0).description == "#FF8000")
    #expect(Color("Brand").opacity(0.5).description == "Brand.opacity(0.5)")
    #expect(Image(systemName: "star").description == "systemName: star")
    #expect(UIImage(named: "") == nil)
    #expect(UIColor(red: 0, green: 0, blue: 1, alpha: 1).description == "#0000FF")
  }

  @Test("gradients are values a state shows: their colors, stops and points as written (pocket-casts' `UpgradeTier.background`)")
  func gradients() {
    let background = RadialGradient(colors: [Color("FFDE64").opacity(0.5), Color("121212")], center: .leading, startRadius: 0, endRadius: 500)
    #expect(background.description == "radial(FFDE64.opacity(0.5) at 0.0, 121212 at 1.0; at leading, radius 0.0 to 500.0)")
    #expect(background.gradient.stops.map(\.location) == [0, 1])
    let linear = LinearGradient(stops: [.init(color: .red, location: 0.2)], startPoint: .top, endPoint: UnitPoint(x: 0.25, y: 1))
    #expect(linear.description == "linear(red at 0.2; top to (0.25, 1.0))")
    #expect(Gradient(colors: [.blue]).stops == [.init(color: .blue, location: 0)])
    let angular = AngularGradient(colors: [.red, .green, .blue], center: .center, angle: .degrees(90))
    #expect(angular.description == "angular(red at 0.0, green at 0.5, blue at 1.0; at center, 90.0° to 450.0°)")
    #expect(abs(Angle(radians: .pi).degrees - 180) < 1e-9 && Angle.degrees(45) < .degrees(90))
    // Unanswered, a gradient is the placeholder color's, as a color is the placeholder.
    let unanswered: RadialGradient = StandIn.empty()
    #expect(unanswered.description == "radial(placeholder at 0.0; at center, radius 0.0 to 0.0)")
    #expect((StandIn.empty() as LinearGradient).description == "linear(placeholder at 0.0; top to bottom)")
  }

  @Test("a window is equal only to itself and shows what it holds; an image read from a file is named by the file; a bar's visibility is a value (element-x's view states)")
  func windowsFilesAndVisibility() throws {
    let window = UIWindow()
    #expect(window == window && window != UIWindow())
    #expect(window.description == "UIWindow")
    window.rootViewController = UIViewController()
    #expect(window.description == "UIWindow showing UIViewController")
    let path = FileManager.default.temporaryDirectory.path + "/vmrepl-avatar-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(UIImage(contentsOfFile: path) == nil)
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
    #expect(UIImage(contentsOfFile: path)?.description == "contentsOfFile: vmrepl-avatar-\(getpid()).png, 3 bytes")
    #expect(Visibility.allCases == [.automatic, .visible, .hidden])
  }

  @Test("the state shows the stand-ins by description and loggers and locks by type name")
  func stateShowsStandIns() {
    final class Screen {
      var tint = Color.green
      var icon = Image(systemName: "bolt")
      var title: LocalizedStringKey = "Home"
      var phase = ScenePhase.active
      var logger = Logger(subsystem: "a", category: "b")
      var lock = OSAllocatedUnfairLock(initialState: 0)
    }
    let text = StateRenderer.render(StateValue.reflecting(Screen()))
    #expect(text == """
      Screen(
        tint: green,
        icon: systemName: bolt,
        title: Home,
        phase: .active,
        logger: Logger,
        lock: OSAllocatedUnfairLock<Int>
      )
      """)
  }

  @Test("OSAllocatedUnfairLock and os_unfair_lock guard their state")
  func locks() {
    let counter = OSAllocatedUnfairLock(initialState: 0)
    for _ in 0..<10 { counter.withLock { $0 += 1 } }
    #expect(counter.withLock { $0 } == 10)
    var raw = os_unfair_lock()
    os_unfair_lock_lock(&raw)
    #expect(!os_unfair_lock_trylock(&raw))
    os_unfair_lock_unlock(&raw)
    #expect(os_unfair_lock_trylock(&raw))
    os_unfair_lock_unlock(&raw)
  }
}

@Suite("AppleCompat: Apple names view-models use as values")
struct AppleValueTests {
  /// A settings object as apps write one: @AppStorage outside any view.
  final class Settings {
    enum Sort: String { case newest, oldest }
    @AppStorage("islandName") var islandName = ""
    @AppStorage("launches") var launches = 0
    @AppStorage("sort") var sort: Sort = .newest
    @AppStorage("token") var token: String?

    init(store: UserDefaults) {
      _islandName = AppStorage(wrappedValue: "", "islandName", store: store)
      _launches = AppStorage(wrappedValue: 0, "launches", store: store)
      _sort = AppStorage(wrappedValue: .newest, "sort", store: store)
      _token = AppStorage("token", store: store)
    }
  }

  @Test("@AppStorage reads its initial value until something is stored, then the store's")
  func appStorage() throws {
    let suite = "vmrepl-appstorage-\(getpid())"
    let store = try #require(UserDefaults(suiteName: suite))
    defer { store.removePersistentDomain(forName: suite) }
    let settings = Settings(store: store)
    #expect(settings.islandName == "" && settings.launches == 0 && settings.sort == .newest && settings.token == nil)
    settings.islandName = "Hoshi"
    settings.launches += 2
    settings.sort = .oldest
    settings.token = "abc"
    #expect(store.string(forKey: "islandName") == "Hoshi")
    #expect(store.integer(forKey: "launches") == 2)
    #expect(store.string(forKey: "sort") == "oldest")
    let again = Settings(store: store)
    #expect(again.islandName == "Hoshi" && again.launches == 2 && again.sort == .oldest && again.token == "abc")
    again.token = nil
    #expect(store.object(forKey: "token") == nil)
    settings.$islandName.wrappedValue = "Ise"
    #expect(again.islandName == "Ise")
  }

  /// Optional values as IceCubesApp's theme keeps them (`@AppStorage("chosen_font") var chosenFontData: Data?`).
  final class OptionalSettings {
    enum Sort: String { case newest, oldest }
    enum Size: Int { case small, large }
    @AppStorage("font") var font: Data?
    @AppStorage("seen") var seen: Bool?
    @AppStorage("scale") var scale: Double?
    @AppStorage("home") var home: URL?
    @AppStorage("sort") var sort: Sort?
    @AppStorage("size") var size: Size?
    @AppStorage("site") var site = URL(string: "https://example.org")!

    init(store: UserDefaults) {
      _site = AppStorage(wrappedValue: URL(string: "https://example.org")!, "site", store: store)
      _font = AppStorage("font", store: store)
      _seen = AppStorage("seen", store: store)
      _scale = AppStorage("scale", store: store)
      _home = AppStorage("home", store: store)
      _sort = AppStorage("sort", store: store)
      _size = AppStorage("size", store: store)
    }
  }

  @Test("@AppStorage of an optional (data, a flag, a number, an address, an enum) is nil until set, and nil removes the key; an address reads back as written")
  func optionalAppStorage() throws {
    let suite = "vmrepl-appstorage-optional-\(getpid())"
    let store = try #require(UserDefaults(suiteName: suite))
    defer { store.removePersistentDomain(forName: suite) }
    let settings = OptionalSettings(store: store)
    #expect(settings.font == nil && settings.seen == nil && settings.scale == nil && settings.home == nil && settings.sort == nil && settings.size == nil)
    settings.font = Data([1, 2])
    settings.seen = false
    settings.scale = 1.5
    settings.home = URL(string: "https://example.com")
    settings.sort = .oldest
    settings.size = .large
    settings.site = URL(string: "https://example.net")!
    let again = OptionalSettings(store: store)
    #expect(again.font == Data([1, 2]) && again.seen == false && again.scale == 1.5)
    #expect(again.home == URL(string: "https://example.com"))
    #expect(again.sort == .oldest)
    #expect(again.size == .large)
    #expect(again.site == URL(string: "https://example.net"))
    again.font = nil
    again.sort = nil
    #expect(store.object(forKey: "font") == nil && store.object(forKey: "sort") == nil)
    #expect(settings.font == nil && settings.sort == nil)
  }

  @Test("String(localized:) is the development language's text: the key with its values, whatever the table, bundle or comment")
  func localizedString() {
    let name = "Plus"
    #expect(String(localized: "New Donut", comment: "New donut-placeholder name.") == "New Donut")
    #expect(String(localized: "Renews to \(name) on day \(3)", table: "Store", bundle: .main) == "Renews to Plus on day 3")
    #expect(String(localized: "store.renewal", defaultValue: "Renews to \(name)") == "Renews to Plus")
    let key: String.LocalizationValue = "Subscribed"
    #expect(String(localized: key) == "Subscribed")
  }

  @Test("merge(with:) and combineLatest, which OpenCombine lacks: values as they come, latest pairs once both emitted")
  func mergeAndCombineLatest() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    var merged: [Int] = []
    var finished = false
    let merging = a.merge(with: b).sink(receiveCompletion: { _ in finished = true }, receiveValue: { merged.append($0) })
    a.send(1)
    b.send(2)
    a.send(3)
    a.send(completion: .finished)
    #expect(!finished)
    b.send(4)
    b.send(completion: .finished)
    #expect(merged == [1, 2, 3, 4] && finished)

    let query = CurrentValueSubject<String, Never>("")
    let filter = CurrentValueSubject<Bool, Never>(false)
    var pairs: [String] = []
    let combining = query.combineLatest(filter) { "\($0)/\($1)" }.sink { pairs.append($0) }
    query.send("a")
    filter.send(true)
    #expect(pairs == ["/false", "a/false", "a/true"])

    let x = PassthroughSubject<Int, Never>()
    let y = PassthroughSubject<String, Never>()
    let z = PassthroughSubject<Bool, Never>()
    var latest: [String] = []
    let three = x.combineLatest(y, z).sink { latest.append("\($0.0)\($0.1)\($0.2)") }
    x.send(1)
    x.send(2)
    y.send("a")
    z.send(true)
    x.send(3)
    #expect(latest == ["2atrue", "3atrue"])

    var collected: [Int] = []
    let many = Publishers.MergeMany([Just(1), Just(2), Just(3)]).collect().sink { collected = $0 }
    #expect(collected == [1, 2, 3])
    withExtendedLifetime((merging, combining, three, many)) {}
  }

  @Test("import SwiftUI brings UIKit's values, as on iOS; ColorScheme; ProcessInfo's thermal state")
  func values() {
    let image: UIImage? = UIImage(systemName: "star")
    #expect(image != nil)
    #expect(ColorScheme.allCases == [.light, .dark])
    #expect(ProcessInfo.processInfo.thermalState == .nominal)
    // As on an iPhone: element-x's `!ProcessInfo.processInfo.isiOSAppOnMac` in a model's init.
    #expect(!ProcessInfo.processInfo.isiOSAppOnMac && !ProcessInfo.processInfo.isMacCatalystApp)
    #expect(!ProcessInfo.processInfo.isiOSAppOnVision && !ProcessInfo.processInfo.isLowPowerModeEnabled)
    #expect(ProcessInfo.thermalStateDidChangeNotification.rawValue == "NSProcessInfoThermalStateDidChangeNotification")
    let values = try? URL(fileURLWithPath: "/").resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
    #expect(values != nil && values?.volumeAvailableCapacityForImportantUsage == nil)
  }
}
