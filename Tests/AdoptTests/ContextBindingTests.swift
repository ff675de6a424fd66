import Foundation
import Testing

@testable import Adopt

/// element-x's user search in its own shape: the text field binds `$context.searchQuery`, a
/// member of the view state's `bindings` that `StateStoreViewModel.Context` reaches by dynamic
/// member lookup; the model itself declares no property a command could set.
enum SearchUsersApp {
  static let files: [String: String] = MembersApp.files.filter { $0.key.hasPrefix("Members/Other/") || $0.key.hasSuffix(".pbxproj") }.merging([
    "Members/Screens/StartChatScreen/StartChatScreenModels.swift": """
      import Foundation

      struct StartChatScreenViewState: BindableState {
          var users: [String] = []
          var isSearching = false
          var bindings = StartChatScreenViewStateBindings()
      }

      struct StartChatScreenViewStateBindings {
          var searchQuery = ""
          var isJoinSheetPresented = false
          var pageSize: Int = 20
          var alertInfo: String?
          let title = "Start chat"
          static var shared = StartChatScreenViewStateBindings()
      }

      enum StartChatScreenViewAction {
          case close
      }
      """,
    "Members/Screens/StartChatScreen/StartChatScreenViewModel.swift": """
      import Foundation

      typealias StartChatScreenViewModelType = StateStoreViewModel<StartChatScreenViewState, StartChatScreenViewAction>

      @MainActor
      final class StartChatScreenViewModel: StartChatScreenViewModelType {
          init() {
              super.init(initialViewState: StartChatScreenViewState())
          }

          override func process(viewAction: StartChatScreenViewAction) { }
      }
      """,
    "Members/Screens/StartChatScreen/View/StartChatScreen.swift": """
      import SwiftUI

      struct StartChatScreen: View {
          @ObservedObject var context: StartChatScreenViewModel.Context

          var body: some View {
              Form {
                  TextField("Search people", text: $context.searchQuery)
                  Toggle("Join by address", isOn: $context.isJoinSheetPresented)
                  Button("Cancel") { context.send(viewAction: .close) }
              }
          }
      }
      """,
  ]) { first, _ in first }
}

@Suite("adopt: what a view binds through a model's context")
struct ContextBindingTests {
  @Test("the plain stored vars of a view state's `bindings` are properties reached through `context`, each with the field a view binds it to")
  func bindingsThroughContext() throws {
    let folder = try AppFolder("Members", files: SearchUsersApp.files)
    let adoption = Adoption(try folder.scanOnly())
    let model = try #require(adoption.models.first { $0.type == "StartChatScreenViewModel" })
    // An optional, a `let`, a static are no property a command sets.
    #expect(model.properties == ["searchQuery", "isJoinSheetPresented", "pageSize"])
    #expect(model.propertyPaths == ["searchQuery": "context.searchQuery", "isJoinSheetPresented": "context.isJoinSheetPresented", "pageSize": "context.pageSize"])
    #expect(model.controls["searchQuery"] == ["the \"Search people\" field (StartChatScreen.swift:8)"])
    #expect(model.controls["isJoinSheetPresented"] == ["the \"Join by address\" toggle (StartChatScreen.swift:9)"])
    // The view binds two of them; the page size only the model's code would write.
    #expect(model.notSetByViews == ["pageSize"])
    let registration = RegistrationWriter.definition(model).joined(separator: "\n")
    #expect(registration.contains(#"model.property("searchQuery", \.context.searchQuery)"#), "\(registration)")
    #expect(registration.contains(#"model.property("pageSize", \.context.pageSize)"#))

    // A model whose base holds no `context` reaches nothing through one.
    let members = try #require(Adoption(try AppFolder("Members", files: MembersApp.files).scanOnly()).models.first { $0.type == "MemberScreenViewModel" })
    #expect(members.properties.isEmpty, "its bindings are optionals only")
  }

  @Test("a property line the compiler rejects is left out alone, with a note; the model and its other properties stay")
  func rejectedPropertyLine() throws {
    let folder = try AppFolder("Members", files: SearchUsersApp.files)
    let adoption = Adoption(try folder.scanOnly())
    let model = try #require(adoption.models.first { $0.type == "StartChatScreenViewModel" })
    let generated = RegistrationWriter.definition(model).joined(separator: "\n")
    let line = try #require(generated.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(#"model.property("pageSize""#) }) + 1
    #expect(Mending.registeredProperty(atLine: line, of: generated) == "pageSize")
    #expect(Mending.registeredAction(atLine: line, of: generated) == nil)
    var mending = Mending()
    let mended = mending.mend(
      [PackageBuild.Rejection(path: nil, line: line, message: "key path value type 'Int' cannot be converted")],
      adoption: adoption, standIns: StandInFiles(adoption), generated: generated)
    #expect(mended && mending.unregistered.isEmpty)
    let kept = try #require(mending.adoption(of: try folder.scanOnly(), overridden: [], excluded: [:]).models.first { $0.type == "StartChatScreenViewModel" })
    #expect(kept.factory != nil && kept.properties == ["searchQuery", "isJoinSheetPresented"])
    #expect(kept.notes.contains("`set pageSize` is left out: its registration did not compile (line \(line): key path value type 'Int' cannot be converted)"))
    #expect(kept.actions.map(\.name) == model.actions.map(\.name))
  }
}
