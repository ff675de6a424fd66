// element-x's `RoomMemberDetailsScreenViewModel`: `createDirectChat` traps without the user the
// invite sheet confirms (`guard let roomMemberProxy else { fatalError() }` in the app), and the
// app's view sends it only from that sheet, `.sheet(item: $context.inviteConfirmationUser)`.
// adopt reads that and registers the action `offered`; `audit` sends it only once the sheet
// shows. The second registration is the same model without the gate: the trap audit reported.
import Foundation
import Scenario

@MainActor
final class MemberDetailsViewModel {
  var memberDetails: String?
  var inviteConfirmationUser: String?

  func loadMember() { memberDetails = "@alice:matrix.org" }

  func openDirectChat() {
    guard let memberDetails else { fatalError("Opening a direct chat without a member") }
    inviteConfirmationUser = memberDetails
  }

  func dismissInvite() { inviteConfirmationUser = nil }

  func createDirectChat() {
    guard inviteConfirmationUser != nil else { fatalError("Creating a direct chat without a confirmed user") }
    inviteConfirmationUser = nil
  }
}

@MainActor
private func memberActions(_ model: inout ModelBuilder<MemberDetailsViewModel>) {
  model.action("loadMember", "loadMember()", perform: { details, _ in details.loadMember() })
  model.action("openDirectChat", "openDirectChat()", perform: { details, _ in details.openDirectChat() })
  model.action("createDirectChat", "createDirectChat()", perform: { details, _ in details.createDirectChat() })
  model.action("dismissInvite", "dismissInvite()", perform: { details, _ in details.dismissInvite() })
}

let memberDetails = ModelDefinition("member-details", summary: "a direct chat created from the sheet its view shows") { _ in
  MemberDetailsViewModel()
} describe: { model in
  memberActions(&model)
  model.offered("openDirectChat", when: "`context.viewState.memberDetails != nil` (RoomMemberDetailsScreen.swift:94)", openedBy: ["loadMember"]) {
    $0.memberDetails != nil
  }
  model.offered("createDirectChat", when: "`.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34)", openedBy: ["openDirectChat"]) {
    $0.inviteConfirmationUser != nil
  }
  model.offered("dismissInvite", when: "`.sheet(item: $context.inviteConfirmationUser)` (RoomMemberDetailsScreen.swift:34)") {
    $0.inviteConfirmationUser != nil
  }
}

/// A hand-written gate with a typo: `use` says so, with the nearest action.
let typoMemberDetails = ModelDefinition("typo-member-details", summary: "a gate naming no action") { _ in
  MemberDetailsViewModel()
} describe: { model in
  memberActions(&model)
  model.offered("createDirectChta", when: "a sheet") { $0.inviteConfirmationUser != nil }
}

let ungatedMemberDetails = ModelDefinition("ungated-member-details", summary: "the same, its actions registered as offered always") { _ in
  MemberDetailsViewModel()
} describe: { model in
  memberActions(&model)
}
