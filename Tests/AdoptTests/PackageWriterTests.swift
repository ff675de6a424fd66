import Foundation
import Testing

@testable import Adopt

@Suite("vmrepl adopt: the package it writes")
struct PackageWriterTests {
  @Test("a link to the app's folder, the listed files, a filtered copy, and a second adopt that keeps the user's files")
  func writeTwice() throws {
    let folder = try AppFolder("News", files: NewsApp.files)
    let output = (folder.path as NSString).deletingLastPathComponent + "/News-vmrepl"
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: Adoption(try AppSources.scan(folder: folder.path)))
    let first = try writer.write()
    #expect(first.map { "\($0.1.rawValue) \($0.0)" } == [
      "wrote Sources/News/app", "wrote Sources/News/filtered/News/Views/ProfileView.swift", "wrote Package.swift",
      "wrote Sources/news-repl/Models.generated.swift", "wrote Sources/news-repl/main.swift", "wrote Sources/news-repl/AppStrings.swift", "wrote repl",
      "wrote Sources/news-repl/Overrides.swift", "wrote Tests/NewsScenarios/Scenarios.swift", "wrote adopt-exclude",
      "wrote scenarios/settingsStore/start.scenario", "wrote scenarios/news/start.scenario",
      "wrote scenarios/search/start.scenario", "wrote scenarios/profile/start.scenario",
    ])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output + "/Sources/News/app") == "../../../News")
    let manifest = try String(contentsOfFile: output + "/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#".package(name: "vmrepl", path: "../../../opt/vmrepl")"#) || manifest.contains("/opt/vmrepl"))
    #expect(manifest.contains("""
            exclude: [
              "app/News/NewsApp.swift",
              "app/News/Unused",
              "app/News/Views",
              "app/News.xcodeproj",
              "app/NewsTests",
            ],
            sources: [
              "app/News/Extensions/String+Trimmed.swift",
      """))
    #expect(try String(contentsOfFile: output + "/scenarios/news/start.scenario", encoding: .utf8) == """
      # A first look at NewsViewModel (News/ViewModels/NewsViewModel.swift), written once by `vmrepl adopt`: yours to change.
      # `swift run news-repl replay scenarios` records what it prints into start.golden beside it.
      use news
      describe
      send fetchNews

      """)
    try "// mine\n".write(toFile: output + "/Sources/news-repl/Overrides.swift", atomically: true, encoding: .utf8)
    let second = try writer.write()
    #expect(second.filter { $0.1 != .unchanged }.map { "\($0.1.rawValue) \($0.0)" } == [
      "kept Sources/news-repl/Overrides.swift", "kept Tests/NewsScenarios/Scenarios.swift", "kept adopt-exclude",
      "kept scenarios/settingsStore/start.scenario", "kept scenarios/news/start.scenario",
      "kept scenarios/search/start.scenario", "kept scenarios/profile/start.scenario",
    ])
    #expect(try String(contentsOfFile: output + "/Sources/news-repl/Overrides.swift", encoding: .utf8) == "// mine\n")
  }
}

extension PackageWriterTests {
  @Test("a string literal adopt writes holds no line break, tab or other control character (NetNewsWire's tab-indented signature)")
  func quotedLiterals() {
    #expect(RegistrationWriter.quote("func request(with response: R,\n\t                    client: C)") == #""func request(with response: R,                      client: C)""#)
    #expect(RegistrationWriter.quote("say \"hi\" \\ \r\u{7F}") == #""say \"hi\" \\   ""#)
  }

  @Test("adopt never writes over a package it did not write")
  func foreignPackage() throws {
    let folder = try AppFolder("News", files: NewsApp.files.merging(["Other/Package.swift": "// swift-tools-version:6.1\n"]) { $1 })
    let output = folder.path + "/Other"
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: Adoption(try AppSources.scan(folder: folder.path)))
    #expect(throws: AdoptError("\(output) holds a Package.swift that adopt did not write: choose another folder with --output DIR")) {
      try writer.write()
    }
  }

  @Test("the generated manifest carries AppleCompat's settings exactly as docs/guide/your-app.md gives them")
  func settingsAsTheGuide() throws {
    let settings = try Self.guideBlock().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let folder = try AppFolder("News", files: NewsApp.files)
    let writer = PackageWriter(output: folder.path + "-vmrepl", vmrepl: "/opt/vmrepl", adoption: Adoption(try AppSources.scan(folder: folder.path)))
    let manifest = writer.manifest().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let first = try #require(manifest.firstIndex(of: settings[0]))
    // The app's targets add one line the guide leaves to the user: the compiler's limit per
    // expression, which adopt mends a file against.
    let limit = AppleCompatSettings.typeCheckLimitLine.trimmingCharacters(in: .whitespaces)
    #expect(manifest[first + settings.count - 1] == limit)
    #expect(Array(manifest[first..<(first + settings.count + 1)]).filter { $0 != limit } == settings)
  }

  @Test("docs/guide/your-app.md's AppleCompat block is what AppleCompatSettings renders, byte for byte")
  func guideBlockIsRendered() throws {
    let block: String = try Self.guideBlock()
    let rendered: String = AppleCompatSettings.swiftSettings(languageMode: "5", indent: "")
    #expect(block == rendered)
  }

  /// The Swift block between docs/guide/your-app.md's apple-compat markers, without its fences.
  static func guideBlock() throws -> String {
    let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let guide: String = try String(contentsOf: root.appendingPathComponent("docs/guide/your-app.md"), encoding: .utf8)
    let start = try #require(guide.range(of: "<!-- apple-compat:begin -->\n```swift\n"))
    let end = try #require(guide.range(of: "\n```", range: start.upperBound..<guide.endIndex))
    return String(guide[start.upperBound..<end.lowerBound])
  }
}

extension PackageWriterTests {
  @Test("after the app changes: a model that is gone leaves a stale starter scenario, said; exclusions are kept")
  func appChanged() throws {
    let folder = try AppFolder("News", files: NewsApp.files)
    let output = (folder.path as NSString).deletingLastPathComponent + "/News-vmrepl"
    let app = try AppSources.scan(folder: folder.path)
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: Adoption(app)).write()
    try (PackageWriter.exclusionText + "News/ViewModels/SearchViewModel.swift\n")
      .write(toFile: output + "/adopt-exclude", atomically: true, encoding: .utf8)
    let excluded = AdoptCommand.excluded(
      PackageWriter.exclusions(in: try String(contentsOfFile: output + "/adopt-exclude", encoding: .utf8)), in: app)
    #expect(excluded == ["News/ViewModels/SearchViewModel.swift": "excluded by you in adopt-exclude (`News/ViewModels/SearchViewModel.swift`)"])
    let adoption = Adoption(app, rejected: excluded)
    let changes = try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let report = AdoptReport.text(adoption, shownFolder: "News", output: output, changes: changes)
    #expect(report.contains("""
      left out, not part of the app's build (1 file):
        News/ViewModels/SearchViewModel.swift: excluded by you in adopt-exclude (`News/ViewModels/SearchViewModel.swift`)
      """))
    #expect(report.contains("""
        kept adopt-exclude (yours: adopt does not rewrite it)
      """))
    #expect(report.contains("""
        stale scenarios/search/start.scenario: `use search` names no model adopt registers now (yours: delete it, or register `search` in Overrides.swift)
      """))
    #expect(FileManager.default.fileExists(atPath: output + "/scenarios/search/start.scenario"))
  }
}

extension PackageWriterTests {
  /// An app target as Xcode 26 makes it: every unannotated type is `@MainActor`.
  static let mainActorProject = """
    {
      objects = {
        P = {isa = PBXProject; mainGroup = G; targets = (APP); };
        G = {isa = PBXGroup; children = (SYN); sourceTree = "<group>"; };
        SYN = {isa = PBXFileSystemSynchronizedRootGroup; path = News; sourceTree = "<group>"; };
        APP = {isa = PBXNativeTarget; name = News; productType = "com.apple.product-type.application"; buildConfigurationList = L; fileSystemSynchronizedGroups = (SYN); buildPhases = (); };
        L = {isa = XCConfigurationList; buildConfigurations = (D, R); };
        D = {isa = XCBuildConfiguration; name = Debug; buildSettings = {SDKROOT = iphoneos; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; };
        R = {isa = XCBuildConfiguration; name = Release; buildSettings = {SDKROOT = iphoneos; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; }; };
      };
      rootObject = P;
    }
    """

  @Test("an app target whose default isolation is MainActor compiles so: its types keep the isolation the app's code is written for")
  func defaultIsolation() throws {
    let folder = try AppFolder("News", files: NewsApp.files.merging(["News.xcodeproj/project.pbxproj": Self.mainActorProject]) { $1 })
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.defaultIsolation == "MainActor")
    let manifest = PackageWriter(output: folder.path + "-vmrepl", vmrepl: "/opt/vmrepl", adoption: Adoption(app)).manifest()
    #expect(manifest.hasPrefix("// swift-tools-version:6.2\n"))
    #expect(AdoptReport.text(Adoption(app), shownFolder: "News").contains(
      "compiled as the app target sets it: every type not annotated otherwise is @MainActor (SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor)"))
    #expect(manifest.contains("""
            swiftSettings: [
              .swiftLanguageMode(.v5),
              .defaultIsolation(MainActor.self),
      """))
    // Without the setting: no isolation, and the tools version the rest needs.
    let plain = try AppFolder("News", files: NewsApp.files)
    let plainManifest = PackageWriter(output: plain.path + "-vmrepl", vmrepl: "/opt/vmrepl", adoption: Adoption(try AppSources.scan(folder: plain.path))).manifest()
    #expect(plainManifest.hasPrefix("// swift-tools-version:6.1\n"))
    #expect(!plainManifest.contains("defaultIsolation"))
  }

  @Test("an app target in Swift 6 writes regex literals as `/.../` (element-x's `/[@#]\\S*/`): compiled in language mode 5 with that feature")
  func bareSlashRegex() throws {
    let swift6 = Self.mainActorProject.replacingOccurrences(of: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;", with: "SWIFT_VERSION = 6.2;")
    let folder = try AppFolder("News", files: NewsApp.files.merging(["News.xcodeproj/project.pbxproj": swift6]) { $1 })
    let app = try AppSources.scan(folder: folder.path)
    #expect(app.bareSlashRegex)
    let manifest = PackageWriter(output: folder.path + "-vmrepl", vmrepl: "/opt/vmrepl", adoption: Adoption(app)).manifest()
    #expect(manifest.contains("""
            swiftSettings: [
              .swiftLanguageMode(.v5),
              .enableUpcomingFeature("BareSlashRegexLiterals"),
      """))
    // Swift 5, as written or by default: `/` stays an operator.
    let swift5 = Self.mainActorProject.replacingOccurrences(of: "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;", with: "SWIFT_VERSION = 5.0;")
    let older = try AppFolder("News", files: NewsApp.files.merging(["News.xcodeproj/project.pbxproj": swift5]) { $1 })
    let olderApp = try AppSources.scan(folder: older.path)
    #expect(!olderApp.bareSlashRegex)
    #expect(!PackageWriter(output: older.path + "-vmrepl", vmrepl: "/opt/vmrepl", adoption: Adoption(olderApp)).manifest().contains("BareSlashRegexLiterals"))
  }
}
