import Foundation
import Testing

@testable import Adopt

/// An app in element-x's shape: a `StateStoreViewModel` whose view sends `ViewAction` cases
/// through `context.send(viewAction:)`, some only in some states (a button inside an `if`, a
/// sheet's confirmation, an alert's item carrying the case), and a model that traps when one is
/// sent in a state no view offers it in (`guard let memberDetails else { fatalError() }`).
enum MembersApp {
  static let files: [String: String] = [
    "Members.xcodeproj/project.pbxproj": "// an Xcode project\n",
    "Members/Other/StateStoreViewModel.swift": """
      import Combine
      import Foundation

      @dynamicMemberLookup
      protocol BindableState {
          associatedtype Bindings
          var bindings: Bindings { get set }
      }

      @MainActor
      class StateStoreViewModel<State: BindableState, ViewAction> {
          var context: Context

          var state: State {
              get { context.viewState }
              set { context.viewState = newValue }
          }

          init(initialViewState: State) {
              context = Context(initialViewState: initialViewState)
              context.viewModel = self
          }

          func process(viewAction: ViewAction) { }

          @dynamicMemberLookup
          @MainActor
          final class Context: ObservableObject {
              fileprivate weak var viewModel: StateStoreViewModel?
              @Published var viewState: State

              init(initialViewState: State) {
                  viewState = initialViewState
              }

              subscript<T>(dynamicMember keyPath: WritableKeyPath<State.Bindings, T>) -> T {
                  get { viewState.bindings[keyPath: keyPath] }
                  set { viewState.bindings[keyPath: keyPath] = newValue }
              }

              func send(viewAction: ViewAction) {
                  viewModel?.process(viewAction: viewAction)
              }
          }
      }

      extension BindableState {
          subscript<T>(dynamicMember keyPath: KeyPath<Bindings, T>) -> T { bindings[keyPath: keyPath] }
      }
      """,
    "Members/Screens/MemberScreen/MemberScreenModels.swift": """
      import Foundation

      struct MemberScreenViewState: BindableState {
          var memberDetails: String?
          var isOwnMemberDetails = false
          var bindings = MemberScreenViewStateBindings()
      }

      struct MemberScreenViewStateBindings {
          var ignoreUserAlert: IgnoreUserAlertItem?
          var inviteConfirmationUser: String?

          struct IgnoreUserAlertItem: Identifiable, Equatable {
              var id: String { "ignore" }
              var viewAction: MemberScreenViewAction { .ignoreConfirmed }
          }
      }

      enum MemberScreenViewAction {
          case showIgnoreAlert
          case ignoreConfirmed
          case openDirectChat
          case createDirectChat
          case displayAvatar(url: String)
          case refresh
      }
      """,
    "Members/Screens/MemberScreen/MemberScreenViewModel.swift": """
      import Foundation

      typealias MemberScreenViewModelType = StateStoreViewModel<MemberScreenViewState, MemberScreenViewAction>

      @MainActor
      final class MemberScreenViewModel: MemberScreenViewModelType {
          init(userID: String) {
              super.init(initialViewState: MemberScreenViewState())
          }

          override func process(viewAction: MemberScreenViewAction) {
              switch viewAction {
              case .showIgnoreAlert:
                  state.bindings.ignoreUserAlert = .init()
              case .ignoreConfirmed:
                  guard state.memberDetails != nil else { fatalError("ignore without a member") }
                  state.bindings.ignoreUserAlert = nil
              case .openDirectChat:
                  guard let memberDetails = state.memberDetails else { fatalError("no member") }
                  state.bindings.inviteConfirmationUser = memberDetails
              case .createDirectChat:
                  guard state.bindings.inviteConfirmationUser != nil else { fatalError("no user to invite") }
                  state.bindings.inviteConfirmationUser = nil
              case .displayAvatar:
                  break
              case .refresh:
                  state.memberDetails = nil
              }
          }
      }
      """,
    // The coordinator sends another enum's case of the same name: not the view-model's action.
    "Members/Screens/MemberScreen/MemberScreenCoordinator.swift": """
      import Combine

      enum MemberScreenCoordinatorAction {
          case openDirectChat(roomID: String)
      }

      @MainActor
      final class MemberScreenCoordinator {
          private let viewModel: MemberScreenViewModel
          private let actionsSubject = PassthroughSubject<MemberScreenCoordinatorAction, Never>()

          init(viewModel: MemberScreenViewModel) {
              self.viewModel = viewModel
          }

          func start() {
              actionsSubject.send(.openDirectChat(roomID: "!room"))
          }
      }
      """,
    "Members/Screens/MemberScreen/View/MemberScreen.swift": """
      import SwiftUI

      struct MemberScreen: View {
          @ObservedObject var context: MemberScreenViewModel.Context

          var body: some View {
              Form {
                  if context.viewState.memberDetails != nil, !context.viewState.isOwnMemberDetails {
                      Button("Message") {
                          context.send(viewAction: .openDirectChat)
                      }
                  }
                  if let details = context.viewState.memberDetails {
                      let action: MemberScreenViewAction = details.isEmpty ? .showIgnoreAlert : .showIgnoreAlert
                      Button("Block") { context.send(viewAction: action) }
                  }
                  Button("Refresh") { context.send(viewAction: .refresh) }
              }
              .alert(item: $context.ignoreUserAlert) { item in
                  Alert(title: Text("Block"), primaryButton: .destructive(Text("Block")) { context.send(viewAction: item.viewAction) },
                        secondaryButton: .cancel())
              }
              .sheet(item: $context.inviteConfirmationUser) { user in
                  Button("Invite \\(user)") {
                      context.send(viewAction: .createDirectChat)
                  }
              }
          }
      }

      struct MemberScreen_Previews: PreviewProvider {
          static let viewModel = MemberScreenViewModel(userID: "@alice")
          static var previews: some View {
              Button("") { viewModel.context.send(viewAction: .createDirectChat) }
          }
      }
      """,
  ]
}

