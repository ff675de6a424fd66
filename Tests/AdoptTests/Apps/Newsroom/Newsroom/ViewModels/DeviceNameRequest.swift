//
//  DeviceNameRequest.swift
//  Newsroom
//
//  No bug: `isSaving` stays up after `save` on purpose. The flow that asked for the name
//  answers through the callback: it calls `reject(_:)` on a clash, or pushes the next screen.
//

import Foundation

final class DeviceNameRequest: ObservableObject, Identifiable {
    @Published private(set) var problem: String?
    @Published private(set) var isSaving = false

    private let onSave: (String, DeviceNameRequest) -> Void
    private let onCancel: () -> Void
    private var isDone = false

    init(onSave: @escaping (String, DeviceNameRequest) -> Void, onCancel: @escaping () -> Void) {
        self.onSave = onSave
        self.onCancel = onCancel
    }

    func save(_ name: String) {
        guard !isDone, !isSaving else { return }
        problem = nil
        isSaving = true
        onSave(name, self)
    }

    /// The flow turned the name down: the screen stays, with the reason under the field.
    func reject(_ reason: String) {
        problem = reason
        isSaving = false
    }

    func cancel() {
        guard !isDone else { return }
        isDone = true
        onCancel()
    }
}
