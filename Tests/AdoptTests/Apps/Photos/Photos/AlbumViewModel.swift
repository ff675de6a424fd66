//
//  AlbumViewModel.swift
//  Photos
//

import Foundation
import Combine

class AlbumViewModel: ObservableObject {
    @Published var titles: [String] = []
    @Published var isLoading = false

    func load() {
        isLoading = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.titles = ["Summer", "Winter"]
            self?.isLoading = false
        }
    }
}
