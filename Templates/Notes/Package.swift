// swift-tools-version:6.1
// A feature package the way an app keeps one, plus its own vmrepl binary and golden scenarios.
import PackageDescription

let package = Package(
  name: "Notes",
  dependencies: [
    // In your package: .package(path: "PATH/TO/vmrepl"), the folder you cloned vmrepl into.
    .package(name: "vmrepl", path: "../..")
  ],
  targets: [
    // The app's code: knows nothing of vmrepl.
    .target(name: "Notes", swiftSettings: [.swiftLanguageMode(.v6)]),
    // The REPL for it: `swift run notes-repl`.
    .executableTarget(
      name: "notes-repl",
      dependencies: [
        "Notes",
        .product(name: "Scenario", package: "vmrepl"),
        .product(name: "VMReplCLI", package: "vmrepl"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // Golden scenarios under scenarios/, replayed by `swift test`.
    .testTarget(
      name: "NotesTests",
      dependencies: ["notes-repl", .product(name: "VMReplTesting", package: "vmrepl")],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
