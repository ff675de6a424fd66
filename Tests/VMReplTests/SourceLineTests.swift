import Foundation
import TestSupport
import Testing

/// Jobs at their source line (issue 41): `ready`, `step`, deadlock reports and main-thread
/// warnings name the file and line a job's function is declared at, read from the debug
/// information, and say what they said before when there is none.
@Suite("jobs at their source line")
struct SourceLineTests {
  static let scenario = "scenarios/cart/step-lost-update.scenario"

  /// ` at Sources/Examples/Cart/CartViewModel.swift:32`: what a location adds to a job's name.
  static var location: Regex<(Substring, Substring, Substring)> { #/ at ([A-Za-z0-9_\/.+-]+\.swift):([0-9]+)/# }

  static func input() throws -> String {
    try String(contentsOf: VMReplProcess.packageRoot.appendingPathComponent(scenario), encoding: .utf8)
  }

  @Test("a job names the line its function is declared at, from the package root wherever vmrepl runs")
  func declarationLine() async throws {
    // Started in another folder: the path is the package's, not the working directory's.
    let elsewhere = FileManager.default.temporaryDirectory.path
    let result = try await ChildProcess.run(
      VMReplProcess.executable.path, [], input: try Self.input(), environment: ["CI": nil], directory: elsewhere)
    #expect(result.status == 0)
    #expect(result.output.contains("ran: CartViewModel.add(_:) at Sources/Examples/Cart/CartViewModel.swift:32 on the main actor"))
    #expect(
      result.output.contains(
        "  1  implicit closure #2 in CartViewModel.onAppear() at Sources/Examples/Cart/CartViewModel.swift:28 on the global executor"))
    // Every line named holds what it is said to: the function's declaration, or the closure.
    var checked = 0
    for line in result.output.split(separator: "\n") {
      for match in line.matches(of: Self.location) {
        let file = VMReplProcess.packageRoot.appendingPathComponent(String(match.output.1))
        let source = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let number = Int(match.output.2)!
        #expect(number >= 1 && number <= source.count, "\(line)")
        let declared = source[number - 1]
        let named = line[..<match.range.lowerBound]
        let expected: String? =
          if named.hasSuffix("implicit closure #1 in CartViewModel.onAppear()") { "async let gift" }
          else if named.hasSuffix("implicit closure #2 in CartViewModel.onAppear()") { "async let restored" }
          else if named.hasSuffix("CartViewModel.onAppear()") { "func onAppear(" }
          else if named.hasSuffix("CartViewModel.add(_:)") { "func add(" }
          else if named.hasSuffix("CartViewModel.restore()") { "func restore(" }
          else { nil }
        #expect(expected.map(declared.contains) == true, "\(line)")
        checked += 1
      }
    }
    #expect(checked >= 10)
  }

  @Test("a build without the name index names the same lines, found through every unit's ranges")
  func withoutNameIndex() async throws {
    // The name index (`.debug_names`) says at once which unit defines a function; without it the
    // units' address ranges are read. Both must find the same declaration.
    let (full, unindexed) = try await Self.transcripts("source-lines-ranges", objcopy: ["--remove-section", ".debug_names"])
    #expect(full.matches(of: Self.location).count >= 10)
    #expect(unindexed == full)
  }

  @Test("without debug information a job is named by its function alone, as before")
  func withoutDebugInformation() async throws {
    let (full, plain) = try await Self.transcripts("source-lines-stripped", objcopy: ["--strip-debug"])
    #expect(full.contains("CartViewModel.swift:32"))
    #expect(!plain.contains(".swift:"))
    #expect(plain.contains("ran: CartViewModel.add(_:) on the main actor"))
    #expect(plain == full.replacing(Self.location, with: ""))
  }

  /// The scenario's transcript from vmrepl, and from a copy of it that `objcopy` changed with
  /// `arguments` (in a folder named `name`: tests run at once), both run in the package root.
  static func transcripts(_ name: String, objcopy arguments: [String]) async throws -> (full: String, changed: String) {
    let folder = try VMReplProcess.folder(name, files: [:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let changed = folder.appendingPathComponent("vmrepl").path
    let copy = try await ChildProcess.run("/usr/bin/env", ["objcopy"] + arguments + [VMReplProcess.executable.path, changed])
    #expect(copy.status == 0, "\(copy.errors)")
    let input = try input()
    let root = VMReplProcess.packageRoot.path
    let full = try await ChildProcess.run(VMReplProcess.executable.path, [], input: input, environment: ["CI": nil], directory: root)
    let other = try await ChildProcess.run(changed, [], input: input, environment: ["CI": nil], directory: root)
    return (full.output, other.output)
  }
}
