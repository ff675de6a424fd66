//
//  FeedView.swift
//  Newsroom
//

import SwiftUI

struct FeedView: View {
    @StateObject private var viewModel = FeedViewModel()

    var body: some View {
        List(viewModel.articles) { article in
            Text(article.title)
        }
        .overlay { if viewModel.isLoading { ProgressView() } }
        .task { await viewModel.refresh() }
    }
}

struct SafeFeedView: View {
    @StateObject private var viewModel = SafeFeedViewModel()

    var body: some View {
        List(viewModel.articles) { article in
            Text(article.title)
        }
        .overlay { if viewModel.isLoading { ProgressView() } }
        .task { await viewModel.refresh() }
    }
}
