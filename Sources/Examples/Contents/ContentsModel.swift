public import Scenario

extension Examples {
  /// `use contents`: persistence updates reaching view-models, on SQLite through GRDB (seed 002).
  public static let contents = ModelDefinition(
    "contents",
    summary: "persistence updates reaching two screens: AsyncStreamBroadcaster (strategy=stream) or an @Observable store (strategy=store)",
    options: [
      Parameter(
        "strategy", .oneOf(["stream", "store"]), default: .word("stream"),
        "stream: each screen subscribes with for await and re-fetches; store: screens read one @Observable store"),
      Parameter(
        "db", .string, default: .string(""),
        "empty: an in-memory database; a path: a SQLite file ($TMP/NAME is a folder of this session's own)"),
    ]
  ) { context in
    let path = context.options.string("db")
    let repository: ContentRepository
    do {
      repository = try ContentRepository(path: path.isEmpty ? nil : ScenarioPath.expand(path, in: context))
    } catch {
      context.warn("cannot open \(path): \(error); using an in-memory database")
      repository = try! ContentRepository(path: nil)
    }
    return ContentsApp(strategy: ContentsApp.Strategy(rawValue: context.options.string("strategy")) ?? .stream, repository: repository)
  } describe: { model in
    let screen = Parameter("screen", .oneOf(["a", "b"]), default: .word("a"), "which screen")
    let title = Parameter("title", .string, default: .string(""), "the new row's title (default: content N)")
    model.connect("both screens appear: each screen's .task runs until the app goes away") { app in
      await app.appearBoth()
    }
    model.action("appear", "one screen appears: its .task is the effect; `cancel #N` makes it disappear", parameters: [screen], tracking: { app, arguments in
      let screen = app.screen(arguments.string("screen"))
      return Task { await screen.observe() }
    })
    model.asyncAction("insert", "the screen's add button: insertContent()", parameters: [screen, title]) { app, arguments in
      await app.screen(arguments.string("screen")).insertContent(title: app.title(arguments.string("title")))
    }
    model.asyncAction("write", "another writer saves straight to the repository, no screen involved", parameters: [title]) { app, arguments in
      await app.writeOutside(title: app.title(arguments.string("title")))
    }
    model.asyncAction("reload", "a screen fetches again (pull to refresh)", parameters: [screen]) { app, arguments in
      await app.screen(arguments.string("screen")).reload()
    }
    model.state { app in
      ContentsAppState(
        screenA: app.screenA.contents.map(\.title), screenB: app.screenB.contents.map(\.title),
        subscribers: app.repository.dataChangedBroadcaster.subscriberCount)
    }
  }
}
