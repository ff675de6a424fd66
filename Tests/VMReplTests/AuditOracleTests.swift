import Foundation
import TestSupport
import Testing

/// `audit` on bugs apps ship, each beside its correct twin (issue 72): a count read before a
/// sleep and written back after it, a spinner on a plain settable `@Published var` a failed load
/// leaves on, a model whose `init` traps, a plain cache filled on a global queue. Each is found,
/// its twin is not, and each finding's scenario fails on `run` while its twin's passes.
@Suite("audit's oracles on the forms apps write")
struct AuditOracleTests {
  static let models = [
    "basket", "safe-basket", "headlines", "safe-headlines", "pager", "safe-pager", "photo-list", "safe-photo-list", "category-search",
    "safe-category-search", "episode-loader", "safe-episode-loader", "news-search", "safe-news-search",
  ]

  @Test("a lost update across a sleep, a spinner left on by a failed load, a trap in `init`, a plain property written off the main thread and an answer to an edited query dropped are found; their twins are not")
  func foundAndTwinsClean() async throws {
    let folder = try VMReplProcess.folder("audit-oracles", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit"] + Self.models, executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    let fixture = VMReplProcess.packageRoot.appendingPathComponent("Tests/Fixtures/AuditShapes.swift").path
    #expect(
      result.output == """
        basket (BasketViewModel): 1 finding
          lost update: `send add`, `send add` sent quickly end with `count` 1; one after another, in either order, never; a user gets there with the "Add to basket" button (BasketView.swift:14), twice
            evidence: quickly: count == 1; one after another: 2
            code: BasketViewModel.add() async
            not a bug unless the view is meant to drop or merge quick taps this way
            scenario: audit/basket/lost-update.scenario
        headlines (HeadlinesViewModel): 1 finding
          loading flag left set: `isLoading` is still true after `send refresh` and its requests answered offline, with nothing left running
            evidence: isLoading == true at the end; no effect, timer or request of the model is left
            code: HeadlinesViewModel.refresh() async
            not a bug unless `isLoading` is meant to stay set once set (then it is no loading flag)
            scenario: audit/headlines/loading-left-set.scenario
        pager: 1 finding
          trap: the app trapped (signal 4) making the model: `use pager`
            evidence: Swift/ClosedRange.swift:411: Fatal error: Range requires lowerBound <= upperBound
            code: PagerViewModel.init(pageCount:guarded:) at \(fixture):84
            not a bug unless the app never makes this model with what its registration gives it (an `Overrides.swift` line can give other values)
            scenario: audit/pager/trap.scenario
        photo-list (PhotoListViewModel): 1 finding
          write off the main thread: `cache` (a plain property, of a model whose actions run on the main thread) written off the main thread after `send load`
            evidence: warning: `cache` (neither @Published nor @Observable: no view is told) changed off the main thread, by closure #1 in PhotoListViewModel.load() at Tests/Fixtures/AuditShapes.swift:147 on DispatchQueue.global() (work of `send load`); nothing warns, and unless a lock guards it, the write races with the main thread's reads, if any
            code: closure #1 in PhotoListViewModel.load() at Tests/Fixtures/AuditShapes.swift:147 on DispatchQueue.global() (work of `send load`)
            not a bug unless no code on the main thread touches `cache`, or a lock guards every read and write of it
            scenario: audit/photo-list/off-main-write.scenario
        category-search (CategorySearchViewModel): 1 finding
          loading flag left set: `isLoadingData` is still true after `set searchText "swift"`, `set searchText "swift"`, with nothing left running
            evidence: isLoadingData == true at the end; no effect, timer or request of the model is left
            not a bug unless `isLoadingData` is meant to stay set once set (then it is no loading flag); it shows only when `searchText` is set again to the text it holds: a bug where a user can type the same text again, or type and delete back to it
            scenario: audit/category-search/loading-left-set.scenario
        episode-loader (EpisodeLoaderViewModel): 1 finding
          main thread blocked: the main thread waits in DispatchSemaphore.wait() during `send load`, while other threads run
            evidence: warning: the main thread was blocked in DispatchSemaphore.wait() from 0.000s to 10.000s while other threads ran; on a device the UI cannot respond meanwhile
            code: EpisodeLoaderViewModel.load() async
            not a bug unless the wait is always too short to see (vmrepl times it in virtual time: it ran as long as the threads it waited for)
            scenario: audit/episode-loader/main-thread-blocked.scenario
        news-search (NewsSearchViewModel): 1 finding
          lost update: `searchQuery` set again while `send searchArticle` was still running ends with `phase` .empty; set again after it, .success(…); a user gets there with the search field (SearchTabView.swift:24), then submitting the text (SearchTabView.swift:25), then the search field (SearchTabView.swift:24)
            evidence: `set searchQuery "swift"`, `send searchArticle`, `set searchQuery "swiftui"` sent quickly: phase == .empty; one after another, in either order: never (.success(…) in order)
            code: NewsSearchViewModel.searchArticle() async
            not a bug unless `phase` .empty is what the screen should show when the user changes `searchQuery` while `searchArticle` runs
            scenario: audit/news-search/lost-update.scenario
        safe-basket: nothing found in 3 sequences (4 probes)
        safe-headlines: nothing found in 3 sequences (11 probes)
        safe-pager: nothing found in 3 sequences (4 probes)
        safe-photo-list: nothing found in 3 sequences (5 probes)
        safe-category-search: nothing found in 5 sequences (9 probes)
        safe-episode-loader: nothing found in 3 sequences (12 probes)
        safe-news-search: nothing found in 10 sequences (28 probes)
        7 findings in 7 of 14 models; 57 sequences, 181 probes, seed 0

        """)
    // Each finding's scenario fails while the bug is there, and passes on its twin.
    for (model, kind) in [
      ("basket", "lost-update"), ("headlines", "loading-left-set"), ("pager", "trap"), ("photo-list", "off-main-write"),
      ("category-search", "loading-left-set"), ("episode-loader", "main-thread-blocked"), ("news-search", "lost-update"),
    ] {
      try await Self.failsOnBugPassesOnTwin("audit/\(model)/\(kind).scenario", model: model, in: folder)
    }
  }

