//
//  PricesView.swift
//  Newsroom
//

import SwiftUI

struct PricesView: View {
    @StateObject private var viewModel = PricesViewModel()
    @StateObject private var safeViewModel = SafePricesViewModel()

    var body: some View {
        VStack {
            Text("\(viewModel.price)")
                .task { await viewModel.observe() }
            Text("\(safeViewModel.price)")
                .task { await safeViewModel.observe() }
        }
    }
}
