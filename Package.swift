// swift-tools-version:6.3
// Swift 6.3 is what the simulation needs: its executor-factory SPI (`_createExecutors`) makes it
// the main and the default executor (docs/architecture.md, "Decisions worth knowing").
import PackageDescription

/// Linux only, for now: the simulation redirects the toolchain libraries' imports by rewriting
/// ELF import slots (`Sources/CSimulationRuntime/platform/linux/redirect.c`), which has no Mach-O counterpart here.
/// So the package declares no platform; the README's "Platforms" says what a port needs.
let strict: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A module of the compatibility layer: its sources in `Sources/AppleCompat/FOLDER`, in Swift 6
/// mode without the upcoming features the rest uses (it mirrors Apple's interfaces as they are).
func appleCompat(_ name: String, folder: String, dependencies: [Target.Dependency] = []) -> Target {
  .target(name: name, dependencies: dependencies, path: "Sources/AppleCompat/" + folder, swiftSettings: [.swiftLanguageMode(.v6)])
}

/// The engine's modules are optimized in debug builds too: an adopted app's REPL is a debug build
/// (`swift run`, `./repl`), and unoptimized, the executor and the session ran a repeating timer's
/// firings three to four times slower (docs/benchmarks.md, "Debug and release builds"). They are
/// the executor, its lock helper, the session, scripted dependencies and exploration, and the C
/// runtime under them (`engineC`). The app's own code stays unoptimized, so the debugger works on it. `VMREPL_DEBUG_ENGINE=unoptimized`
/// leaves them unoptimized: `scripts/fuzz --debug`, whose build lives for 30 seconds of fuzzing.
let engine: [SwiftSetting] =
  Context.environment["VMREPL_DEBUG_ENGINE"] == "unoptimized"
  ? strict : strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
/// The same for the engine's C runtime, which every job, lock and timer goes through.
let engineC: [CSetting] =
  Context.environment["VMREPL_DEBUG_ENGINE"] == "unoptimized" ? [] : [.unsafeFlags(["-O2"], .when(configuration: .debug))]

