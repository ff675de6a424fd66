import SwiftUI

struct ShelfView: View {
    @StateObject private var viewModel = ShelfViewModel()

    var body: some View {
        List(viewModel.books) { book in
            Text(book.title)
        }
        .task { await viewModel.load() }
    }
}
