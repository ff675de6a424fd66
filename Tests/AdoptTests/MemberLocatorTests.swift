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

  @Test("a member the compiler rejected is blanked out of a filtered copy, and no action of its model")
  func droppedMember() throws {
    let app = try AppSources.scan(folder: Apps.folder("Photos"))
    let source = try String(contentsOfFile: Apps.folder("Photos") + "/Photos/PhotoSaverViewModel.swift", encoding: .utf8)
    let member = try #require(MemberLocator.member(atLine: 17, in: source))
    let reason = "does not compile on Linux: line 17: value of type 'UIImage' has no member 'jpegData'"
    let adoption = Adoption(app, droppedMembers: [
      "Photos/PhotoSaverViewModel.swift": [.init(range: member.range, firstLine: member.firstLine, lastLine: member.lastLine, label: member.label, reason: reason)]
    ])
    let model = try #require(adoption.models.first { $0.type == "PhotoSaverViewModel" })
    #expect(model.factory == "PhotoSaverViewModel()")
    #expect(model.actions.isEmpty)
    #expect(adoption.filtered["Photos/PhotoSaverViewModel.swift"] == [])
    #expect(AdoptReport.text(adoption, shownFolder: "Photos").contains("""
      compiled as filtered copies (1 file, what cannot build on Linux blanked out, lines kept):
        Photos/PhotoSaverViewModel.swift without `func saveImage()` in `PhotoSaverViewModel` (\(reason))
      """))
  }
}
