// MyApp's view-models in vmrepl: `swift run myapp-repl`, then `models`.
// The app's files are compiled as they are (Package.swift); this file only registers them.
@testable import MyApp
import AppleUIKit  // UIKit under its Linux name: this target has no module aliases
import Foundation
import Scenario
import VMReplCLI

/// A failure the scripted services give, with the message an app would show.
struct ScriptedError: LocalizedError {
  var errorDescription: String?
}

let stopwatch = ModelDefinition("stopwatch", summary: "ObservableObject with only Foundation: a repeating run-loop Timer") { _ in
  StopwatchViewModel()
} describe: { model in
  model.action("start", "start(): a 1 s Timer on the main run loop") { viewModel, _ in viewModel.start() }
  model.action("lap", "lap(): record the elapsed seconds") { viewModel, _ in viewModel.lap() }
  model.action("stop", "stop(): invalidate the Timer") { viewModel, _ in viewModel.stop() }
  model.action("reset", "reset(): stop and clear") { viewModel, _ in viewModel.reset() }
  model.show("elapsedText", \.elapsedText)
  model.show("laps", \.laps)
  model.show("isRunning", \.isRunning)
}

let citySearch = ModelDefinition("citySearch", summary: "import Combine: a search debounced 300 ms on RunLoop.main") { _ in
  CitySearchViewModel()
} describe: { model in
  model.property("searchText", \.searchText)
  model.show("searchText", \.searchText)
  model.show("results", \.results)
  model.show("searchCount", \.searchCount)
}

let countdown = ModelDefinition(
  "countdown",
  summary: "import SwiftUI and Combine: a Timer.publish countdown with a Color tint",
  options: [Parameter("seconds", .int, default: .int(5), "where the countdown starts")]
) { context in
  CountdownViewModel(duration: context.options.int("seconds"))
} describe: { model in
  model.action("start", "start(): Timer.publish(every: 1, on: .main, in: .common).autoconnect()") { viewModel, _ in viewModel.start() }
  model.action("pause", "pause(): cancel the subscription") { viewModel, _ in viewModel.pause() }
}

/// The app's `BookStore`, answered by the scenario (`respond books ok`).
struct ScriptedBookStore: BookStore {
  let server: ScriptedDependency<[Book]>
  func fetchBooks() async throws -> [Book] { try await server.request("GET /books") }
}

let readingList = ModelDefinition("readingList", summary: "@Observable with import SwiftUI: withAnimation, LocalizedStringKey") { context in
  let server = context.dependency(
    "books",
    outcomes: [
      Outcome("ok", [Parameter("titles", .list(.string), default: .list([.string("Dune"), .string("Emma"), .string("Ulysses")]))], "books with these titles, ids from 1"),
      Outcome("offline", [], "the request fails"),
    ]
  ) { answer -> Result<[Book], any Error> in
    guard answer.name == "ok" else { return .failure(ScriptedError(errorDescription: "The Internet connection appears to be offline.")) }
    return .success(answer.arguments.list("titles", of: String.self).enumerated().map { Book(id: $0.offset + 1, title: $0.element) })
  }
  return ReadingListViewModel(store: ScriptedBookStore(server: server))
} describe: { model in
  model.asyncAction("load", "load() async") { viewModel, _ in await viewModel.load() }
  model.action("toggleRead", "toggleRead(_:) inside withAnimation(.spring())", parameters: [Parameter("id", .int)]) { viewModel, arguments in
    viewModel.toggleRead(arguments.int("id"))
  }
  model.action("remove", "remove(_:) inside withAnimation, editing ends in its completion", parameters: [Parameter("id", .int)]) { viewModel, arguments in
    viewModel.remove(arguments.int("id"))
  }
  model.property("isEditing", \.isEditing)
}

/// The app's `FeedServiceProtocol`, answered by the scenario (`respond feed ok count=3`).
struct ScriptedFeedService: FeedServiceProtocol {
  let server: ScriptedDependency<[Post]>
  func fetchPosts(for user: String) async throws -> [Post] { try await server.request("GET /users/\(user)/posts") }
}

let feed = ModelDefinition("feed", summary: "import OSLog: a loader that logs with Logger and privacy") { context in
  let server = context.dependency(
    "feed",
    outcomes: [
      Outcome("ok", [Parameter("count", .int, default: .int(3)), Parameter("pinned", .int, default: .int(1))], "posts, the first `pinned` of them pinned"),
      Outcome("offline", [], "the request fails"),
    ]
  ) { answer -> Result<[Post], any Error> in
    guard answer.name == "ok" else { return .failure(ScriptedError(errorDescription: "The Internet connection appears to be offline.")) }
    let pinned = answer.arguments.int("pinned")
    return .success((0..<answer.arguments.int("count")).map { Post(id: $0 + 1, title: "Post \($0 + 1)", isPinned: $0 < pinned) })
  }
  return FeedViewModel(service: ScriptedFeedService(server: server))
} describe: { model in
  model.asyncAction("refresh", "refresh(user:) async", parameters: [Parameter("user", .string, default: .string("ann"))]) { viewModel, arguments in
    await viewModel.refresh(user: arguments.string("user"))
  }
}

let session = ModelDefinition("session", summary: "import os and UIKit: app notifications through NotificationCenter publishers, os_log") { _ in
  SessionViewModel()
} describe: { model in
  model.action("enterForeground", "post UIApplication.willEnterForegroundNotification on the main thread") { _, _ in
    NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: nil)
  }
  model.action("enterBackground", "post UIApplication.didEnterBackgroundNotification from DispatchQueue.global()") { _, _ in
    DispatchQueue.global().async {
      NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
    }
  }
  model.show("foregroundCount", \.foregroundCount)
  model.show("lastEvent", \.lastEvent)
  model.show("transitionCount", \.transitionCount)
}

// The app's own `WeatherService` (URL building, status check, JSON decoding) runs on
// `URLSession.shared` unchanged; the scenario answers each request with `respond http` or a
// `stub http` (vmrepl's `http` dependency, which every model has).
let weather = ModelDefinition("weather", summary: "a service on URLSession.shared with only import Foundation") { _ in
  WeatherViewModel()
} describe: { model in
  model.asyncAction("load", "load() async: GET /forecast?city=") { viewModel, _ in await viewModel.load() }
  model.property("city", \.city)
}

let quote = ModelDefinition("quote", summary: "import Combine: URLSession.shared.dataTaskPublisher, decode, receive(on: DispatchQueue.main)") { _ in
  QuoteViewModel()
} describe: { model in
  model.action("fetch", "fetch(): a dataTaskPublisher pipeline") { viewModel, _ in viewModel.fetch() }
}

let users = ModelDefinition("users", summary: "fetch in init with a dataTask and a hop to main; a @UserDefault flag") { _ in
  UsersViewModel()
} describe: { model in
  model.action("fetch", "fetch(): dataTask, decode, DispatchQueue.main.async") { viewModel, _ in viewModel.fetch() }
  model.action("dismissOnboarding", "dismissOnboarding(): remember it in UserDefaults") { viewModel, _ in viewModel.dismissOnboarding() }
}

VMReplCommandLine.main(models: [stopwatch, citySearch, countdown, readingList, feed, session, weather, quote, users])
