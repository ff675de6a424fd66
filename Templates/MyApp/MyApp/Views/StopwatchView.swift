//
//  StopwatchView.swift
//  MyApp
//
//  A SwiftUI view: it has no Linux version, so the package leaves it out (see Package.swift).
//

import SwiftUI

struct StopwatchView: View {
    @StateObject private var viewModel = StopwatchViewModel()

    var body: some View {
        VStack {
            Text(viewModel.elapsedText)
                .font(.largeTitle.monospacedDigit())
            HStack {
                Button("Start") { viewModel.start() }
                Button("Lap") { viewModel.lap() }
                Button("Stop") { viewModel.stop() }
            }
        }
    }
}
