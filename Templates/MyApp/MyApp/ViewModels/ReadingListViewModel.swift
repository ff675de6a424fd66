//
//  ReadingListViewModel.swift
//  MyApp
//

import SwiftUI

@Observable
final class ReadingListViewModel {
    enum LoadState: Equatable {
        case idle
        case loading
        case loaded
        case failed(String)
    }

    var books: [Book] = []
    var state: LoadState = .idle
    var title: LocalizedStringKey = "Reading List"
    var isEditing = false

    private let store: BookStore

    init(store: BookStore) {
        self.store = store
    }

    @MainActor
    func load() async {
        state = .loading
        do {
            let loaded = try await store.fetchBooks()
            withAnimation(.easeInOut(duration: 0.3)) {
                books = loaded
                state = .loaded
            }
            title = "Reading List (\(loaded.count))"
        } catch {
            state = .failed(error.localizedDescription)
        }
    }

    @MainActor
    func toggleRead(_ id: Book.ID) {
        guard let index = books.firstIndex(where: { $0.id == id }) else { return }
        withAnimation(.spring()) {
            books[index].isRead.toggle()
        }
    }

    @MainActor
    func remove(_ id: Book.ID) {
        withAnimation {
            books.removeAll { $0.id == id }
        } completion: { [weak self] in
            self?.isEditing = false
        }
    }
}
