// element-x's `EncryptionResetScreenViewModel`: `resetWith(password:)` is a step of the reset
// flow, called by the model's own closure once the flow asked for a password, and it traps when
// called before (`fatalError("Requested reset flow continuation without a stored handle")`).
// No view calls it; adopt registers it `calledOnlyByModel`, and `audit` does not send it. The
// second registration is the same model without that line: the trap the audit reported.
import Foundation
import Scenario

@MainActor
final class EncryptionResetViewModel {
  var isResetting = false
  private var handle: String?
  private var onPassword: ((String) -> Void)?

  func reset() {
    handle = "reset-handle"
    onPassword = { [weak self] password in
      Task { await self?.resetWith(password: password) }
    }
  }

  func cancel() {
    handle = nil
    onPassword = nil
  }

  func resetWith(password: String) async {
    guard let handle else { fatalError("Requested reset flow continuation without a stored handle") }
    isResetting = !handle.isEmpty && !password.isEmpty
  }
}

/// The three actions the screen's registration has: reset, cancel, and the continuation.
@MainActor
private func resetActions(_ model: inout ModelBuilder<EncryptionResetViewModel>, continuationOnly: Bool = false) {
  if !continuationOnly {
    model.action("reset", "reset()", perform: { reset, _ in reset.reset() })
    model.action("cancel", "cancel()", perform: { reset, _ in reset.cancel() })
  }
  model.asyncAction("resetWith", "resetWith(password:) async", parameters: [Parameter("password", .string)]) { reset, arguments in
    await reset.resetWith(password: arguments.string("password"))
  }
}

let encryptionReset = ModelDefinition("encryption-reset", summary: "a reset flow whose continuation only the model calls") { _ in
  EncryptionResetViewModel()
} describe: { model in
  resetActions(&model)
  model.calledOnlyByModel(["resetWith"])
}

let sentEncryptionReset = ModelDefinition("sent-encryption-reset", summary: "the same, its continuation registered as any action") { _ in
  EncryptionResetViewModel()
} describe: { model in
  resetActions(&model)
}

let encryptionResetStep = ModelDefinition("encryption-reset-step", summary: "the continuation alone, which only the model calls") { _ in
  EncryptionResetViewModel()
} describe: { model in
  resetActions(&model, continuationOnly: true)
  model.calledOnlyByModel(["resetWith"])
}