@Suite("adopt: when the app's views offer each action")
struct ActionGateTests {
  @Test("an action sent only inside an `if`, a sheet or an alert's item is gated on what the model holds; one a view sends always is not")
  func gatesFromViews() throws {
    let folder = try AppFolder("Members", files: MembersApp.files)
    let adoption = Adoption(try folder.scanOnly())
    let model = try #require(adoption.models.first { $0.type == "MemberScreenViewModel" })
    #expect(model.actions.map(\.name).contains("createDirectChat"))
    let gates = model.gates
    #expect(gates["openDirectChat"]?.expression == "(viewModel.context.viewState.memberDetails != nil) && (!viewModel.context.viewState.isOwnMemberDetails)")
    #expect(gates["openDirectChat"]?.shown == "`context.viewState.memberDetails != nil`, `!context.viewState.isOwnMemberDetails` (MemberScreen.swift:10)")
    // The sheet's confirmation (the preview's own button is not the app's).
    #expect(gates["createDirectChat"]?.expression == "(viewModel.context.inviteConfirmationUser != nil)")
    #expect(gates["createDirectChat"]?.shown == "`.sheet(item: $context.inviteConfirmationUser)` (MemberScreen.swift:25)")
    // Carried by the alert's item: sent while the alert shows one.
    #expect(gates["ignoreConfirmed"]?.expression == "(viewModel.context.ignoreUserAlert != nil)")
    #expect(gates["ignoreConfirmed"]?.shown == "`.alert(item: $context.ignoreUserAlert)` (MemberScreen.swift:19)")
    // A case written in a local's value, inside `if let`: the `if let`'s value, the ternary left out.
    #expect(gates["showIgnoreAlert"]?.expression == "((viewModel.context.viewState.memberDetails) != nil)")
    #expect(gates["refresh"] == nil)
    // What each condition reads, and the actions whose branch of `process(viewAction:)` writes it.
    #expect(gates["createDirectChat"]?.openers == ["openDirectChat"])
    #expect(gates["ignoreConfirmed"]?.openers == ["showIgnoreAlert"])
    #expect(gates["openDirectChat"]?.openers == ["refresh"], "refresh writes memberDetails (to nil): tried, and the gate stays shut")
    #expect(gates["displayAvatar"] == nil, "no view sends it: offered as before")
    let registration = RegistrationWriter.definition(model).joined(separator: "\n")
    #expect(registration.contains(#"model.offered("createDirectChat", when: "`.sheet(item: $context.inviteConfirmationUser)` (MemberScreen.swift:25)", openedBy: ["openDirectChat"]) { viewModel in (viewModel.context.inviteConfirmationUser != nil) }"#), "\(registration)")
  }

