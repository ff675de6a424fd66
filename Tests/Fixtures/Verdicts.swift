// View-models written as apps write them, each the smallest reproduction of a verdict or a stamp
// that was once wrong (issue 37); their golden scenarios are in Tests/VMReplTests/Scenarios/verdicts.
import Foundation
import OpenCombine
import OpenCombineFoundation
import Scenario

/// A workout screen whose timer prints a line each second, three times: each line printed at
/// the second it was printed, not at the end of the step that ran it.
@MainActor
final class WorkoutViewModel {
  var elapsed = 0

  func start() async {
    for second in 1...3 {
      try? await Task.sleep(for: .seconds(1))
      elapsed = second
      print("tick \(second)")
    }
  }

  /// Saves the workout and, fire-and-forget, uploads it: the upload outlives the save.
  func finish() async {
    Task {
      try? await Task.sleep(for: .seconds(3))
      print("uploaded")
    }
    try? await Task.sleep(for: .seconds(1))
    print("saved")
  }
}

let workout = ModelDefinition("workout", summary: "an effect that sleeps a second and prints, three times") { _ in
  WorkoutViewModel()
} describe: { model in
  model.asyncAction("start", "tick three times, a second apart", perform: { workout, _ in await workout.start() })
  model.asyncAction("finish", "save for a second; upload, unawaited, for three", perform: { workout, _ in await workout.finish() })
  model.show("elapsed", \.elapsed)
}

/// A movie search as apps debounce it: every keystroke cancels the task kept in `searchTask` and
/// starts another that sleeps 500 ms, then asks the service; `confirm` picks the first result.
@MainActor
final class MovieSearchViewModel {
  var searchText = "" {
    didSet { search() }
  }
  var results: [String] = []
  var isLoading = false
  var selected: String?

  private var searchTask: Task<Void, Never>?
  private let service = MovieService()

  func search() {
    searchTask?.cancel()
    let query = searchText.trimmingCharacters(in: .whitespaces)
    guard !query.isEmpty else {
      results = []
      return
    }
    searchTask = Task {
      try? await Task.sleep(for: .milliseconds(500))
      guard !Task.isCancelled else { return }
      isLoading = true
      let found = await service.search(query)
      guard !Task.isCancelled else { return }
      results = found
      isLoading = false
      print("found \(found.count) for \(query)")
    }
  }

  func confirm() {
    selected = results.first
  }
}

/// The live client, which answers after 300 ms of (virtual) network time.
struct MovieService {
  func search(_ query: String) async -> [String] {
    try? await Task.sleep(for: .milliseconds(300))
    return ["\(query.capitalized) (2021)", "\(query.capitalized): Part Two (2024)"]
  }
}

let movieSearch = ModelDefinition("movie-search", summary: "a search debounced by a task kept in `searchTask`") { _ in
  MovieSearchViewModel()
} describe: { model in
  model.property("searchText", \.searchText)
  model.action("confirm", "pick the first result", perform: { search, _ in search.confirm() })
  model.show("results", \.results)
  model.show("isLoading", \.isLoading)
  model.show("selected", \.selected)
}

/// A session screen that keeps a repeating `Timer` in `timer` and a Combine pipeline in
/// `cancellables`, both its own to stop; and a fire-and-forget save it keeps nowhere.
@MainActor
final class SessionClockViewModel {
  var seconds = 0
  var status = "idle"
  var saved = false

  private var timer: Timer?
  private var cancellables = Set<AnyCancellable>()
  private let statusSubject = PassthroughSubject<String, Never>()

  func startClock() {
    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
      MainActor.assumeIsolated { self?.seconds += 1 }
    }
  }

  func stopClock() {
    timer?.invalidate()
    timer = nil
  }

  /// A status pipeline debounced on the main run loop, kept in `cancellables`; what its `sink`
  /// starts is a task of its own, which the subscription cannot cancel.
  func listen() {
    statusSubject
      .debounce(for: .seconds(1), scheduler: RunLoop.main)
      .sink { [weak self] value in
        MainActor.assumeIsolated {
          self?.status = value
          Task { @MainActor in
            try? await Task.sleep(for: .seconds(2))
            self?.status = "idle"
          }
        }
      }
      .store(in: &cancellables)
    statusSubject.send("busy")
  }

  func saveInBackground() {
    Task {
      try? await Task.sleep(for: .seconds(1))
      saved = true
    }
  }
}

let sessionClock = ModelDefinition("session-clock", summary: "a Timer, a Combine pipeline and a fire-and-forget save") { _ in
  SessionClockViewModel()
} describe: { model in
  model.action("startClock", "a repeating Timer kept in `timer`", perform: { clock, _ in clock.startClock() })
  model.action("stopClock", "invalidate it", perform: { clock, _ in clock.stopClock() })
  model.action("listen", "a pipeline kept in `cancellables`", perform: { clock, _ in clock.listen() })
  model.action("saveInBackground", "a task kept nowhere", perform: { clock, _ in clock.saveInBackground() })
  model.show("seconds", \.seconds)
  model.show("status", \.status)
  model.show("saved", \.saved)
}

/// A settings toggle, for the golden file that must never hold a failed `expect`.
@MainActor
final class NotificationSettingsViewModel {
  var isOn = false

  func toggle() {
    isOn.toggle()
  }
}

let notificationSettings = ModelDefinition("flag", summary: "a toggle") { _ in
  NotificationSettingsViewModel()
} describe: { model in
  model.action("toggle", "flip the switch", perform: { settings, _ in settings.toggle() })
  model.show("on", \.isOn)
}

/// A view-model whose `init` traps, as one that force-unwraps a missing resource does.
@MainActor
final class BrokenLaunchViewModel {
  let configuration: [String: String]

  init() {
    let bundled: [String: String]? = nil
    configuration = bundled!
  }
}

let brokenLaunch = ModelDefinition("broken-launch", summary: "an init that traps") { _ in
  BrokenLaunchViewModel()
} describe: { model in
  model.show("keys", \.configuration.count)
}

/// A settings screen as apps write one: what it shows is computed at each reading, from
/// UserDefaults (as `@AppStorage` reads it) and from the clock, with no stored property that
/// changes. A query that reuses the last reading of the state must see a `defaults` line, a
/// moment of time and an action all the same.
@MainActor
final class AppearanceSettingsViewModel {
  private let openedAt = Date()

  var isDarkMode: Bool { UserDefaults.standard.bool(forKey: "darkMode") }
  var secondsOpen: Int { Int(Date().timeIntervalSince(openedAt).rounded()) }

  func toggleDarkMode() {
    UserDefaults.standard.set(!isDarkMode, forKey: "darkMode")
  }
}

let appearanceSettings = ModelDefinition("appearance", summary: "settings computed from UserDefaults and the clock") { _ in
  AppearanceSettingsViewModel()
} describe: { model in
  model.action("toggleDarkMode", "write the setting", perform: { settings, _ in settings.toggleDarkMode() })
  model.show("isDarkMode", \.isDarkMode)
  model.show("secondsOpen", \.secondsOpen)
}
