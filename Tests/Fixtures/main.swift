// A REPL binary made the way a user makes theirs (`VMReplCommandLine.main(models:)`), with
// view-models that misbehave on purpose, for the tests of Ctrl-C, runaway steps and crashes.
import Dispatch
import Scenario
import StandInSupport
import VMReplCLI

/// A view-model whose work never ends by itself, and one action that traps.
@MainActor
final class Spinner {
  var spins = 0

  /// Work that is always ready to run again: a step that starts it never becomes idle.
  func spin() -> Task<Void, Never> {
    Task {
      while !Task.isCancelled {
        spins += 1
        await Task.yield()
      }
    }
  }

  func trap() -> Never {
    fatalError("the spinner trapped on purpose")
  }

  /// A synchronous loop that never returns: only the watchdog can end it.
  func hang() {
    var counter = 0
    while counter >= 0 { counter = (counter &+ 1) & 0xFFFF }
  }

  /// Work that ticks every millisecond until cancelled: heavy, time moving, never idle.
  func tick() -> Task<Void, Never> {
    Task {
      while !Task.isCancelled {
        spins += 1
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  /// Hidden work that yields forever and ignores cancellation.
  func stubborn() {
    Task {
      while true {
        spins += 1
        await Task.yield()
      }
    }
  }
}

let spinner = ModelDefinition("spinner", summary: "work that never becomes idle, and a trap") { _ in
  Spinner()
} describe: { model in
  model.action("spin", "start work that yields forever until cancelled", tracking: { spinner, _ in spinner.spin() })
  model.action("tick", "start work that sleeps 1 ms and counts, until cancelled", tracking: { spinner, _ in spinner.tick() })
  model.action("trap", "call fatalError", perform: { spinner, _ in spinner.trap() })
  model.action("hang", "a synchronous loop that never returns", perform: { spinner, _ in spinner.hang() })
  model.action("stubborn", "hidden work that yields forever, ignoring cancellation", perform: { spinner, _ in spinner.stubborn() })
  model.property("spins", \.spins)
}

/// A view-model that reads what the simulation does not control: a count kept in a global, which
/// goes on counting when a session is re-run, as a file or a server would.
@MainActor
final class Ticket {
  @MainActor static var issued = 0
  var number = 0

  func take() {
    Ticket.issued += 1
    number = Ticket.issued
  }
}

let ticket = ModelDefinition("ticket", summary: "reads a global counter outside the simulation") { _ in
  Ticket()
} describe: { model in
  model.action("take", "take the next ticket number from a process-wide counter", perform: { ticket, _ in ticket.take() })
}

/// A count kept by an actor: each increment is one actor call, so no order can lose one.
actor Counter {
  var value = 0
  func increment() { value += 1 }
}

/// Two concurrent increments of an actor-serialized counter, then the total shown.
@MainActor
final class ActorTally {
  let counter = Counter()
  var shown = 0

  func addBoth() async {
    async let first: Void = counter.increment()
    async let second: Void = counter.increment()
    _ = await (first, second)
    shown = await counter.value
  }
}

let actorTally = ModelDefinition("actor-tally", summary: "two concurrent increments of an actor's counter (race-free)") { _ in
  ActorTally()
} describe: { model in
  model.connect("two increments at once, then show the total") { tally in await tally.addBoth() }
  model.show("shown", \.shown)
}

/// One task reads, yields and writes back, while another task ticks a different property:
/// there are choice points, but nothing else touches the count.
@MainActor
final class SoloWriter {
  var count = 0
  var ticks = 0

  func run() async {
    async let writer: Void = readYieldWrite()
    async let ticker: Void = tick()
    _ = await (writer, ticker)
  }

  private func readYieldWrite() async {
    for _ in 0..<3 {
      let current = count
      await Task.yield()
      await Counter().increment()
      count = current + 1
    }
  }

  private func tick() async {
    for _ in 0..<3 {
      await Counter().increment()
      ticks += 1
    }
  }
}

let soloWriter = ModelDefinition("solo-writer", summary: "one task's read-yield-write beside unrelated work (race-free)") { _ in
  SoloWriter()
} describe: { model in
  model.connect("the writer and the ticker at once") { solo in await solo.run() }
  model.show("count", \.count)
  model.show("ticks", \.ticks)
}

/// Traps when the second of two concurrent loads finishes first: a crash only some orders show.
@MainActor
final class Fragile {
  var finished: [String] = []

  func loadBoth() async {
    async let first: Void = load("first")
    async let second: Void = load("second")
    _ = await (first, second)
  }

  private func load(_ name: String) async {
    await Counter().increment()
    finished.append(name)
    precondition(finished[0] == "first", "the second load finished first")
  }
}

let fragile = ModelDefinition("fragile", summary: "traps when the second of two loads finishes first") { _ in
  Fragile()
} describe: { model in
  model.connect("both loads at once") { fragile in await fragile.loadBoth() }
  model.show("finished", \.finished)
}

/// Work whose order the runtime fixes: main-actor tasks and main-queue blocks (one serial lane),
/// and blocks on one serial queue, beside global work that may run at any time. No schedule may
/// change `main` or `queued`.
@MainActor
final class FixedOrder {
  var main: [String] = []
  var queued: [String] = []
  var global = 0

  func start() {
    let queue = DispatchQueue(label: "fixed-order")
    Task.detached { await Counter().increment() }
    Task { self.main.append("task 1") }
    DispatchQueue.main.async { self.main.append("main block") }
    queue.async { DispatchQueue.main.async { self.queued.append("serial 1") } }
    Task.detached { await Counter().increment() }
    Task { self.main.append("task 2") }
    queue.async { DispatchQueue.main.async { self.queued.append("serial 2") } }
    Task { self.main.append("task 3") }
  }
}

let fixedOrder = ModelDefinition("fixed-order", summary: "main-actor, main-queue and serial-queue work whose order no schedule may change") { _ in
  FixedOrder()
} describe: { model in
  model.action("start", "start everything at once", perform: { fixed, _ in fixed.start() })
  model.show("main", \.main)
  model.show("queued", \.queued)
}

StandIns.declare(locatorStandIns)
StandInFailures.install(spaceServiceFailures)
StandInStrings.install(json: fixtureStrings)
VMReplCommandLine.main(models: [
  spinner, inbox, drafts, ticket, actorTally, soloWriter, fragile, fixedOrder, twoTimers, typing, poller, dashboard, scrumClock, backgroundLoader, productList, sleepers, weather, launches,
  legacyLoader, threadWorker, pipeline, importer, handshake, seatBooking, jobWorker,
  workout, movieSearch, sessionClock, notificationSettings, brokenLaunch, appearanceSettings, blockingAutosave,
  stopwatches, articleList, syncStatus, citySearch, searchHistory, download, photoGrid, ticker, shapeModel,
  basket, safeBasket, headlines, safeHeadlines, pager, safePager, photoList, safePhotoList, categorySearch, safeCategorySearch, visits, busyBadge,
  episodeLoader, safeEpisodeLoader, newsSearch, safeNewsSearch, choreList, safeChoreList, appSettings, lateSave, logoutConfirmation, safeLogoutConfirmation, disappearingLogoutConfirmation, errandList,
  remindersList, searchResults, bookmarkList, profileHeader, plusPricing, safePlusPricing, authorPosts, safeAuthorPosts, statusPoll, safeStatusPoll, gatedStatusPoll, postActions, safePostActions, sessionAccount, safeSessionAccount, listMembers, feedPager, unreadFeedPager, typoFeedPager, tokenizer, unguardedTokenizer, encryptionReset, sentEncryptionReset, encryptionResetStep, sensorDetail, suggestionAccount, safeSuggestionAccount, leaveSpace, safeLeaveSpace, keyBackup, safeKeyBackup, userSearch, safeUserSearch, backgroundSuggestions, safeBackgroundSuggestions, followButton, plainFollowButton, paletteHeader, paletteTrap,
  moviePages, safeMoviePages, movieDetail, advancedSettings, memberDetails, ungatedMemberDetails, typoMemberDetails,
], routes: auditRoutes)
