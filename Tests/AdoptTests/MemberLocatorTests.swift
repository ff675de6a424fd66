import Foundation
import Testing

@testable import Adopt

@Suite("the member of a type or extension that holds a line the compiler rejected")
struct MemberLocatorTests {
  static let source = """
    import Foundation

    public extension String {
        func startsWith(_ prefix: String) -> Bool {
            hasPrefix(prefix)
        }

        func widthOfString(usingFont font: UIFont) -> CGFloat {
            let attributes = [NSAttributedString.Key.font: font]
            return size(withAttributes: attributes).width
        }
    }

    final class Player {
        struct Position { var seconds: Double }
        var position = Position(seconds: 0)
        init(url: URL) {}
    }
    """

  @Test("the innermost function, property or init, nested types included; nil outside every member")
  func locate() throws {
    let width = try #require(MemberLocator.member(atLine: 9, in: Self.source))
    #expect(width.label == "func widthOfString(usingFont:)` in `extension String")
    #expect((width.firstLine, width.lastLine) == (8, 11))
    let text = Array(Self.source.utf8)[width.range]
    #expect(String(decoding: text, as: UTF8.self).hasPrefix("func widthOfString(usingFont font: UIFont) -> CGFloat {"))
    #expect(String(decoding: text, as: UTF8.self).hasSuffix("}"))
    #expect(MemberLocator.member(atLine: 15, in: Self.source)?.label == "var seconds` in `Position")
    #expect(MemberLocator.member(atLine: 16, in: Self.source)?.label == "var position` in `Player")
    #expect(MemberLocator.member(atLine: 17, in: Self.source)?.label == "init(url:)` in `Player")
    #expect(MemberLocator.member(atLine: 14, in: Self.source) == nil)
    #expect(MemberLocator.member(atLine: 1, in: Self.source) == nil)
  }

  @Test("members inside `#if` clauses, at file scope and in a type, are members like the others (pocket-casts' `#if !os(watchOS) extension PaidFeature`)")
  func conditionalMembers() throws {
    let source = """
      import SwiftUI

      class PaidFeature: ObservableObject {
          let tier: Int
          init(tier: Int) { self.tier = tier }
          #if os(Linux)
          var haptics: Bool { false }
          #else
          var haptics: Bool { UIDevice.current.hasHaptics }
          #endif
      }

      #if !os(watchOS)
      extension PaidFeature {
          func presentUpgradeController(from controller: UIViewController, source: String) {
              controller.present(upgradeController(source: source), animated: true)
          }
      }
      #endif
      """
    let present = try #require(MemberLocator.member(atLine: 16, in: source))
    #expect(present.label == "func presentUpgradeController(from:source:)` in `extension PaidFeature")
    #expect((present.firstLine, present.lastLine) == (15, 17))
    #expect(MemberLocator.member(atLine: 7, in: source)?.label == "var haptics` in `PaidFeature")
    #expect(MemberLocator.member(atLine: 9, in: source)?.label == "var haptics` in `PaidFeature")
    #expect(MemberLocator.member(atLine: 8, in: source) == nil)
    // A statement of a member in a clause is a seam of that member's type.
    let parsed = MemberLocator.Parsed(source)
    let call = try #require(parsed.tree.tokens(viewMode: .sourceAccurate).first { $0.text == "present" })
    #expect(MemberLocator.statementSeam(holding: call, converter: parsed.converter, why: "")?.seam?.text
      == #"StandIn.call("PaidFeature.present", "controller.present(upgradeController(source: source), animated: true)") as Void"#)
  }

  @Test("a body can be a seam where the signature stays: a function's or a read-only computed property's, not an init's or a stored property's")
  func bodySeams() throws {
    let starts = try #require(MemberLocator.member(atLine: 5, in: Self.source)?.seam)
    #expect(starts.text == #"{ StandIn.call("String.startsWith", "startsWith(\(StandIn.text(prefix)))") }"#)
    #expect(starts.declaration.signature == "func startsWith(_ prefix: String) -> Bool")
    #expect(starts.declaration.hasDefault == false)
    #expect(String(decoding: Array(Self.source.utf8)[starts.body], as: UTF8.self).hasPrefix("{\n        hasPrefix(prefix)"))
    #expect(MemberLocator.member(atLine: 16, in: Self.source)?.seam == nil)
    #expect(MemberLocator.member(atLine: 17, in: Self.source)?.seam == nil)
    let computed = """
      extension L10n {
          private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
              String(format: localizedFormat(key, table), arguments: args)
          }
          static var title: String { L10n.tr("Localizable", "title") }
          static func log(_ text: String) { os_log("%@", text) }
      }
      """
    // A localized-string lookup: unanswered, the app's own string (`StandInStrings`).
    let lookup = try #require(MemberLocator.member(atLine: 3, in: computed)?.seam)
    #expect(lookup.text == #"{ StandIn.call("L10n.tr", "tr(\(StandIn.text(table)), \(StandIn.text(key)), \(StandIn.text(args)))", "#
      + #"empty: StandInStrings.localized(table: table, key: key, arguments: args)) }"#)
    #expect(lookup.declaration.hasDefault)
    #expect(MemberLocator.member(atLine: 5, in: computed)?.seam?.text == #"{ StandIn.call("L10n.title", "title") }"#)
    #expect(MemberLocator.member(atLine: 6, in: computed)?.seam?.text == #"{ StandIn.call("L10n.log", "log(\(StandIn.text(text)))") as Void }"#)
  }

