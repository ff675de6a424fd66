import Foundation
import Testing

@testable import Adopt

/// An SDK written as Mastodon's is: entities nested in `extension Mastodon.Entity`, naming their
/// siblings by their short names, and requests that write whole chains (`Mastodon.Entity.Status`).
enum NestedSDK {
  static let files: [String: String] = [
    "Social.xcodeproj/project.pbxproj": "// an Xcode project\n",
    "Social/SDK/Mastodon.swift": """
      import Foundation

      public enum Mastodon {
          public enum Entity { }
          public enum API { }
      }
      """,
    "Social/SDK/Mastodon+Entity+History.swift": """
      import Foundation

      extension Mastodon.Entity {
          public struct History: Hashable, Codable, Sendable {
              public let day: String
              public let uses: String
          }
      }
      """,
    "Social/SDK/Mastodon+Entity+Tag.swift": """
      import Foundation

      extension Mastodon.Entity {
          public struct Tag: Hashable, Codable, Sendable {
              public let name: String
              public let history: [History]?

              public func copy() -> Self { Tag(name: name, history: history) }
          }
      }
      """,
    "Social/SDK/Mastodon+Entity+Status.swift": """
      import Foundation

      extension Mastodon.Entity {
          public struct Status: Codable, Sendable {
              public let id: String
              public let tags: [Tag]
          }
      }
      """,
    "Social/SDK/Mastodon+API+Bookmarks.swift": """
      import Foundation

      extension Mastodon.API {
          public static func bookmarkedStatus(data: Data) throws -> [Mastodon.Entity.Status] {
              try JSONDecoder().decode([Mastodon.Entity.Status].self, from: data)
          }
      }
      """,
    // A top-level `History` and a `Status` elsewhere, in a file that cannot build on Linux:
    // neither is what the SDK's files mean.
    "Social/Scene/History/HistoryView.swift": """
      import SwiftUI

      struct History: View {
          var body: some View { Text("history") }
      }
      """,
    "Social/Keychain/Keychain.swift": """
      import Foundation
      import Security
      import LocalAuthentication

      public enum Status: OSStatus, Error {
          case success = 0
      }
      """,
    "Social/Scene/FollowedTags/FollowedTagsViewModel.swift": """
      import Foundation
      import Combine

      final class FollowedTagsViewModel: ObservableObject {
          @Published var tags: [Mastodon.Entity.Tag] = []
          @Published var bookmarks: [Mastodon.Entity.Status] = []

          func load(_ data: Data) {
              bookmarks = (try? Mastodon.API.bookmarkedStatus(data: data)) ?? []
          }
      }
      """,
  ]
}

@Suite("vmrepl adopt: short names of nested types, read as Swift's lookup reads them")
struct NestedNamesTests {
  @Test("a sibling named by its short name inside `extension Mastodon.Entity` is that nested type")
  func siblingInExtension() throws {
    let folder = try AppFolder("Social", files: NestedSDK.files)
    let app = try AppSources.scan(folder: folder.path)
    let tag = try #require(app.files.first { $0.path == "Social/SDK/Mastodon+Entity+Tag.swift" })
    #expect(tag.mentions.contains("Mastodon.Entity.History"))
    #expect(!tag.mentions.contains("History"))
    // Its own name, inside itself, is itself.
    #expect(tag.mentions.contains("Mastodon.Entity.Tag"))
    #expect(!tag.mentions.contains("Tag"))
    // The declaration's mentions too, which a filtered copy drops by.
    #expect(tag.declarations.contains { $0.mentions.contains("Mastodon.Entity.History") })
  }

  @Test("a chain's last member (`Status` of `Mastodon.Entity.Status`) is no name of its own")
  func chainMember() throws {
    let facts = FactsVisitor.facts(of: NestedSDK.files["Social/SDK/Mastodon+API+Bookmarks.swift"]!, path: "Bookmarks.swift")
    #expect(facts.mentions.contains("Mastodon.Entity.Status"))
    #expect(!facts.mentions.contains("Status"))
    // `Mastodon` itself is still named, as the chain's first name.
    #expect(facts.mentions.contains("Mastodon"))
  }

