import Foundation
import Testing

@testable import VMReplCLI

/// alfianlosari/ChatGPTSwiftUI's model was not audited: `use tokenizer` trapped in GPTEncoder,
/// which looks for its vocabulary in `Bundle.main.resourceURL` + `GPTEncoder_GPTEncoder.bundle`,
/// Apple's layout, where SwiftPM on Linux writes `GPTEncoder_GPTEncoder.resources`.
@Suite("a package's resources where code written for Apple's layout looks")
struct ResourceBundleTests {
  @Test("each NAME.resources beside the executable gets a NAME.bundle link a Bundle reads; a bundle already there is left as it is")
  func linked() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resource-bundles-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let resources = folder.appendingPathComponent("GPTEncoder_GPTEncoder.resources")
    try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
    try "a b".write(to: resources.appendingPathComponent("vocab.bpe"), atomically: true, encoding: .utf8)
    let own = folder.appendingPathComponent("Own_Own.bundle")
    try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("Own_Own.resources"), withIntermediateDirectories: true)
    AppBundle.linkResourceBundles(in: folder)
    AppBundle.linkResourceBundles(in: folder)
    let bundle = try #require(Bundle(url: folder.appendingPathComponent("GPTEncoder_GPTEncoder.bundle")))
    let vocabulary = try #require(bundle.url(forResource: "vocab", withExtension: "bpe"))
    #expect(try String(contentsOf: vocabulary, encoding: .utf8) == "a b")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("GPTEncoder_GPTEncoder.bundle").path) == "GPTEncoder_GPTEncoder.resources")
    // A directory the build made is not replaced by a link.
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: own.path)) == nil)
  }
}
