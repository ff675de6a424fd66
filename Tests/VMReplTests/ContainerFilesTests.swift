import Foundation
import Testing

/// The Dockerfile and .devcontainer cannot be run here (no container engine): what can be checked
/// is that every script they call exists and is one `scripts/test` runs.
@Suite("Container files for a Mac")
struct ContainerFilesTests {
  @Test("the Dockerfile and devcontainer.json call only scripts that exist and that scripts/test runs")
  func scriptsExist() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let test = try String(contentsOf: root.appendingPathComponent("scripts/test"), encoding: .utf8)
    var called: [String] = []
    for file in ["Dockerfile", ".devcontainer/devcontainer.json"] {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      let scripts = text.split(whereSeparator: { " \"&;:,[]".contains($0) || $0.isNewline })
        .filter { $0.hasPrefix("scripts/") }.map(String.init)
      #expect(!scripts.isEmpty, "\(file) calls no script")
      called += scripts
    }
    for script in Set(called).sorted() {
      #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(script).path), "\(script) is not there")
      #expect(test.contains("\"$root/\(script)\"") || test.contains(script + " ") || test.contains(script + "\n"),
              "\(script) is not run by scripts/test")
    }
    // The image is pinned to the architecture the runtime is known to work on.
    let dockerfile = try String(contentsOf: root.appendingPathComponent("Dockerfile"), encoding: .utf8)
    #expect(dockerfile.contains("FROM --platform=linux/amd64 swift:6.3"))
  }
}