  @Test("an error in a member's signature blanks it out whole; one in its body makes the body a seam")
  func signatureOrBody() throws {
    let width = try #require(MemberLocator.member(atLine: 9, in: Self.source))
    func rejection(_ line: Int, _ message: String) -> PackageBuild.Rejection { .init(path: "S.swift", line: line, message: message) }
    #expect(AdoptionProof.inSignature(rejection(8, "cannot find type 'UIFont' in scope"), of: width))
    #expect(AdoptionProof.inSignature(rejection(9, "cannot find type 'UIFont' in scope"), of: width))
    #expect(!AdoptionProof.inSignature(rejection(10, "value of type 'String' has no member 'size'"), of: width))
    #expect(!AdoptionProof.inSignature(rejection(9, "cannot find 'NSAttributedString' in scope"), of: width))
  }

  @Test("a member whose body the compiler rejected keeps its name with a seam for a body: still an action, and answered in the transcript")
  func seamedMember() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    let path = "Photos/PhotoSaverViewModel.swift"
    let source = try String(contentsOfFile: Apps.folder("Photos") + "/" + path, encoding: .utf8)
    let member = try #require(MemberLocator.member(atLine: 17, in: source))
    let reason = "does not compile on Linux: line 17: value of type 'UIImage' has no member 'jpegData'"
    var seam = try #require(member.seam)
    seam.declaration.why = "\(path) \(reason)"
    let adoption = Adoption(app, droppedMembers: [
      path: [.init(range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason, seam: seam)]
    ])
    let model = try #require(adoption.models.first { $0.type == "PhotoSaverViewModel" })
    #expect(model.actions.map(\.name) == ["saveImage"])
    #expect(adoption.bodySeamDeclarations.map(\.member) == ["PhotoSaverViewModel.saveImage"])
    #expect(AdoptReport.text(adoption, shownFolder: "Photos").contains("""
        Photos/PhotoSaverViewModel.swift without the body of `func saveImage()` in `PhotoSaverViewModel` (a seam in its place; \(reason))
      """))
    let output = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption).write()
    let copy = try String(contentsOfFile: output + "/Sources/Photos/filtered/" + path, encoding: .utf8)
    let lines = copy.split(separator: "\n", omittingEmptySubsequences: false)
    // Every line of the app's file at its number, then the trailer and the import.
    #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count + 2)
    #expect(lines[15] == #"    func saveImage() { StandIn.call("PhotoSaverViewModel.saveImage", "saveImage()") as Void } "#)
    #expect(lines[16...21].allSatisfy { $0.allSatisfy { $0 == " " } })
    #expect(copy.hasSuffix("every adopt rewrites it.\nimport StandInSupport\n"))
    let writer = PackageWriter(output: output, vmrepl: "/opt/vmrepl", adoption: adoption)
    let generated = try String(contentsOfFile: output + "/Sources/\(writer.executable)/Models.generated.swift", encoding: .utf8)
    #expect(generated.contains(#"StandInDeclaration("PhotoSaverViewModel.saveImage", signature: "func saveImage()", why: "Photos/PhotoSaverViewModel.swift does not compile on Linux: line 17: value of type 'UIImage' has no member 'jpegData'", hasDefault: true, models: ["photoSaver"]))"#))
  }
}

extension MemberLocatorTests {
  @Test("a body seam returning a protocol returns the app's mock of it unanswered, filled by the adoption it is compiled in (element-x's `DefaultPostHogFactory.createPostHog`, seamed before `PHGPostHogMock` was stood in); one whose empty value the compiler refused stays plain")
  func seamFilledWithMockLater() throws {
    let folder = try AppFolder("Analytics", files: [
      "Analytics/Services/PHGPostHogProtocol.swift": """
        import Foundation

        protocol PHGPostHogProtocol {
            func optIn()
            func capture(_ event: String, properties: [String: Any]?)
        }

        class DefaultPostHogFactory {
            func createPostHog(config: String) -> PHGPostHogProtocol {
                PostHogSDK.shared.setup(config)
                return PostHogSDK.shared
            }
        }
        """,
      "Analytics/Mocks/Generated/GeneratedMocks.swift": """
        // Generated using Sourcery
        import AVFoundation

        class PHGPostHogMock: PHGPostHogProtocol {
            var optInCallsCount = 0
            func optIn() { optInCallsCount += 1 }
            func capture(_ event: String, properties: [String: Any]?) {}
        }
        """,
      "Analytics/Screens/AnalyticsSettingsScreenViewModel.swift": """
        import Combine