  @Test("a chain's first name drops off only where it is a module the file imports")
  func moduleQualified() {
    let facts = FactsVisitor.facts(of: """
      import UIKit
      import Models

      struct MenuConfiguration {
          let options: UIMenu.Options
          let policy: Models.NotificationsPolicy
          let fallback = Models.Filter.all
      }
      """, path: "MastodonMenu.swift")
    #expect(facts.mentions.contains("UIMenu.Options"))
    #expect(!facts.mentions.contains("Options"))
    #expect(facts.mentions.isSuperset(of: ["Models.NotificationsPolicy", "NotificationsPolicy", "Models.Filter", "Filter"]))
  }

  @Test("the view-model's SDK is compiled whole, with no file of a same-named top-level type")
  func selection() throws {
    let folder = try AppFolder("Social", files: NestedSDK.files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.map(\.type) == ["FollowedTagsViewModel"])
    #expect(adoption.included.sorted() == [
      "Social/SDK/Mastodon+API+Bookmarks.swift",
      "Social/SDK/Mastodon+Entity+History.swift",
      "Social/SDK/Mastodon+Entity+Status.swift",
      "Social/SDK/Mastodon+Entity+Tag.swift",
      "Social/SDK/Mastodon.swift",
      "Social/Scene/FollowedTags/FollowedTagsViewModel.swift",
    ])
    #expect(adoption.seams.isEmpty)
  }

  @Test("the innermost enclosing scope that declares the name wins; none, the name itself")
  func lookup() {
    let known: Set = ["Outer.Inner", "Outer.Mid.Inner", "Mastodon.Entity.History"]
    #expect(NestedNames.lookup("Inner", from: "Outer.Mid", known: known) == "Outer.Mid.Inner")
    #expect(NestedNames.lookup("Inner", from: "Outer.Other", known: known) == "Outer.Inner")
    #expect(NestedNames.lookup("History", from: "Mastodon.API", known: known) == "History")
    #expect(NestedNames.lookup("Inner", from: "", known: known) == "Inner")
    // Written both at file scope and inside a scope: both meanings kept.
    #expect(NestedNames.resolved(["Inner"], scopes: ["Inner": ["", "Outer"]], known: known) == ["Inner", "Outer.Inner"])
  }

  @Test("a nested type of a left-out file (`Asset.Colors` of SwiftGen's assets) is stood in with its top-level type")
  func nestedOfLeftOut() throws {
    let folder = try AppFolder("Social", files: [
      "Social.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Social/Generated/Assets.swift": """
        #if os(macOS)
          import AppKit
        #elseif os(iOS)
          import UIKit
        #endif

        public enum Asset {
          public enum Colors {
            public static let accent = ColorAsset(name: "Colors/accent")
          }
        }

        public final class ColorAsset {
          public fileprivate(set) var name: String
          #if os(macOS)
          public typealias Color = NSColor
          #elseif os(iOS)
          public typealias Color = UIColor
          #endif
          fileprivate init(name: String) { self.name = name }
        }
        """,
      "Social/Scene/Header/HeaderViewModel.swift": """
        import Foundation
        import Combine

        final class HeaderViewModel: ObservableObject {
            @Published var tint: String = Asset.Colors.accent.name
            func refresh() { tint = Asset.Colors.accent.name }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.models.map(\.type) == ["HeaderViewModel"])
    #expect(adoption.included == ["Social/Scene/Header/HeaderViewModel.swift"])
    #expect(adoption.seams["Social/Generated/Assets.swift"]?.types == ["Asset", "ColorAsset"])
  }
}

@Suite("vmrepl adopt: a model's own nested types in its registration")
struct NestedRegistrationTests {
  /// As Mastodon's privacy settings (a `Preset` of its own beside the strings' `Preset`) and its
  /// notification cell's model (`ViewModel.Value`, beside another app `Value`).
  static let files: [String: String] = [
    "Social.xcodeproj/project.pbxproj": "// an Xcode project\n",
    "Social/Settings/PrivacySafetyViewModel.swift": """
      import Foundation
      import Combine

      final class PrivacySafetyViewModel: ObservableObject {
          enum Preset {
              case openPublic, privateRestricted, custom
          }
          @Published var preset: Preset = .openPublic
          // What makes the other `Preset` and `Value` compiled beside these.
          var title: String { L10n.Scene.Preset.title }
          let sample = Value(raw: 1)
          init() {}
          func applyPreset(_ preset: Preset) { self.preset = preset }
      }
      """,
    "Social/Generated/Strings.swift": """
      import Foundation

      public enum L10n {
          public enum Scene {
              public enum Preset {
                  public static let title = "Preset"
              }
          }
      }
      """,
    "Social/Notification/NotificationCell+ViewModel.swift": """
      import Foundation

      public enum NotificationCell {
          final class ViewModel: ObservableObject {
              @Published var value: Value
              init(value: Value) { self.value = value }
              enum Value {
                  case mention, follow
              }
          }
      }
      """,
    // As Mastodon's compose toolbar: an extension of one nested `ViewModel` among many.
    "Social/Compose/ToolbarView+ViewModel.swift": """
      import Foundation

      public enum ToolbarView {
          final class ViewModel: ObservableObject {
              @Published var isPollActive = false
              init() {}
              enum Action: CaseIterable {
                  case poll, emoji
              }
          }
      }

      extension ToolbarView.ViewModel {
          func label(for action: Action) -> String {
              action == .poll && isPollActive ? "poll" : "other"
          }
      }
      """,
    // As mastodon's `Mastodon.API.Account` (an empty enum of requests, first by path) beside the
    // entity `Mastodon.Entity.Account`, a Codable class with no init a report screen is handed.
    "Social/A/API.swift": """
      public enum API {
          public enum Account { }
      }
      """,
    "Social/Entity/Account.swift": """
      import Foundation

      public enum Entity {
          public final class Account: Sendable {
              public let id: String
              public let name: String
          }
      }

      extension Entity.Account: Codable { }
      """,
    "Social/Report/ReportViewModel.swift": """
      import Foundation
      import Combine

      final class ReportViewModel: ObservableObject {
          @Published var name = ""
          let account: Entity.Account
          let api = API.Account.self
          init(account: Entity.Account) { self.account = account }
      }
      """,
    "Social/Models/Value.swift": """
      import Foundation

      struct Value {
          let raw: Int
      }
      """,
    // As home-assistant's `DatabaseTables.CustomWidget` (an enum of columns, first by path) beside
    // the model value `struct CustomWidget` a screen is handed.
    "Social/A/DatabaseTables.swift": """
      public enum DatabaseTables {
          public enum CustomWidget: String, CaseIterable {
              case id, name
          }
      }
      """,
    "Social/Widgets/CustomWidget.swift": """
      import Foundation

      public struct CustomWidget: Codable, Equatable {
          public typealias ID = String
          public var id: ID
          public var name: String
      }
      """,
    "Social/Widgets/WidgetCreationViewModel.swift": """
      import Foundation
      import Combine

      final class WidgetCreationViewModel: ObservableObject {
          @Published var widget: CustomWidget
          let columns = DatabaseTables.CustomWidget.allCases
          init(widget: CustomWidget) { self.widget = widget }
      }
      """,
  ]

  @Test("a bare nested type in an action or an init is the model's own, qualified, however many types share its name")
  func ownNestedTypes() throws {
    let folder = try AppFolder("Social", files: Self.files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let privacy = try #require(adoption.models.first { $0.type == "PrivacySafetyViewModel" })
    let apply = try #require(privacy.actions.first { $0.name == "applyPreset" })
    #expect(apply.call.contains("return PrivacySafetyViewModel.Preset.openPublic"))
    #expect(!apply.call.contains(" Preset."))
    let cell = try #require(adoption.models.first { $0.type == "NotificationCell.ViewModel" })
    // A bare name outside any type is the top-level type, not another's nested one of that name.
    let widget = try #require(adoption.models.first { $0.type == "WidgetCreationViewModel" })
    #expect(widget.factory == #"WidgetCreationViewModel(widget: (StandIn.sample("WidgetCreationViewModel.widget", "widget: CustomWidget") as CustomWidget))"#)
    #expect(cell.factory == "NotificationCell.ViewModel(value: choice1(context))")
    // A type written whole is that type; a Codable class with no init to call is a sample.
    let report = try #require(adoption.models.first { $0.type == "ReportViewModel" })
    #expect(report.factory == #"ReportViewModel(account: (StandIn.sample("ReportViewModel.account", "account: Entity.Account") as Entity.Account))"#)
    // The toolbar's extension is its own `ViewModel`'s, not the cell's.
    #expect(cell.actions.map(\.name) == [])
    let toolbar = try #require(adoption.models.first { $0.type == "ToolbarView.ViewModel" })
    #expect(toolbar.actions.map(\.name) == ["label"])
    #expect(toolbar.actions.first?.call.contains("return ToolbarView.ViewModel.Action.poll") == true)
    #expect(cell.choices.joined().contains("return NotificationCell.ViewModel.Value.mention"))
    #expect(cell.options == [
      #"Parameter("value", .oneOf(["mention", "follow"]), default: .word("mention"), "ViewModel.init value: NotificationCell.ViewModel.Value")"#,
    ])
  }
}

@Suite("vmrepl adopt: a model's parameter made with a failable init")
struct FailableInitTests {
  @Test("a parameter whose one callable init is failable is made with it, unwrapped, and the note says so")
  func failableConvenience() throws {
    // As Mastodon's AuthContext: a private designated init and a public failable convenience one.
    let folder = try AppFolder("Social", files: [
      "Social.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Social/Core/AuthContext.swift": """
        import Foundation

        public struct Authentication: Codable, Hashable {
            public var domain: String
            public var userID: String
        }

        public class AuthContext {
            public private(set) var authentication: Authentication
            private init(box: Authentication) { self.authentication = box }
        }

        extension AuthContext {
            public convenience init?(authentication: Authentication) {
                self.init(box: authentication)
            }
        }
        """,
      "Social/Scene/FollowerListViewModel.swift": """
        import Foundation
        import Combine

        final class FollowerListViewModel: ObservableObject {
            let authContext: AuthContext
            @Published var names: [String] = []
            init(authContext: AuthContext) { self.authContext = authContext }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "FollowerListViewModel" })
    #expect(model.factory?.hasPrefix("FollowerListViewModel(authContext: AuthContext(authentication: Authentication(") == true)
    #expect(model.factory?.hasSuffix(")!)") == true)
    #expect(model.notes.contains("`AuthContext` is made with its failable init, unwrapped: `use` traps if that init returns nil"))
  }

  @Test("a Decodable model value adopt cannot construct is a sample, declared with the stand-ins as one")
  func decodableSample() throws {
    let folder = try AppFolder("Social", files: [
      "Social.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Social/Core/MastodonAuthentication.swift": """
        import Foundation

        public struct MastodonAuthentication: Codable, Hashable {
            public typealias ID = UUID
            public private(set) var identifier: ID
            public private(set) var domain: String
        }
        """,
      "Social/Core/AuthContext.swift": """
        import Foundation

        public class AuthContext {
            public let authentication: MastodonAuthentication
            private init(box: MastodonAuthentication) { self.authentication = box }
            public convenience init?(authentication: MastodonAuthentication) { self.init(box: authentication) }
        }
        """,
      "Social/Scene/FollowedTagsViewModel.swift": """
        import Foundation
        import Combine

        final class FollowedTagsViewModel: ObservableObject {
            let authContext: AuthContext
            @Published var tags: [String] = []
            init(authContext: AuthContext) { self.authContext = authContext }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let model = try #require(adoption.models.first { $0.type == "FollowedTagsViewModel" })
    #expect(model.factory == #"FollowedTagsViewModel(authContext: AuthContext(authentication: (StandIn.sample("AuthContext.authentication", "authentication: MastodonAuthentication") as MastodonAuthentication))!)"#)
    #expect(model.notes.contains(
      "`authentication: MastodonAuthentication` is a sample, decoded from its own shape (empty strings, zero numbers, no optionals, empty lists): "
        + "adopt cannot call its inits; the transcript shows `AuthContext.authentication`"))
    let text = RegistrationWriter.generatedFile(adoption, modules: ["Social"])
    #expect(text.contains(
      #"  declarations.append(StandInDeclaration("AuthContext.authentication", signature: "authentication: MastodonAuthentication", "#
        + #"why: "`MastodonAuthentication` for `AuthContext`: adopt cannot make one, so it is a sample of its Decodable shape", hasDefault: true, "#
        + #"models: ["followedTags"], isSample: true))"#))
  }
}