let package = Package(
  name: "vmrepl",
  products: [
    .library(name: "Scenario", targets: ["Scenario"]),
    .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
    .library(name: "VMReplCLI", targets: ["VMReplCLI"]),
    .library(name: "VMReplTesting", targets: ["VMReplTesting"]),
    /// A test per `.scenario` file in a test target that depends on a REPL executable.
    .plugin(name: "VMReplScenarioTests", targets: ["VMReplScenarioTests"]),
    .executable(name: "vmrepl", targets: ["vmrepl"]),
    /// What `vmrepl adopt` runs, beside vmrepl: the one executable that links swift-syntax.
    .executable(name: "vmrepl-adopt", targets: ["vmrepl-adopt"]),
    .executable(name: "vmrepl-bench", targets: ["Benchmarks"]),
    /// The fuzz targets (`scripts/fuzz` builds them with libFuzzer; built as usual they replay inputs).
    .executable(name: "vmrepl-fuzz", targets: ["Fuzzing"]),
    /// Apple's frameworks as view-models use them, for Linux: `import Combine`, `SwiftUI`,
    /// `OSLog`, `os` and `UIKit` resolve here through the compiler's module aliases (README,
    /// "Your app's files as they are"). On Apple platforms it adds nothing.
    .library(
      name: "AppleCompat",
      targets: ["AppleCompat", "AppleCombine", "AppleSwiftUI", "AppleOSLog", "AppleOS", "AppleUIKit", "AppleGameplayKit", "StandInSupport"]
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: [
    .target(name: "CSimulationRuntime", cSettings: engineC),
    .target(name: "Platform"),
    .target(name: "CFuzzerDriver"),
    // The compatibility layer. Its modules carry names of their own: a module named `Combine`,
    // `SwiftUI` or `os` anywhere in the build would turn on `#if canImport(...)` branches in every
    // package of the graph (swift-argument-parser, GRDB, OpenCombine itself).
    appleCompat("AppleCombine", folder: "Combine", dependencies: [
      // A stand-in's publisher answers (StandInPublishers.swift).
      "StandInSupport",
      .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
      .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux])),
    ]),
    appleCompat("AppleOSLog", folder: "OSLog"),
    appleCompat("AppleOS", folder: "os", dependencies: ["AppleOSLog"]),
    appleCompat("AppleSwiftUI", folder: "SwiftUI", dependencies: ["AppleCombine", "AppleUIKit", "StandInSupport"]),
    appleCompat("AppleUIKit", folder: "UIKit", dependencies: ["AppleCombine", "StandInSupport"]),
    appleCompat("AppleCompat", folder: "Implicit", dependencies: ["AppleCombine"]),
    // GameplayKit's state machine (GKState, GKStateMachine), which apps use for loading states:
    // compiled as `GameplayKit` only where an app's file imports it (adopt's module alias).
    appleCompat("AppleGameplayKit", folder: "GameplayKit"),
    // What `adopt`'s generated stand-ins call (code Linux cannot build, replaced by a seam the
    // scenario answers); the session answers through ScenarioScripting's router.
    .target(name: "StandInSupport", swiftSettings: [.swiftLanguageMode(.v6)]),
    .systemLibrary(
      name: "CLibedit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // How a schedule is written (`choice:pick` departures): shared by the executor that follows a
    // schedule and the language that reads one, so that the language needs no executor.
    .target(name: "ScheduleNotation"),
    // `Mutex.guarded`, apart so that its callers specialize it in every build (Guarded.swift).
    .target(name: "Guarding", dependencies: ["CSimulationRuntime"], swiftSettings: engine),
    .target(
      name: "Simulation",
      dependencies: ["CSimulationRuntime", "Guarding", "Platform", "ScheduleNotation", .product(name: "Collections", package: "swift-collections")],
      swiftSettings: engine
    ),
    .target(name: "ViewModelKit"),
    // The scenario language: commands, their table, lexer and parser, errors. The bottom layer of
    // what Scenario builds on; it knows nothing of sessions.
    .target(
      name: "ScenarioLanguage",
      dependencies: ["ScheduleNotation"]
    ),
    // Scripted dependencies: the contract `respond` and `stub` talk to, the one models make, and
    // `http` (URLSession's requests, cassettes). Under the session, which it reports to through
    // `DependencyEventSink`; the files a scenario names reach it through `ScenarioFiles`.
    .target(
      name: "ScenarioScripting",
      dependencies: ["ScenarioLanguage", "Simulation", "StandInSupport"],
      swiftSettings: engine
    ),
    .target(
      name: "Scenario",
      dependencies: [
        "ScenarioLanguage", "ScenarioScripting", "Simulation", "ViewModelKit", "Platform", "StandInSupport",
        // A `@Published` property's value is read through OpenCombine's own types (PublishedReader).
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: engine
    ),
    // Running a scenario under many schedules: above the session, which it drives.
    .target(
      name: "ScenarioExploration",
      dependencies: ["Scenario", "Simulation"],
      swiftSettings: engine
    ),
    // Finding bugs with no scenario written: sequences, answers and oracles, above the session.
    .target(
      name: "ScenarioAudit",
      dependencies: ["Scenario", "ScenarioLanguage", "ScenarioScripting", "Simulation", "StandInSupport"]
    ),
    .target(
      name: "Examples",
      dependencies: [
        "Scenario", "ViewModelKit",
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // Test support lives under Tests/Support (the probes' executables, TestSupport's helpers) and
    // Tests/Fixtures (the fixture models' REPL), apart from the products.
    .executableTarget(
      name: "ViewModelKitProbe",
      dependencies: ["Simulation", "ViewModelKit", "Platform"],
      path: "Tests/Support/ViewModelKitProbe"
    ),
    .testTarget(
      name: "ExamplesTests",
      dependencies: ["Examples", "TestSupport"]
    ),
    .testTarget(
      name: "ViewModelKitTests",
      dependencies: ["ViewModelKitProbe", "TestSupport"]
    ),
    .executableTarget(
      name: "SimulationProbe",
      dependencies: ["Simulation", "Platform"],
      path: "Tests/Support/SimulationProbe"
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "Simulation", "Scenario", "ScenarioExploration", "Examples", "Processes", "Platform",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    .target(
      name: "Processes",
      dependencies: ["Platform", .product(name: "Subprocess", package: "swift-subprocess")]
    ),
    .target(
      name: "TestSupport",
      dependencies: ["Processes", "Platform"],
      path: "Tests/Support/TestSupport"
    ),
    .testTarget(
      name: "SimulationTests",
      dependencies: ["SimulationProbe", "TestSupport"]
    ),
    .testTarget(
      name: "AppleCompatTests",
      dependencies: ["AppleOSLog", "AppleOS", "AppleSwiftUI", "AppleUIKit", "AppleCompat", "AppleGameplayKit", "Scenario"]
    ),
    // The language alone: its tests build without the executor or its C runtime.
    .testTarget(
      name: "ScenarioLanguageTests",
      dependencies: ["ScenarioLanguage", "ScheduleNotation"]
    ),
    .testTarget(
      name: "ScenarioTests",
      dependencies: [
        "Scenario", "ScenarioLanguage", "ScenarioAudit", "ScenarioScripting", "StandInSupport", "AppleCombine",
        "AppleSwiftUI", "AppleUIKit",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "VMReplTests",
      dependencies: ["vmrepl", "VMReplFixtures", "Fuzzing", "TestSupport", "VMReplTesting", "ViewModelShapes", "vmrepl-shapes"],
      exclude: ["Scenarios"]
    ),
    .target(
      name: "VMReplCLI",
      dependencies: [
        "Simulation",
        "Platform",
        "CLibedit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Subprocess", package: "swift-subprocess"),
        "Scenario",
        "ScenarioExploration",
        "ScenarioAudit",
        "Processes",
        // Which `vmrepl-adopt` `audit APP` adopts with (its name and variable; no swift-syntax).
        "AdoptInterface",
      ]
    ),
    .target(
      name: "VMReplTesting",
      dependencies: ["Processes"]
    ),
    .plugin(
      name: "VMReplScenarioTests",
      capability: .buildTool(),
      dependencies: ["vmrepl-scenario-tests"]
    ),
    .executableTarget(
      name: "vmrepl-scenario-tests",
      path: "Sources/ScenarioTestGenerator"
    ),
    // `vmrepl adopt`'s options and description: what vmrepl parses and hands on.
    .target(
      name: "AdoptInterface",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    // `vmrepl adopt`: reads an app's files with swift-syntax. Only vmrepl-adopt links it: not
    // vmrepl (every process of it would pay for its conformances and relocations), not a user's
    // own REPL (which depends on VMReplCLI).
    .target(
      name: "Adopt",
      dependencies: [
        "AdoptInterface", "Processes",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]
    ),
    .executableTarget(
      name: "vmrepl-adopt",
      dependencies: ["Adopt"],
      path: "Sources/vmrepl-adopt"
    ),
    .testTarget(
      name: "AdoptTests",
      dependencies: ["Adopt"],
      // Apps/: app folders laid out as public apps are, which the tests and scripts/check-adopt adopt.
      exclude: ["Apps"]
    ),
    .executableTarget(
      name: "vmrepl",
      dependencies: [
        "VMReplCLI", "Examples", "AdoptInterface", "Processes",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The fuzz targets, apart from VMReplCLI so that no user's REPL links them.
    .target(
      name: "VMReplFuzzTargets",
      dependencies: ["VMReplCLI", "Scenario", "ScenarioLanguage", "Simulation"]
    ),
    .executableTarget(
      name: "Fuzzing",
      dependencies: ["VMReplFuzzTargets", "Examples", "CFuzzerDriver"]
    ),
    // The shape generator (issue 73): shapes as text, drawn from seeds, checked by child processes.
    .target(
      name: "ViewModelShapes",
      dependencies: ["ScheduleNotation", "Processes"],
      path: "Tests/Support/ViewModelShapes"
    ),
    .executableTarget(
      name: "vmrepl-shapes",
      dependencies: ["ViewModelShapes", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      path: "Tests/Support/ShapeCheck"
    ),
    .executableTarget(
      name: "VMReplFixtures",
      dependencies: [
        "VMReplCLI", "Scenario", "ViewModelShapes", "StandInSupport",
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineFoundation", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ],
      path: "Tests/Fixtures"
    ),
  ]
)

// The settings every Swift module of vmrepl takes, written once: each target that names none gets
// `strict` (the AppleCompat modules name theirs, the engine's add `-O` in debug builds; the C
// targets, the system library and the plugin take none).
let cTargets: Set = ["CSimulationRuntime", "CFuzzerDriver", "CLibedit"]
for target in package.targets where target.swiftSettings == nil && target.type != .plugin && !cTargets.contains(target.name) {
  target.swiftSettings = strict
}