        final class AnalyticsSettingsScreenViewModel: ObservableObject {
            @Published var isEnabled = false
            private let factory: DefaultPostHogFactory
            init(factory: DefaultPostHogFactory) { self.factory = factory }
            func toggle() {
                factory.createPostHog(config: "key").optIn()
                isEnabled.toggle()
            }
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Analytics/Services/PHGPostHogProtocol.swift"
    let source = try String(contentsOfFile: folder.path + "/" + path, encoding: .utf8)
    let member = try #require(MemberLocator.member(atLine: 9, in: source))
    // As mending made it in a round whose types had no mock: plain.
    let seam = try #require(member.seam)
    #expect(seam.empty == nil)
    let reason = "does not compile on Linux: line 10: cannot find 'PostHogSDK' in scope"
    let dropped = Adoption.DroppedMember(range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason, seam: seam)
    let adoption = Adoption(app, droppedMembers: [path: [dropped]])
    let filled = try #require(adoption.droppedMembers[path]?.first?.seam)
    #expect(filled.text == #"{ StandIn.call("DefaultPostHogFactory.createPostHog", "createPostHog(config: \(StandIn.text(config)))", empty: PHGPostHogMock()) }"#)
    #expect(filled.declaration.hasDefault)
    // Refused by the compiler once: plain from then on.
    var refused = dropped
    refused.seam = try #require(filled.withoutEmpty)
    let again = Adoption(app, droppedMembers: [path: [refused]])
    #expect(again.droppedMembers[path]?.first?.seam?.empty == nil)
    #expect(again.droppedMembers[path]?.first?.seam?.text == seam.text)
    // Until the package builds: then tried once more, and filled again.
    var mending = Mending()
    mending.droppedMembers = [path: [refused]]
    #expect(mending.refusedValues.bodySeams == [path: [member.range]])
    #expect(mending.retryRefusedValues() == 1)
    #expect(mending.refusedValues.count == 0)
    let retried = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(retried.droppedMembers[path]?.first?.seam?.text == filled.text)
    #expect(mending.retryRefusedValues() == 0)
  }
}

extension MemberLocatorTests {
  @Test("an argument seam of `super.init` whose value says no type (element-x's `appHooks.roomScreenHook.update(viewState)`) returns the superclass init's parameter type, read with the generic arguments the model inherits (through a type alias, as element-x writes it), and is filled with it")
  func delegatedArgumentType() throws {
    let folder = try AppFolder("Room", files: [
      "Room/Other/StateStoreViewModelV2.swift": """
        import Combine

        class StateStoreViewModelV2<State, ViewAction>: ObservableObject {
            @Published var state: State
            init(initialViewState: State, mediaProvider: String? = nil) { state = initialViewState }
            func process(viewAction: ViewAction) {}
        }
        """,
      "Room/Screens/RoomScreenModels.swift": """
        enum RoomScreenViewAction { case displayPinnedEvents }

        struct RoomScreenViewState {
            var roomTitle = ""
            var canSendMessage = true
            var pinnedCount: Int
        }
        """,
      "Room/Screens/RoomScreenViewModel.swift": """
        import Combine

        typealias RoomScreenViewModelType = StateStoreViewModelV2<RoomScreenViewState, RoomScreenViewAction>

        class RoomScreenViewModel: RoomScreenViewModelType {
            init(appHooks: AppHooks) {
                let viewState = RoomScreenViewState(pinnedCount: 0)
                super.init(initialViewState: appHooks.roomScreenHook.update(viewState),
                           mediaProvider: nil)
            }
        }
        """,
      "Room/Other/AppHooks.swift": """
        final class AppHooks {
            init() {}
        }
        """,
    ])
    let app = try AppSources.scan(folder: folder.path)
    let path = "Room/Screens/RoomScreenViewModel.swift"
    let source = try String(contentsOfFile: folder.path + "/" + path, encoding: .utf8)
    let message = "value of type 'AppHooks' has no member 'roomScreenHook'"
    let statement = try #require(MemberLocator.initStatement(atLine: 8, in: source, why: "\(path) does not compile on Linux: line 8: \(message)", message: message))
    let seam = try #require(statement.seam)
    #expect(seam.declaration.member == "RoomScreenViewModel.init.initialViewState")
    #expect(seam.declaration.returns == nil)
    let adoption = Adoption(app)
    let empty = EmptyValues(index: adoption.typeIndex)
    #expect(empty.delegatedParameterType(of: "RoomScreenViewModel.init.initialViewState") == "RoomScreenViewState")
    #expect(empty.delegatedParameterType(of: "RoomScreenViewModel.init.mediaProvider") == "String?")
    #expect(empty.delegatedParameterType(of: "RoomScreenViewModel.init.argument1") == nil)
    let filled = empty.filling(seam)
    #expect(filled.declaration.returns == "RoomScreenViewState")
    #expect(filled.text == #"StandIn.call("RoomScreenViewModel.init.initialViewState", "appHooks.roomScreenHook.update(viewState)", empty: RoomScreenViewState(pinnedCount: StandIn.empty()))"#)
  }
}
