public import Dispatch
import Foundation
import OpenCombine
import OpenCombineDispatch

/// A search screen's view-model as apps wrote it before Swift Concurrency: the main queue, a
/// cancellable `DispatchWorkItem` as a debounce, a Combine pipeline on a Dispatch scheduler, a
/// callback API answering on a background queue, and a `Timer` countdown. Nothing in it knows
/// about vmrepl.
@MainActor
public final class LegacySearchViewModel {
  /// The text field; every change goes through the Combine pipeline below.
  @Published public private(set) var query = ""
  public private(set) var results: [String] = []
  public private(set) var isSearching = false
  /// How many requests reached the API.
  public private(set) var requests = 0
  /// The draft, saved a second after the last keystroke.
  public private(set) var savedDraft: String?
  /// The "offer expires in" countdown.
  public private(set) var secondsLeft = 0
  public private(set) var status = "idle"

  private var saveItem: DispatchWorkItem?
  private var countdown: Timer?
  private var cancellables = Set<AnyCancellable>()
  private let api: LegacySearchAPI

  public init(api: LegacySearchAPI) {
    self.api = api
    $query
      .removeDuplicates()
      .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main.ocombine)
      .sink { [weak self] text in
        // The debounce delivers on the main queue, which is the main actor.
        MainActor.assumeIsolated { self?.search(text) }
      }
      .store(in: &cancellables)
  }

  /// The user types: the search waits for a pause, the draft is saved a second later.
  public func type(_ text: String) {
    query = text
    saveItem?.cancel()
    let item = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.savedDraft = self?.query }
    }
    saveItem = item
    DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: item)
  }

  /// Clears the field and drops the draft that has not been saved yet.
  public func clear() {
    saveItem?.cancel()
    saveItem = nil
    query = ""
  }

  private func search(_ text: String) {
    guard !text.isEmpty else {
      results = []
      return
    }
    isSearching = true
    requests += 1
    api.search(text) { [weak self] found in
      // The API calls back on its own queue; the view-model hops to the main queue.
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard let self, self.query == text else { return }
          self.results = found
          self.isSearching = false
        }
      }
    }
  }

  /// Starts the countdown: a repeating `Timer` on the main run loop.
  public func startCountdown(seconds: Int) {
    countdown?.invalidate()
    secondsLeft = seconds
    status = "counting"
    countdown = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] timer in
      // The main run loop's timers fire on the main thread, so this is the main actor.
      let finished = MainActor.assumeIsolated { self?.tick() ?? true }
      if finished { timer.invalidate() }
    }
  }

  /// One second of the countdown; true when it has run out.
  private func tick() -> Bool {
    secondsLeft -= 1
    guard secondsLeft == 0 else { return false }
    status = "expired"
    countdown = nil
    return true
  }

  // A repeating timer is owned by the run loop, not by the view-model: without this, a screen
  // that goes away would leave it ticking until its next firing finds `self` gone.
  isolated deinit {
    countdown?.invalidate()
  }

  public func stopCountdown() {
    countdown?.invalidate()
    countdown = nil
    status = "stopped"
  }
}

/// A callback API in the style of a networking library: it answers on a background queue
/// after `latency`.
public final class LegacySearchAPI: Sendable {
  static let catalog = ["Swift", "SwiftUI", "Swing", "Sweden", "Combine", "Concurrency", "Dispatch"]
  let latency: DispatchTimeInterval

  public init(latency: DispatchTimeInterval) {
    self.latency = latency
  }

  public func search(_ text: String, completion: @escaping @Sendable ([String]) -> Void) {
    let catalog = Self.catalog
    DispatchQueue.global().asyncAfter(deadline: .now() + latency) {
      completion(catalog.filter { $0.lowercased().hasPrefix(text.lowercased()) })
    }
  }
}
