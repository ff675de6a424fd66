import Foundation
import Testing

/// The Dockerfile, .devcontainer and the guide's Mac page say the same thing: `scripts/check-container`
/// runs the Dockerfile for real (it needs root and minutes, so not here); these tests keep the
/// other two from drifting away from what it ran.
@Suite("Container files for a Mac")
struct ContainerFilesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The devcontainer file as JSON.
  static func devcontainer() throws -> [String: Any] {
    let data = try Data(contentsOf: root.appendingPathComponent(".devcontainer/devcontainer.json"))
    return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// The Dockerfile's instructions, `RUN`'s continuation lines joined and comments dropped.
  static func instructions() throws -> [(keyword: String, argument: String)] {
    var result: [(String, String)] = []
    var pending = ""
    for line in try text("Dockerfile").split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#") || (trimmed.isEmpty && pending.isEmpty) { continue }
      pending += trimmed.hasSuffix("\\") ? String(trimmed.dropLast()) : trimmed
      if trimmed.hasSuffix("\\") { continue }
      let parts = pending.split(separator: " ", maxSplits: 1)
      result.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
      pending = ""
    }
    return result
  }

  @Test("the devcontainer's post-create command is the Dockerfile's RUN, word for word")
  func sameCommands() throws {
    let runs = try Self.instructions().filter { $0.keyword == "RUN" }.map(\.argument)
    #expect(runs.count == 1)
    let postCreate = try #require(try Self.devcontainer()["postCreateCommand"] as? String)
    #expect(runs == [postCreate])
    #expect(postCreate.contains("swift build --product vmrepl-adopt"), "vmrepl adopt needs vmrepl-adopt beside vmrepl")
  }

  @Test("the devcontainer mounts the checkout, the app and the package folder where the image has them")
  func samePlaces() throws {
    let instructions = try Self.instructions()
    let workdirs = instructions.filter { $0.keyword == "WORKDIR" }.map(\.argument)
    #expect(workdirs == ["/vmrepl", "/app-vmrepl"])
    let env = instructions.filter { $0.keyword == "ENV" }.map(\.argument).joined(separator: " ")
    #expect(env.contains("VMREPL_BUILD_PATH=\"/vmrepl/.build\""))
    #expect(env.contains("PATH=\"/vmrepl/.build/debug:${PATH}\""))
    // SwiftPM's caches in the build volume, and a fixed host name: a new container plans nothing again.
    #expect(env.contains("XDG_CACHE_HOME=\"/vmrepl/.build/cache\""))
    let devcontainer = try Self.devcontainer()
    #expect(devcontainer["workspaceFolder"] as? String == "/vmrepl")
    #expect((devcontainer["runArgs"] as? [String])?.contains("--hostname=vmrepl") == true)
    let mounts = try #require(devcontainer["mounts"] as? [String])
    #expect(mounts.contains { $0.contains("target=/app,") && $0.contains("readonly") })
    #expect(mounts.contains { $0.contains("target=/app-vmrepl,") })
  }

  @Test("the Dockerfile and devcontainer.json call only scripts that exist and that scripts/test runs")
  func scriptsExist() throws {
    let test = try Self.text("scripts/test")
    var called: [String] = []
    for file in ["Dockerfile", ".devcontainer/devcontainer.json"] {
      let scripts = try Self.text(file).split(whereSeparator: { " \"&;:,[]".contains($0) || $0.isNewline })
        .filter { $0.hasPrefix("scripts/") }.map(String.init)
      #expect(!scripts.isEmpty, "\(file) calls no script")
      called += scripts
    }
    for script in Set(called).sorted() {
      #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(script).path), "\(script) is not there")
      #expect(test.contains("\"$root/\(script)\"") || test.contains(script + " ") || test.contains(script + "\n"),
              "\(script) is not run by scripts/test")
    }
  }

  @Test("the image is the official Debian 12 one, pinned to the architecture the runtime is known to work on")
  func base() throws {
    let from = try Self.instructions().filter { $0.keyword == "FROM" }.map(\.argument)
    #expect(from == ["--platform=linux/amd64 swift:6.3-bookworm"])
    // scripts/check-container builds this file on a Debian 12 base of its own with --from.
    #expect(try Self.text("scripts/check-container").contains("build --from \"$base\""))
  }

  @Test("the guide's Mac page gives the Dockerfile's own commands")
  func guideCommands() throws {
    let guide = try Self.text("docs/guide/on-a-mac.md")
    let header = try Self.text("Dockerfile").split(separator: "\n").prefix { $0.hasPrefix("#") }
    let commands = header.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("docker ") || $0.hasPrefix("mkdir ") || $0.hasPrefix("-v ") || $0.hasPrefix("(inside) ") }
    #expect(commands.count == 5)
    for command in commands {
      let shown = command.hasPrefix("(inside) ") ? String(command.dropFirst("(inside) ".count)) : command
      #expect(guide.contains(shown), "docs/guide/on-a-mac.md does not show `\(shown)`")
    }
  }
}
