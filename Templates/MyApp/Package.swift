// swift-tools-version:6.1
// An app repository with a package at its root, as docs/guide/your-app.md ("Your app's files on Linux")
// has you add one: the app's own view-model, model and service files compiled in place, on
// Linux, with vmrepl's AppleCompat layer standing in for Combine, SwiftUI, OSLog, os and UIKit.
import PackageDescription

let package = Package(
  name: "MyApp",
  dependencies: [
    // In your repository: .package(path: "PATH/TO/vmrepl"), the folder you cloned vmrepl into.
    .package(name: "vmrepl", path: "../..")
  ],
  targets: [
    // The app's files where Xcode keeps them. Views and the @main App have no Linux version, so
    // only these folders are compiled.
    .target(
      name: "MyApp",
      dependencies: [.product(name: "AppleCompat", package: "vmrepl")],
      path: "MyApp",
      exclude: ["Views"],
      sources: ["ViewModels", "Models", "Services"],
      swiftSettings: [
        .swiftLanguageMode(.v5),
        .unsafeFlags([
          "-Xfrontend", "-import-module", "-Xfrontend", "AppleCompat",
          "-module-alias", "Combine=AppleCombine",
          "-module-alias", "SwiftUI=AppleSwiftUI",
          "-module-alias", "OSLog=AppleOSLog",
          "-module-alias", "os=AppleOS",
          "-module-alias", "UIKit=AppleUIKit",
        ], .when(platforms: [.linux])),
      ]
    ),
    // The REPL: one registration file. `@testable import MyApp` sees the app's internal types.
    .executableTarget(
      name: "myapp-repl",
      dependencies: [
        "MyApp",
        .product(name: "Scenario", package: "vmrepl"),
        .product(name: "VMReplCLI", package: "vmrepl"),
      ],
      path: "vmrepl/Sources/myapp-repl"
    ),
    // Golden scenarios under scenarios/, replayed by `swift test`: the plugin makes a test per
    // scenario file, replayed with the one executable this target depends on.
    .testTarget(
      name: "MyAppScenarios",
      dependencies: ["myapp-repl", .product(name: "VMReplTesting", package: "vmrepl")],
      path: "vmrepl/Tests/MyAppScenarios",
      plugins: [.plugin(name: "VMReplScenarioTests", package: "vmrepl")]
    ),
  ]
)