  /// Runs a finding's scenario (`audit/MODEL/KIND.scenario`): it fails on `model`, and passes
  /// once `use` names its twin, `safe-MODEL`, the bug fixed.
  static func failsOnBugPassesOnTwin(_ path: String, model: String, in folder: URL) async throws {
    let bug = try await VMReplProcess.run(["run", path], executable: "VMReplFixtures", directory: folder)
    #expect(bug.status != 0, "\(path)")
    let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    try text.replacingOccurrences(of: "use \(model)\n", with: "use safe-\(model)\n")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let fixed = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(fixed.status == 0, "\(path) on safe-\(model): \(fixed.output)\(fixed.errors)")
  }

  @Test("an older pick's answer arriving last is found though both routes end in the same word (`/authors/1/posts`, `/authors/2/posts`): the older route out with a newer one answers `posts-2`; the twin that drops it is clean, and a load that asks again by the id its last answer gave is no lost update")
  func staleAnswerOfAnotherRoute() async throws {
    let folder = try VMReplProcess.folder("audit-author-posts", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "author-posts", "safe-author-posts", "movie-detail"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        author-posts (AuthorPostsViewModel): 1 finding
          answers out of order: after `send showAuthor id=1`, `send showAuthor id=2` sent quickly, the older answer arriving last leaves `posts[0].id` "posts-2", not "posts"
            evidence: answered oldest first: posts[0].id == "posts"; newest first: "posts-2" (a stale answer overwrote a newer one)
            code: AuthorPostsViewModel.showAuthor(id:) async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/author-posts/answer-order.scenario
        safe-author-posts: nothing found in 3 sequences (14 probes)
        movie-detail: nothing found in 3 sequences (14 probes)
        1 finding in 1 of 3 models; 9 sequences, 48 probes, seed 0

        """)
    let path = "audit/author-posts/answer-order.scenario"
    let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    // The older route, out with the newer, answers with its own strings: `posts-2`.
    #expect(text.contains(#"respond http GET /api/authors/1/posts json="[{\"id\":\"posts-2\",\"content\":\"posts-2\"}"#))
    try await Self.failsOnBugPassesOnTwin(path, model: "author-posts", in: folder)
  }

  @Test("a poll fetched before a vote and answered after it puts the unvoted poll back (IceCubesApp's `StatusPollViewModel`): found, as answers of one resource show the writes sent before them; the twin that drops it is clean, and neither a vote then a fetch nor a second vote sending the choices the first answer gave is a lost update")
  func staleFetchAfterAWrite() async throws {
    let folder = try VMReplProcess.folder("audit-status-poll", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "status-poll", "safe-status-poll"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        status-poll (StatusPollViewModel): 1 finding
          answers out of order: after `send fetchPoll`, `send postVotes` sent quickly, the older answer arriving last leaves `poll.options[0].title` "polls", not "polls v2"
            evidence: answered oldest first: poll.options[0].title == "polls v2"; newest first: "polls" (a stale answer overwrote a newer one)
            code: StatusPollViewModel.fetchPoll() async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/status-poll/answer-order.scenario
        safe-status-poll: nothing found in 7 sequences (43 probes)
        1 finding in 1 of 2 models; 14 sequences, 92 probes, seed 0

        """)
    let path = "audit/status-poll/answer-order.scenario"
    let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    // The vote is answered with the poll it voted on, as its vote left it; the fetch sent before
    // it, with the poll as it was.
    #expect(text.contains(#"respond http POST /api/v1/polls/1/votes? json="{\"id\":\"1\",\"expired\":false,"#))
    #expect(text.contains(#"{\"title\":\"polls v2\",\"votesCount\":1}"#))
    try await Self.failsOnBugPassesOnTwin(path, model: "status-poll", in: folder)
  }