  @Test("a bare case is the action enum's where its place says so, another's where it says another type, and perhaps the action's where nothing says")
  func bareCaseReadFromItsPlace() {
    let target = ActionSites.Target(modelNames: ["MemberScreenViewModel"], actionEnum: "MemberScreenViewAction", cases: ["refresh"], methods: [])
    let source = """
      struct MemberScreen: View {
          @ObservedObject var context: MemberScreenViewModel.Context
          let subject: PassthroughSubject<OtherAction, Never>
          var body: some View {
              if context.viewState.isEditable {
                  Button("A") { context.send(viewAction: .refresh) }
                  Button("B") { subject.send(.refresh) }
                  Button("C") { send(.refresh) }
                  Button("D") { helper.perform(.refresh) }
              }
          }
          func send(_ action: MemberScreenViewAction) { context.send(viewAction: action) }
      }
      """
    let read = ActionSites.read(source, path: "MemberScreen.swift", target: target)
    // A preview nested in the view, before them, is skipped without losing the view's properties.
    #expect(ActionSites.read(source.replacingOccurrences(of: "    let subject:", with: "    struct Inner_Previews: PreviewProvider { }\n    let subject:"),
                             path: "MemberScreen.swift", target: target).sites.map { "\($0.line):\($0.conditions.count)" } == ["7:1", "9:1", "10:0"])
    // A: the model's; B: the subject's own type; C: the file's function taking the enum; D: unknown.
    #expect(read.sites.map(\.line) == [6, 8, 9])
    #expect(read.sites.map(\.conditions.count) == [1, 1, 0])
  }

  @Test("a gate's openers are what its condition reads and an action's code writes, the screen's own choices before what waits for an answer (IceCubesApp's vote)")
  func openersSyncFirst() throws {
    let folder = try AppFolder("Polls", files: [
      "Polls.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Polls/StatusPollViewModel.swift": """
        import Foundation

        @MainActor
        final class StatusPollViewModel: ObservableObject {
            @Published var votes: [Int] = []
            @Published var expired = false
            @Published var comment = ""

            func fetchPoll() async {
                let (data, _) = try! await URLSession.shared.data(from: URL(string: "https://example.com/poll")!)
                votes = (try? JSONDecoder().decode([Int].self, from: data)) ?? []
            }

            func postVotes() async {
                _ = try? await URLSession.shared.data(from: URL(string: "https://example.com/vote")!)
            }

            func handleSelection(_ index: Int) {
                votes.append(index)
            }
        }
        """,
      "Polls/StatusPollView.swift": """
        import SwiftUI

        struct StatusPollView: View {
            @StateObject var viewModel = StatusPollViewModel()
            var body: some View {
                if !viewModel.votes.isEmpty, !viewModel.expired {
                    Button("Vote") { Task { await viewModel.postVotes() } }
                }
                Button("Option") { viewModel.handleSelection(0) }
                    .task { await viewModel.fetchPoll() }
                TextField("Comment", text: $viewModel.comment)
            }
        }
        """,
    ])
    let adoption = Adoption(try folder.scanOnly())
    let model = try #require(adoption.models.first { $0.type == "StatusPollViewModel" })
    #expect(model.gates["postVotes"]?.openers == ["handleSelection", "fetchPoll"])
    // The view binds `comment`, and only reads `expired`: the code's alone, never set by `audit`.
    #expect(model.properties == ["expired", "comment"])
    #expect(model.notSetByViews == ["expired"])
    #expect(RegistrationWriter.definition(model).contains("  model.notSetByViews([\"expired\"])"))
    // What a user does to send each: how findings say a user gets there.
    #expect(model.controls == [
      "postVotes": ["the \"Vote\" button (StatusPollView.swift:7)"],
      "handleSelection": ["the \"Option\" button (StatusPollView.swift:9)"],
      "fetchPoll": ["the screen appearing (StatusPollView.swift:10)"],
      // The field it binds: how a user sets `comment`.
      "comment": ["the \"Comment\" field (StatusPollView.swift:11)"],
    ])
    #expect(RegistrationWriter.definition(model).contains(#"  model.reachedBy("postVotes", ["the \"Vote\" button (StatusPollView.swift:7)"])"#))
    #expect(RegistrationWriter.definition(model).contains(#"  model.reachedBy("comment", ["the \"Comment\" field (StatusPollView.swift:11)"])"#))
    #expect(AdoptReport.text(adoption, shownFolder: "Polls").contains(#"    reached by: postVotes: the "Vote" button (StatusPollView.swift:7)"#))
  }

  @Test("an action sent from the setter of a binding a toggle is handed is reached by that toggle (IceCubesApp's list sheet)")
  func toggleSetterControl() {
    let target = ActionSites.Target(modelNames: ["ListAddAccountViewModel"], actionEnum: nil, cases: [], methods: ["addToList", "removeFromList"])
    let source = """
      struct ListAddAccountView: View {
          @State var viewModel: ListAddAccountViewModel
          var body: some View {
              ForEach(lists) { list in
                  Toggle(list.title, isOn: .init(
                      get: { viewModel.inLists.contains(where: { $0.id == list.id }) },
                      set: { value in Task { if value { await viewModel.addToList(list: list) } else { await viewModel.removeFromList(list: list) } } }))
                  .disabled(viewModel.isLoadingInfo)
                  Toggle("Notify", isOn: Binding(get: { false }, set: { _ in viewModel.addToList(list: list) }))
              }
          }
      }
      """
    let read = ActionSites.read(source, path: "Lists/ListAddAccountView.swift", target: target)
    #expect(read.sites.map { "\($0.name): \($0.control ?? "-") at \($0.line)" } == [
      "addToList: a toggle at 7", "removeFromList: a toggle at 7", "addToList: the \"Notify\" toggle at 9",
    ])
  }

  @Test("an `if case` on the model's value gates what it shows (element-x's QR login: `sendCheckCode` only in `.confirmCode`)")
  func ifCaseGate() {
    let target = ActionSites.Target(modelNames: ["QRCodeLoginScreenViewModel"], actionEnum: "QRCodeLoginScreenViewAction", cases: ["sendCheckCode"], methods: [])
    let source = """
      struct QRCodeLoginScreen: View {
          @ObservedObject var context: QRCodeLoginScreenViewModel.Context
          var body: some View {
              if case let .confirmCode(confirmCode) = context.viewState.state {
                  Button("Continue") { context.send(viewAction: .sendCheckCode) }
                      .disabled(context.checkCodeInput.count < 2 || confirmCode.isSending)
              }
          }
      }
      """
    let read = ActionSites.read(source, path: "QRCodeLoginScreen.swift", target: target)
    #expect(read.sites.first?.conditions.map(\.template) == [
      "{ if case let .confirmCode(confirmCode) = ⟨context⟩.viewState.state { return true } else { return false } }()",
    ])
  }

  @Test("a gate the compiler rejects is left out alone: the action offered always, the model kept")
  func failedGateLeftOut() throws {
    let folder = try AppFolder("Members", files: MembersApp.files)
    let app = try folder.scanOnly()
    var mending = Mending()
    let adoption = mending.adoption(of: app, overridden: [], excluded: [:])
    let model = try #require(adoption.models.first { $0.type == "MemberScreenViewModel" })
    let generated = RegistrationWriter.definition(model).joined(separator: "\n")
    let lines = generated.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains(#"model.offered("createDirectChat""#) }) + 1
    #expect(Mending.gatedAction(atLine: line, of: generated) == "createDirectChat")
    let mended = mending.mend(
      [PackageBuild.Rejection(path: nil, line: line, message: "value of type 'Context' has no member 'inviteConfirmationUser'")],
      adoption: adoption, standIns: StandInFiles(adoption), generated: generated)
    #expect(mended)
    #expect(mending.unregistered.isEmpty)
    let again = mending.adoption(of: app, overridden: [], excluded: [:])
    let remade = try #require(again.models.first { $0.type == "MemberScreenViewModel" })
    #expect(remade.gates["createDirectChat"] == nil)
    #expect(remade.gates["openDirectChat"] != nil)
  }

  @Test("a gate that reads a member the model's compiled copy lost (food-truck's `controller.product`, a StoreKit `Product`) is left out: its closure would not compile")
  func gateOnLostMember() throws {
    let folder = try AppFolder("Trucks", files: [
      "Trucks/Store/StoreProductController.swift": """
        import Foundation
        import StoreKit

        @MainActor
        final class StoreProductController: ObservableObject {
            @Published var product: Product?
            @Published var isEntitled = false
            init() {}
            func purchase() async { isEntitled = true }
        }
        """,
      "Trucks/Store/UnlockFeatureView.swift": """
        import SwiftUI

        struct UnlockFeatureView: View {
            @ObservedObject var controller: StoreProductController
            var body: some View {
                if let product = controller.product, !controller.isEntitled {
                    Button("Unlock") { Task { await controller.purchase() } }
                }
            }
        }
        """,
    ])
    let app = try folder.scanOnly()
    var mending = Mending()
    let before = mending.adoption(of: app, overridden: [], excluded: [:])
    #expect(before.models.first { $0.type == "StoreProductController" }?.gates["purchase"] != nil)
    let mended = mending.mend([MendingTests.rejection(6, "cannot find type 'Product' in scope", path: "Trucks/Store/StoreProductController.swift")],
                              adoption: before, standIns: StandInFiles(before), generated: "")
    #expect(mended)
    let after = mending.adoption(of: app, overridden: [], excluded: [:])
    let model = try #require(after.models.first { $0.type == "StoreProductController" })
    #expect(model.factory == "StoreProductController()")
    #expect(model.gates["purchase"] == nil)
  }

  @Test("a call on a value adopt cannot type leaves the action offered always")
  func untypedCallLeavesActionOpen() {
    let target = ActionSites.Target(modelNames: ["FeedViewModel"], actionEnum: nil, cases: [], methods: ["refresh"])
    let source = """
      struct FeedView: View {
          @StateObject var viewModel = FeedViewModel()
          var body: some View {
              if viewModel.isSignedIn {
                  Button("Refresh") { viewModel.refresh() }
              }
          }
      }
      struct Other {
          func go(model: Any) { (model as? FeedViewModel)?.refresh() }
      }
      """
    let read = ActionSites.read(source, path: "FeedView.swift", target: target)
    #expect(read.sites.map(\.conditions.count) == [1, 0])
    #expect(read.sites.first?.conditions.first?.template == "⟨viewModel⟩.isSignedIn")
  }

  @Test("the properties a view sets are those it binds, assigns, toggles or passes inout; reads, comparisons, the model's own writes, another object's and a preview's are not")
  func propertiesViewsSet() {
    let target = ActionSites.Target(
      modelNames: ["SearchViewModel"], actionEnum: nil, cases: [], methods: [],
      properties: ["query", "showsAll", "page", "sort", "isLoading", "results", "draft", "label"])
    let source = """
      struct SearchView: View {
          @ObservedObject var viewModel: SearchViewModel
          let settings: SearchSettings
          var body: some View {
              TextField("Search", text: $viewModel.query)
              Toggle("All", isOn: $viewModel.showsAll)
              Button("More") { viewModel.page += 1 }
              Text(viewModel.isLoading ? "..." : viewModel.results)
              if viewModel.page == 1 { Text("first") }
              Button("Clear") { settings.label = "" }
              Editor { model in model.sort = "name" }
              Button("Swap") { swap(&viewModel.draft, &draft) }
          }
      }
      final class SearchViewModel: ObservableObject {
          @Published var isLoading = false
          func load() { self.isLoading = true; isLoading.toggle() }
      }
      struct SearchView_Previews: PreviewProvider {
          static var previews: some View { Toggle("", isOn: $viewModel.results) }
      }
      """
    let read = ActionSites.read(source, path: "SearchView.swift", target: target)
    #expect(read.writes == ["query", "showsAll", "page", "sort", "draft"])
    #expect(read.holdsModel)
    // A file where no type holds the model says nothing of who sets what.
    #expect(!ActionSites.read("struct Row { func bind(_ model: Any) { } }", path: "Row.swift", target: target).holdsModel)
  }

  @Test("the field a property is bound to is how a user sets it: a text field's or a toggle's title, the search field, `a field` for a title the code computes; a binding handed to a subview names none")
  func fieldsOfBindings() {
    let target = ActionSites.Target(
      modelNames: ["SearchViewModel"], actionEnum: nil, cases: [], methods: [],
      properties: ["query", "showsAll", "filter", "password", "sort", "note", "draft", "muted", "hidden", "pinned"])
    let source = """
      struct SearchView: View {
          @ObservedObject var viewModel: SearchViewModel
          var body: some View {
              TextField("Search", text: $viewModel.query)
              Toggle("All", isOn: $viewModel.showsAll)
              List { }.searchable(text: $viewModel.filter)
              SecureField(L10n.password, text: $viewModel.password)
              Picker(viewModel.sortTitle, selection: $viewModel.sort) { Text("Newest") }
              TextEditor(text: $viewModel.note)
              DraftEditor(text: $viewModel.draft)
              Toggle(isOn: $viewModel.muted) { Text("settings.mute") }
              Toggle(isOn: $viewModel.hidden) { Label("Hide", systemImage: "eye") }
              Toggle(isOn: $viewModel.pinned, label: { Text("Pin") })
          }
      }
      """
    var keyed = target
    keyed.titles = ["L10n.password": "Password", "Search": "Search posts", "settings.mute": "Mute videos"]
    let read = ActionSites.read(source, path: "Search/SearchView.swift", target: keyed)
    #expect(read.fields.map { "\($0.name): \($0.control ?? "-") at \($0.line)" } == [
      "query: the \"Search posts\" field at 4", "showsAll: the \"All\" toggle at 5", "filter: the search field at 6",
      "password: the \"Password\" field at 7", "sort: a picker at 8", "note: a text editor at 9",
      // A title in the label closure (IceCubesApp's settings).
      "muted: the \"Mute videos\" toggle at 11", "hidden: the \"Hide\" toggle at 12", "pinned: the \"Pin\" toggle at 13",
    ])
    var plan = ModelPlan(type: DeclaredType(name: "SearchViewModel", kind: .class), path: "Search/SearchViewModel.swift", index: TypeIndex([]))
    plan.properties = ["query", "showsAll", "draft"]
    #expect(ActionGates.controls(of: plan, read: read) == [
      "query": ["the \"Search posts\" field (SearchView.swift:4)"], "showsAll": ["the \"All\" toggle (SearchView.swift:5)"],
    ])
  }

  @Test("what a user does to send an action is read from the control around it: a button's title (its text or its label's), pull to refresh, the screen appearing; a title the code computes is `a button`")
  func controlsAroundSites() {
    let target = ActionSites.Target(modelNames: ["CartViewModel"], actionEnum: nil, cases: [], methods: ["add", "reload", "vote", "refresh", "load", "remove", "follow", "search", "status", "clear"])
    let source = """
      struct CartView: View {
          @StateObject var viewModel = CartViewModel()
          var body: some View {
              Button("Add to basket") { Task { await viewModel.add() } }
              Button(action: viewModel.reload) { Text("Reload") }
              Button { viewModel.vote() } label: { Label("Vote", systemImage: "checkmark") }
              List { }
                  .refreshable { await viewModel.refresh() }
                  .onAppear { viewModel.load() }
              Button(L10n.actionRemove) { viewModel.remove() }
              Button { viewModel.follow() } label: { if viewModel.requested { Text("Requested") } else { Text("Follow") } }
              Text("q").task(id: viewModel.query) { await viewModel.search() }
              Button { viewModel.vote() } label: { Text(viewModel.status().text) }
              Button(action: { viewModel.vote() }, label: { Text(viewModel.status().text) })
              Text("x")
          }
          func reset() { viewModel.clear() }
      }
      """
    let read = ActionSites.read(source, path: "Cart/CartView.swift", target: target)
    // A title that is a key of the app's strings is named by its text.
    var keyed = target
    keyed.titles = ["Add to basket": "Add"]
    #expect(ActionSites.read(source, path: "Cart/CartView.swift", target: keyed).sites.first?.control == "the \"Add\" button")
    #expect(read.sites.map { "\($0.name): \($0.control ?? "-")" } == [
      "add: the \"Add to basket\" button", "reload: the \"Reload\" button", "vote: the \"Vote\" button",
      "refresh: pull to refresh", "load: the screen appearing", "remove: a button", "follow: a button",
      "search: the screen appearing and each change of `viewModel.query`",
      // A call in a button's label draws it: no tap's.
      "vote: a button", "status: -", "vote: a button", "status: -", "clear: -",
    ])
  }

  @Test("SwiftGen's names read as their text: `L10n.actionSave` is the table's `action_save`, else its `fallback:`; a name with no text is `a button`")
  func generatedTitles() {
    let strings = """
      internal nonisolated enum L10n {
        /// Save
        internal static var actionSave: String { return L10n.tr("Localizable", "action_save") }
        internal static func commonCount(_ p1: Int) -> String { return L10n.tr("Localizable", "common_count", p1) }
        public enum Settings {
          public static var updateDatabase: String { return L10n.tr("Localizable", "settings.update_database", fallback: "Update database") }
          public static let missing = L10n.tr("Localizable", "missing_key")
        }
      }
      """
    let titles = GeneratedStrings.titles(in: strings, tables: ["Localizable": ["action_save": "Save"]])
    #expect(titles == ["L10n.actionSave": "Save", "L10n.Settings.updateDatabase": "Update database"])
    var target = ActionSites.Target(modelNames: ["FormViewModel"], actionEnum: nil, cases: [], methods: ["save", "update", "drop"])
    target.titles = titles
    let source = """
      struct FormView: View {
          @StateObject var viewModel = FormViewModel()
          var body: some View {
              Button(L10n.actionSave) { viewModel.save() }
              Button { viewModel.update() } label: { Text(L10n.Settings.updateDatabase) }
              Button(L10n.Settings.missing) { viewModel.drop() }
          }
      }
      """
    #expect(ActionSites.read(source, path: "FormView.swift", target: target).sites.map(\.control) == [
      "the \"Save\" button", "the \"Update database\" button", "a button",
    ])
  }
}
