import Foundation
import PackagePlugin

/// A build tool plugin for a test target: one Swift Testing test per `.scenario` file under the
/// package's `scenarios/` folder, each replayed with the REPL executable the test target depends
/// on, so that each scenario is a test of its own (`swift test --filter reading-list`, the test
/// navigator) and a failure points at the scenario's line.
///
/// ```swift
/// .testTarget(
///   name: "MyAppScenarios",
///   dependencies: ["myapp-repl", .product(name: "VMReplTesting", package: "vmrepl")],
///   plugins: [.plugin(name: "VMReplScenarioTests", package: "vmrepl")]
/// )
/// ```
@main
struct VMReplScenarioTests: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let executables = target.dependencies.compactMap { dependency -> String? in
      guard case .target(let dependency) = dependency, let module = dependency as? SourceModuleTarget, module.kind == .executable else {
        return nil
      }
      return module.name
    }
    guard executables.count == 1, let executable = executables.first else {
      throw PluginError(
        "VMReplScenarioTests: `\(target.name)` must depend on exactly one executable target, the REPL that replays its scenarios"
          + " (it depends on \(executables.isEmpty ? "none" : executables.joined(separator: ", ")))")
    }
    let root = context.package.directoryURL
    let folder = root.appendingPathComponent("scenarios")
    let paths = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".scenario") }.sorted()
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("VMReplScenarios.swift")
    return [
      .buildCommand(
        displayName: "Making a test per scenario of \(target.name) (\(paths.count) scenarios)",
        executable: try context.tool(named: "vmrepl-scenario-tests").url,
        arguments: [output.path, executable, root.path] + paths.map { "scenarios/" + $0 },
        // Each scenario is an input, so adding one or renaming one makes the suite again.
        inputFiles: paths.map { folder.appendingPathComponent($0) },
        outputFiles: [output])
    ]
  }
}

/// Why the plugin cannot make the tests.
struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