  @Test("ChatGPTSwiftUI's tokenizer: a cache written in barrier blocks of its own concurrent queue (GPTEncoder's `AtomicDict`) is said, not warned of, and two quick texts a debounce tokenizes once are no lost update; the twin's cache written on a global queue with no lock is found")
  func barrierCacheAndRetypedText() async throws {
    let folder = try VMReplProcess.folder("audit-tokenizer", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "tokenizer", "unguarded-tokenizer"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    let fixture = try String(contentsOf: VMReplProcess.packageRoot.appendingPathComponent("Tests/Fixtures/Tokenizer.swift"), encoding: .utf8)
    let lines = fixture.split(separator: "\n", omittingEmptySubsequences: false)
    let plainLine = try #require(lines.firstIndex { $0.contains("set { DispatchQueue.global().async { self.storage[key] = newValue } }") }) + 1
    let barrierLine = try #require(lines.firstIndex { $0.contains("set { queue.async(flags: .barrier)") }) + 1
    let job = "closure #1 in PlainCache.subscript.setter at Tests/Fixtures/Tokenizer.swift:\(plainLine) on DispatchQueue.global() (work of `set inputText \"swift\"`)"
    #expect(
      result.output == """
        unguarded-tokenizer (TokenizerViewModel): 1 finding
          write off the main thread: `tokenizer.plain.storage` (a plain property, of a model whose actions run on the main thread) written off the main thread after `set inputText "swift"`
            evidence: warning: `tokenizer.plain.storage` (neither @Published nor @Observable: no view is told) changed off the main thread, by \(job) during `advance 1s`; nothing warns, and unless a lock guards it, the write races with the main thread's reads, if any
            code: \(job)
            not a bug unless no code on the main thread touches `tokenizer.plain.storage`, or a lock guards every read and write of it
            scenario: audit/unguarded-tokenizer/off-main-write.scenario
        tokenizer: nothing found in 5 sequences (10 probes)
        1 finding in 1 of 2 models; 10 sequences, 29 probes, seed 0

        """)
    // The finding's scenario fails on the unguarded cache and passes on AtomicDict's, which
    // `run` notes instead.
    let path = "audit/unguarded-tokenizer/off-main-write.scenario"
    let bug = try await VMReplProcess.run(["run", path], executable: "VMReplFixtures", directory: folder)
    #expect(bug.status != 0)
    let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    try text.replacingOccurrences(of: "use unguarded-tokenizer\n", with: "use tokenizer\n")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let twin = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(twin.status == 0, "\(twin.output)")
    #expect(twin.output.contains(
      "[1.300s] `tokenizer.cache.dictStorage` (neither @Published nor @Observable) changed off the main thread, by closure #1 in AtomicDict.subscript.setter "
        + "at Tests/Fixtures/Tokenizer.swift:\(barrierLine) on DispatchQueue `com.swiftgptencoder.atomic` (work of `set inputText \"swift\"`), "
        + "a barrier block of that concurrent queue: no other block of that queue runs meanwhile, so reads made through it (`sync`) do not race with the write; a read outside it would\n"))
    // --explain says why neither oracle fired.
    let explained = try await VMReplProcess.run(["audit", "--explain", "tokenizer"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.contains(
      "  write off the main thread: `tokenizer.cache.dictStorage` written off the main thread only in barrier blocks of a concurrent queue, "
        + "which reads through that queue (`sync`) wait for: a lock the app wrote, not a race\n"))
    #expect(explained.output.contains(
      "  lost update: `inputText` set again and again, as typing does: what the later text makes is meant to replace what the earlier one started (a debounce, a search dropping the older query)\n"))
  }

  @Test("an action only the model's own code calls (element-x's `resetWith(password:)`, a step of its reset flow that traps when called first) is not sent, and `--explain` says so; registered as any action, its trap is what the audit reported")
  func calledOnlyByModelNotSent() async throws {
    let folder = try VMReplProcess.folder("audit-encryption-reset", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "encryption-reset", "sent-encryption-reset"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "sent-encryption-reset (EncryptionResetViewModel): 1 finding")
    #expect(lines.dropFirst().first == #"  trap: the app trapped (signal 4) at `send resetWith password="swift"`"#)
    #expect(lines.suffix(2) == ["encryption-reset: nothing found in 7 sequences (11 probes)", "1 finding in 1 of 2 models; 20 sequences, 34 probes, seed 0"])
    let explained = try await VMReplProcess.run(["audit", "--explain", "encryption-reset"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.hasPrefix("""
      encryption-reset (EncryptionResetViewModel): what audit tried, and why each check did or did not find something
        actions: reset, cancel
        not sent: resetWith (only the model's own code calls it; no view or other file of the app does)

      """))
    #expect(!explained.output.contains("send resetWith"))
    // Its only action one the model calls: "no action" would be untrue.
    let alone = try await VMReplProcess.run(["audit", "encryption-reset-step"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(alone.output == """
      encryption-reset-step: nothing found when shown and left (1 probe); its registration has no action a view can start (`resetWith`: only the model's own code calls it) and no settable property to try
      0 findings in 0 of 1 model; 1 sequences, 1 probes, seed 0

      """)
  }

  @Test("an action the app's views offer only in some states (element-x's `createDirectChat`, sent from an invite sheet) is sent only in them, and `--explain` and `send` say so; offered always, its trap is what audit reported")
  func offeredOnlyInSomeStates() async throws {
    let folder = try VMReplProcess.folder("audit-member-details", files: [
      "sheet.scenario": "use member-details\nsend dismissInvite\n",
      "flow.scenario": "use member-details\nsend loadMember\nsend openDirectChat\nsend createDirectChat\n",
      "typo.scenario": "use typo-member-details\n",
      "trap.scenario": "use member-details\nsend createDirectChat\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "member-details", "ungated-member-details"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "ungated-member-details (MemberDetailsViewModel): 2 findings")
    #expect(lines.contains("  trap: the app trapped (signal 4) at `send createDirectChat`"))
    #expect(lines.contains("member-details: nothing found in 21 sequences (42 probes)"), "\(result.output)")
    let explained = try await VMReplProcess.run(["audit", "--explain", "member-details"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.hasPrefix("""
      member-details (MemberDetailsViewModel): what audit tried, and why each check did or did not find something
        actions: loadMember, openDirectChat, createDirectChat, dismissInvite
        sent only when a view offers it: openDirectChat, offered when `context.viewState.memberDetails != nil` (RoomMemberDetailsScreen.swift:94)
        sent only when a view offers it: createDirectChat, offered when `.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34)
        sent only when a view offers it: dismissInvite, offered when `.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34)
        set: nothing (a loading flag is the code's to set, never the audit's)
        cleanup before leaving: dismissInvite
      sequence 1: the screen shown and left (`use member-details`)

      """), "\(explained.output)")
    #expect(explained.output.contains("""
        one step at a time, answered with data: 0 requests, at rest
          not sent, no view offered it then: send createDirectChat: `.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34)
          not sent, no view offered it then: send dismissInvite: `.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34)
        trap: no probe trapped
        the other checks: no step sent (no view offered it then); the sequence is the screen shown and left

      """))
    // Once the member is loaded, the view offers the message button, and audit sends it.
    #expect(explained.output.contains("sequence 19: `send loadMember`, `send openDirectChat`\n  one step at a time, answered with data: 0 requests, at rest\n  sent quickly, answers oldest first: 0 requests, at rest\n  trap: no probe trapped\n"), "\(explained.output)")
    // `send` runs it as asked, and says no view would.
    let sent = try await VMReplProcess.run(["run", "flow.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(sent.status == 0, "\(sent.output)")
    #expect(!sent.output.contains("offer"))
    let typo = try await VMReplProcess.run(["run", "typo.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(typo.status != 0)
    #expect((typo.output + typo.errors).contains("`offered` names `createDirectChta`, which is no action of this model; did you mean `createDirectChat`?"), "\(typo.output)\(typo.errors)")
    // Where the action traps, the note is said with the crash: the step's output never comes.
    let trap = try await VMReplProcess.run(["run", "trap.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(trap.status != 0)
    #expect(trap.errors.contains(
      "the view-model crashed during line 2 `send createDirectChat`\nnote: the app's views offer `createDirectChat` only when `.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34); not so now\n"),
      "\(trap.errors)")
    let sheet = try await VMReplProcess.run(["run", "sheet.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(sheet.output.contains(
      "> send dismissInvite\nthe app's views offer `dismissInvite` only when `.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34); not so now\n"),
      "\(sheet.output)")
  }

  @Test("a property no view binds or assigns (a page index only the code moves) is never set by audit, and `--explain` and `set` say so; settable as any, the trap its value causes is what audit reported")
  func propertyNoViewSets() async throws {
    let folder = try VMReplProcess.folder("audit-feed-pager", files: [
      "set.scenario": "use feed-pager\nset page 1\nset query \"a\"\n",
      "typo.scenario": "use typo-feed-pager\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "feed-pager", "unread-feed-pager"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "unread-feed-pager (FeedPagerViewModel): 1 finding", "\(result.output)")
    #expect(lines.contains("  trap: the app trapped (signal 4) at `send show`"))
    #expect(lines.contains("feed-pager: nothing found in 26 sequences (56 probes)"), "\(result.output)")
    let trap = try String(contentsOf: folder.appendingPathComponent("audit/unread-feed-pager/trap.scenario"), encoding: .utf8)
    #expect(trap.contains("set page "), "\(trap)")
    let explained = try await VMReplProcess.run(["audit", "--explain", "feed-pager"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.hasPrefix("""
      feed-pager (FeedPagerViewModel): what audit tried, and why each check did or did not find something
        actions: loadMore, showFirst, show
        set: query (a loading flag is the code's to set, never the audit's)
        not set: page (no view of the app binds or assigns it)

      """), "\(explained.output)")
    #expect(!explained.output.contains("set page"))
    let set = try await VMReplProcess.run(["run", "set.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(set.status == 0, "\(set.output)")
    #expect(set.output.contains("> set page 1\nno view of the app binds or assigns `page`; set as asked\n"), "\(set.output)")
    #expect(!set.output.contains("assigns `query`"))
    let typo = try await VMReplProcess.run(["run", "typo.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(typo.status != 0)
    #expect((typo.output + typo.errors).contains("typo.scenario:1:5: error: `notSetByViews` names `pgae`, which is no property of this model; did you mean `page`?"), "\(typo.output)\(typo.errors)")
  }

  @Test("a gated action's opener is sent first: IceCubesApp's vote, offered once an option is chosen, still races the poll's fetch, and the finding's scenario chooses the option")
  func gateOpenedFirst() async throws {
    let folder = try VMReplProcess.folder("audit-gated-poll", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "gated-status-poll"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    // The summary names the step the scenario sends so that the vote button shows.
    #expect(result.output.contains(
      "  answers out of order: after `send fetchPoll`, `send postVotes` sent quickly, the older answer arriving last leaves `poll.options[0].title` \"polls\", not \"polls v2\" (with `send select option=1` before `postVotes`, which no view offers until then)\n"),
      "\(result.output)")
    let scenario = try String(contentsOf: folder.appendingPathComponent("audit/gated-status-poll/answer-order.scenario"), encoding: .utf8)
    #expect(scenario.contains("# after `send fetchPoll`, `send postVotes` sent quickly, the older answer arriving last leaves `poll.options[0].title` \"polls\", not \"polls v2\" (with `send select option=1` before `postVotes`, which no view offers until then)\n"))
    #expect(scenario.contains("use gated-status-poll\nsend fetchPoll\nsend select option=1\nsend postVotes\n"), "\(scenario)")
    let run = try await VMReplProcess.run(["run", "audit/gated-status-poll/answer-order.scenario"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(run.status == 1, "\(run.output)")
  }

  @Test("actions one ButtonKit `AsyncButton` runs (IceCubesApp's follow button) are not sent quickly, which no user can do, and `--explain` says so; run by two plain buttons, an unfollow answered after the follow is found")
  func oneAtATimeButton() async throws {
    let folder = try VMReplProcess.folder("audit-follow-button", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "follow-button", "plain-follow-button"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        plain-follow-button (FollowButtonViewModel): 1 finding
          answers out of order: after `send follow`, `send unfollow` sent quickly, the older answer arriving last leaves `relationship.following` true, not false
            evidence: answered oldest first: relationship.following == false; newest first: true (a stale answer overwrote a newer one)
            code: FollowButtonViewModel.follow() async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/plain-follow-button/answer-order.scenario
        follow-button: nothing found in 7 sequences (31 probes)
        1 finding in 1 of 2 models; 14 sequences, 86 probes, seed 0

        """)
    let explained = try await VMReplProcess.run(
      ["audit", "--explain", "follow-button"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.contains("sequence 6: `send follow`, `send unfollow`\n  one step at a time, answered with data: 2 requests, at rest\n"))
    #expect(explained.output.contains(
      "  answers out of order: not sent quickly: `unfollow`, `follow` are run by one button that starts no new run while one runs (ButtonKit's `AsyncButton`), so no user can\n"))
  }

  @Test("a trap on values at their edge (a search answered with `\"total_pages\": 0`, which `1...totalPages` traps on) is found; the twin that shows no pages then is clean")
  func trapOnBoundaryValues() async throws {
    let folder = try VMReplProcess.folder("audit-movie-pages", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "movie-pages", "safe-movie-pages"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    let fixture = VMReplProcess.packageRoot.appendingPathComponent("Tests/Fixtures/AuditShapes.swift").path
    #expect(
      result.output == #"""
        movie-pages (MoviePagesViewModel): 1 finding
          trap: the app trapped (signal 4) at `respond http GET /3/search/movie?query=swift json="{\"page\":0,\"total_pages\":0,\"results\":[{\"id\":1,\"title\":\"\"}]}"`
            evidence: Swift/ClosedRange.swift:411: Fatal error: Range requires lowerBound <= upperBound
            code: MoviePagesViewModel.search() at \#(fixture):569
            not a bug unless the server never answers with these values (0, an empty string, false) where the code reads them
            scenario: audit/movie-pages/trap.scenario
        safe-movie-pages: nothing found in 3 sequences (14 probes)
        1 finding in 1 of 2 models; 6 sequences, 28 probes, seed 0

        """#)
    try await Self.failsOnBugPassesOnTwin("audit/movie-pages/trap.scenario", model: "movie-pages", in: folder)
  }

  @Test("two fields of one name (a base class's private `cancellables` and its subclass's) are not compared with each other: no lost update where quick taps and one after another end the same")
  func shadowedFields() async throws {
    let folder = try VMReplProcess.folder("audit-shadowed", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "bookmark-list"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output == """
        bookmark-list: nothing found in 3 sequences (4 probes)
        0 findings in 0 of 1 model; 3 sequences, 4 probes, seed 0

        """)
  }

  @Test("a model a sink it keeps holds alive after leaving is found, and `expect freed` fails on it; its twin, a model the app keeps on purpose and one a closure holds a few seconds are not")
  func notFreed() async throws {
    let folder = try VMReplProcess.folder("audit-not-freed", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "chore-list", "safe-chore-list", "app-settings", "late-save"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        chore-list (ChoreListViewModel): 1 finding
          model not freed: `ChoreListViewModel` is still alive after `use chore-list` and `leave`, with nothing of its own left running
            evidence: left the screen: `ChoreListViewModel` is still alive; no effect, timer or request of the model is left, and making it again gives a new object (not one the app keeps)
            code: what `ChoreListViewModel` holds: a closure, a subscription or a timer that captured it strongly
            not a bug unless the app keeps this model on purpose somewhere `use` does not reach (a cache of screens): else a closure, a subscription or a timer it holds captured it strongly (`[weak self]` breaks the cycle)
            scenario: audit/chore-list/not-freed.scenario
        safe-chore-list: nothing found in 3 sequences (4 probes)
        app-settings: nothing found in 3 sequences (4 probes)
        late-save: nothing found in 3 sequences (4 probes)
        1 finding in 1 of 4 models; 12 sequences, 20 probes, seed 0

        """)
    let bug = try await VMReplProcess.run(["run", "audit/chore-list/not-freed.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(bug.status != 0)
    #expect(bug.output.contains("expected freed, but not: `ChoreListViewModel` is still alive after `leave`") || bug.errors.contains("`ChoreListViewModel` is still alive after `leave`"), "\(bug.output)\(bug.errors)")
    let text = try String(contentsOf: folder.appendingPathComponent("audit/chore-list/not-freed.scenario"), encoding: .utf8)
    try text.replacingOccurrences(of: "use chore-list\n", with: "use safe-chore-list\n")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let fixed = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(fixed.status == 0, "\(fixed.output)\(fixed.errors)")
    // Before any `leave`, `expect freed` says what it needs.
    try "use safe-chore-list\nexpect freed\n".write(to: folder.appendingPathComponent("early.scenario"), atomically: true, encoding: .utf8)
    let early = try await VMReplProcess.run(["run", "early.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(early.status != 0)
    #expect((early.output + early.errors).contains("no `leave` yet: `leave` lets go of the model first"))
  }

  @Test("a cleanup only a button sends (element-x's logout sheet's \"Cancel\") is not sent on leaving: the wait it would stop outlives the sheet and is found; the twin whose wait holds the model weakly, and the view that cancels on `.onDisappear`, are clean")
  func leftWithoutButtonCleanup() async throws {
    let folder = try VMReplProcess.folder("audit-button-cleanup", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let models = ["logout-confirmation", "safe-logout-confirmation", "disappearing-logout-confirmation"]
    let result = try await VMReplProcess.run(["audit"] + models, executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        logout-confirmation (LogoutConfirmationViewModel): 1 finding
          work outlives the screen: work from `send logout` still runs after the screen went without `cancel` (only the "Cancel" button (SecureBackupLogoutConfirmationScreen.swift:71) sends it) and the model let go; a user gets there with the "Log out" button (SecureBackupLogoutConfirmationScreen.swift:58)
            evidence: work from `send logout` is still running; it waits on ContinuousClock sleep until 79.000s; the model was not freed: this work keeps it alive
            code: LogoutConfirmationViewModel.logout()
            not a bug unless that work is meant to outlive the screen (an app-wide service's, not this screen's)
            scenario: audit/logout-confirmation/outlives-screen.scenario
        safe-logout-confirmation: nothing found in 7 sequences (13 probes)
        disappearing-logout-confirmation: nothing found in 7 sequences (13 probes)
        1 finding in 1 of 3 models; 21 sequences, 45 probes, seed 0

        """)
    let bug = try await VMReplProcess.run(["run", "audit/logout-confirmation/outlives-screen.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(bug.status != 0)
    let text = try String(contentsOf: folder.appendingPathComponent("audit/logout-confirmation/outlives-screen.scenario"), encoding: .utf8)
    #expect(!text.contains("send cancel"))
    try text.replacingOccurrences(of: "use logout-confirmation\n", with: "use safe-logout-confirmation\n")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let fixed = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(fixed.status == 0, "\(fixed.output)\(fixed.errors)")
    let explained = try await VMReplProcess.run(["audit", "--explain", "logout-confirmation"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.contains("""
        cleanup before leaving: none
        left without `cancel`: only the "Cancel" button (SecureBackupLogoutConfirmationScreen.swift:71) sends it, which a user leaving the screen need not do
      sequence 1: the screen shown and left (`use logout-confirmation`)
      """))
    #expect(explained.output.contains("work outlives the screen: without `cancel` (a control's) and leaving: nothing left running, the model freed"))
    let disappearing = try await VMReplProcess.run(["audit", "--explain", "disappearing-logout-confirmation"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(disappearing.output.contains("""
        cleanup before leaving: cancel
      sequence 1: the screen shown and left (`use disappearing-logout-confirmation`)
      """))
  }

  @Test("two adds appended in another order, and an add's status-only answer after a fetch's, are no stale answers; a fetch answered after a later add is")
  func appendsInAnswerOrder() async throws {
    let folder = try VMReplProcess.folder("audit-list-members", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "list-members"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        list-members (ListMembersViewModel): 1 finding
          answers out of order: after `send fetchMembers`, `send add id="swift" username="swift"` sent quickly, the older answer arriving last leaves `accounts.count` 2, not 3
            evidence: answered oldest first: accounts.count == 3; newest first: 2 (a stale answer overwrote a newer one)
            code: ListMembersViewModel.fetchMembers() async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/list-members/answer-order.scenario
        1 finding in 1 of 1 model; 7 sequences, 49 probes, seed 0

        """)
    let explained = try await VMReplProcess.run(["audit", "--explain", "list-members"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.contains("answers out of order: the two orders differ only in the order of `accounts`'s elements: every answer's effect is there, none overwritten"), "\(explained.output)")
    #expect(explained.output.contains("answers out of order: the two orders differ, but the older answer is a write's that no code of its step is seen decoding"), "\(explained.output)")
  }

  @Test("two accounts switched to quickly: the first account's answer arriving last shows it under the second client; the twin drops it")
  func accountSwitchAnswers() async throws {
    let folder = try VMReplProcess.folder("audit-session-account", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "session-account", "safe-session-account"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        session-account (SessionAccountViewModel): 1 finding
          answers out of order: after `send setClient server="swift" accessToken="swift"`, `send setClient server="swiftui" accessToken="swiftui"` sent quickly, the older answer arriving last leaves `account.id` "verify_credentials-2", not "verify_credentials"
            evidence: answered oldest first: account.id == "verify_credentials"; newest first: "verify_credentials-2" (a stale answer overwrote a newer one)
            code: SessionAccountViewModel.setClient(client:)
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/session-account/answer-order.scenario
        safe-session-account: nothing found in 3 sequences (14 probes)
        1 finding in 1 of 2 models; 6 sequences, 34 probes, seed 0

        """)
    // Each server's answer is named by its host: a route alone would answer the older request.
    let text = try String(contentsOf: folder.appendingPathComponent("audit/session-account/answer-order.scenario"), encoding: .utf8)
    #expect(text.contains(#"respond http GET //swiftui/api/v1/accounts/verify_credentials json="{\"id\":\"verify_credentials\","#))
    let bug = try await VMReplProcess.run(["run", "audit/session-account/answer-order.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(bug.status != 0)
    try text.replacingOccurrences(of: "use session-account\n", with: "use safe-session-account\n")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let fixed = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(fixed.status == 0, "\(fixed.output)\(fixed.errors)")
  }

  @Test("a post's button tapped twice quickly (IceCubesApp's `StatusDataController`), its first answer arriving last, is found: `unfavourite` answers `favourited: false`; two buttons whose second request follows the first's answer are no lost update; the twin that drops a button's stale answer is clean")
  func postActionsVerbAnswers() async throws {
    let folder = try VMReplProcess.folder("audit-post-actions", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "post-actions", "safe-post-actions"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1, "\(result.errors)")
    #expect(
      result.output == """
        post-actions (PostActionsViewModel): 3 findings
          answers out of order: after `send toggleFavorite`, `send toggleFavorite` sent quickly, the older answer arriving last leaves `isFavorited` true, not false
            evidence: answered oldest first: isFavorited == false; newest first: true (a stale answer overwrote a newer one)
            code: PostActionsViewModel.toggleFavorite() async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/post-actions/answer-order.scenario
          answers out of order: after `send toggleReblog`, `send toggleReblog` sent quickly, the older answer arriving last leaves `isReblogged` true, not false
            evidence: answered oldest first: isReblogged == false; newest first: true (a stale answer overwrote a newer one)
            code: PostActionsViewModel.toggleReblog() async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/post-actions/answer-order-2.scenario
          answers out of order: after `send toggleBookmark`, `send toggleBookmark` sent quickly, the older answer arriving last leaves `isBookmarked` true, not false
            evidence: answered oldest first: isBookmarked == false; newest first: true (a stale answer overwrote a newer one)
            code: PostActionsViewModel.toggleBookmark() async
            not a bug unless the view is meant to show whichever answer comes last
            scenario: audit/post-actions/answer-order-3.scenario
        safe-post-actions: nothing found in 13 sequences (88 probes)
        3 findings in 1 of 2 models; 26 sequences, 194 probes, seed 0

        """)
    let bug = try await VMReplProcess.run(["run", "audit/post-actions/answer-order.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(bug.status != 0)
    let text = try String(contentsOf: folder.appendingPathComponent("audit/post-actions/answer-order.scenario"), encoding: .utf8)
    #expect(text.contains(#"respond http POST /api/v1/statuses/1/unfavourite json="{\"id\":\"1\",\"favourited\":false,"#))
    try text.replacingOccurrences(of: "use post-actions\n", with: "use safe-post-actions\n")
      .write(to: folder.appendingPathComponent("twin.scenario"), atomically: true, encoding: .utf8)
    let fixed = try await VMReplProcess.run(["run", "twin.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(fixed.status == 0, "\(fixed.output)\(fixed.errors)")
    // A reblog tapped after the bookmark's answer (which says the post is reblogged) unreblogs;
    // tapped before it, it reblogs: the taps meant other things, and `--explain` says so.
    let explained = try await VMReplProcess.run(["audit", "--explain", "safe-post-actions"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(explained.output.contains("lost update: quick taps asked other requests than one after another"), "\(explained.output)")
  }

  @Test("what an app-wide singleton carries from one probe to the next makes no finding, whichever worker runs which probe")
  func singletonStateIsNoFinding() async throws {
    let folder = try VMReplProcess.folder("audit-oracles-singleton", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    // `visits` counts in a singleton: in one process, its quick taps start where its settled
    // probe left the count, and differed from it by that alone (a lost update that was not).
    // `busy-badge` reads the singleton `visits` writes. The same report with one worker or two.
    for jobs in ["1", "2"] {
      let result = try await VMReplProcess.run(
        ["audit", "visits", "busy-badge", "--jobs", jobs], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
      #expect(result.status == 0)
      #expect(
        result.output == """
          visits: nothing found in 3 sequences (7 probes)
          busy-badge: nothing found in 3 sequences (4 probes)
          0 findings in 0 of 2 models; 6 sequences, 11 probes, seed 0

          """, "--jobs \(jobs)")
    }
  }

  @Test("a row's index is sent only where a list shows that row: an empty list's remove is not tried, a shown row's is, and nothing traps where no user can")
  func rowIndexOnlyForShownRows() async throws {
    let folder = try VMReplProcess.folder("audit-row-index", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "--explain", "errand-list"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    let lines = result.output.split(separator: "\n").map(String.init)
    // The row a view shows after `add` is removed; an index past every list's end never sent.
    #expect(lines.contains { $0.hasPrefix("sequence ") && $0.hasSuffix(": `send add`, `send remove index=0`") }, "\(result.output)")
    #expect(!lines.contains { $0.contains("trap:") && !$0.hasSuffix("no probe trapped") }, "\(result.output)")
    #expect(lines.contains { $0.hasPrefix("errand-list: nothing found in ") }, "\(result.output)")
    // Sent by hand past the end, it traps: the audit's silence is the rows, not the code.
    try "use errand-list\nsend remove index=1\n".write(to: folder.appendingPathComponent("past-end.scenario"), atomically: true, encoding: .utf8)
    let pastEnd = try await VMReplProcess.run(["run", "past-end.scenario"], executable: "VMReplFixtures", directory: folder)
    #expect(pastEnd.status != 0)
  }

  @Test("--format jsonl holds every finding, a trap in `init` too, and each model that could not be audited, with why")
  func jsonLines() async throws {
    let folder = try VMReplProcess.folder("audit-oracles-jsonl", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(
      ["audit", "pager", "shape", "--format", "jsonl"], environment: ["VMREPL_SHAPE": "nonsense"], executable: "VMReplFixtures",
      directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.output)")
    #expect(lines.first?.contains(#""kind":"trap","lines":["use pager"],"model":"pager""#) == true, "\(result.output)")
    #expect(lines.last == #"{"model":"shape","notAudited":"could not make model `shape`: not a shape: nonsense"}"#)
  }

  @Test("--explain MODEL says what each sequence's probes saw, how each request was answered, and why each check found nothing")
  func explain() async throws {
    let folder = try VMReplProcess.folder("audit-explain", files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await VMReplProcess.run(["audit", "--explain", "safe-headlines"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(result.status == 0, "\(result.errors)")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(lines.prefix(32)) == [
      "safe-headlines (HeadlinesViewModel): what audit tried, and why each check did or did not find something",
      "  actions: refresh",
      "  set: nothing (a loading flag is the code's to set, never the audit's)",
      "  cleanup before leaving: none (no action named stop..., cancel..., onDisappear...)",
      "sequence 1: the screen shown and left (`use safe-headlines`)",
      "  one step at a time, answered with data: 0 requests, at rest",
      "  trap: no probe trapped",
      "  write off the main thread: no write off the main thread of state a view observes or the main thread's actions touch",
      "  main thread blocked: the main thread never waited (a semaphore, a group, a lock, a sync) while other threads ran",
      "  loading flag left set: `isLoading` false at the end, whatever the answer",
      "  work outlives the screen: no cleanup action and leaving: nothing left running, the model freed",
      "  model not freed: freed after leaving",
      "  action never ends: no step: nothing sent",
      "  same write twice: no action done twice in a row with the same values",
      "  lost update: no step: nothing sent",
      "  answers out of order: no step: nothing sent",
      "sequence 2: `send refresh`",
      "  one step at a time, answered with data: 1 request, at rest",
      "    answered GET https://news.example/api/headlines: [] (no type of the app: neither the code that set it going, a path literal nor a path word names one; "
        + "its task returns into `HeadlinesViewModel.load() at Tests/Fixtures/AuditShapes.swift:65, line 67`, "
        + "`HeadlinesViewModel.refresh() at Tests/Fixtures/AuditShapes.swift:54, line 58`)",
      "  answered offline: 1 request, at rest",
      "  answered with status 500: 1 request, at rest",
      "  answered with empty lists: 1 request, at rest",
      "  trap: no probe trapped",
      "  write off the main thread: no write off the main thread of state a view observes or the main thread's actions touch",
      "  main thread blocked: the main thread never waited (a semaphore, a group, a lock, a sync) while other threads ran",
      "  loading flag left set: `isLoading` false at the end, whatever the answer",
      "  work outlives the screen: no cleanup action and leaving: nothing left running, the model freed",
      "  model not freed: freed after leaving",
      "  action never ends: every action's task ended once its requests were answered, whatever the answer",
      "  same write twice: no action done twice in a row with the same values",
      "  lost update: one step: nothing to send quickly",
      "  answers out of order: one step: no two answers out at once",
    ])
    #expect(lines.contains(
      "  same write twice: out twice at once: `GET https://news.example/api/headlines`, which the check does not judge (it judges a stand-in's call named send..., leave..., invite...; "
        + "not an HTTP request, whose path does not say whether a second one writes again, nor a state set again: like..., follow...)"))
    #expect(lines.contains("  lost update: quickly and one after another ended alike"))
    #expect(lines.contains("safe-headlines: nothing found in 3 sequences (11 probes)"))
    let wrong = try await VMReplProcess.run(["audit", "--explain", "headline"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(wrong.status == 2)
    #expect(wrong.errors.hasPrefix("Error: --explain: no model named `headline`; did you mean `headlines`? (`models` lists the models)\n"))
    let two = try await VMReplProcess.run(["audit", "--explain", "headlines", "safe-headlines"], executable: "VMReplFixtures", directory: folder, limit: VMReplProcess.auditLimit)
    #expect(two.status == 2)
    #expect(two.errors.hasPrefix("Error: --explain audits one model, `headlines`; `safe-headlines` is named too: explain it in a run of its own (`audit --explain safe-headlines`)\n"))
  }
}
