//
//  ProfileViewModel.swift
//  Newsroom
//
//  Bug: the data task's completion handler writes @Published state on URLSession's queue.
//

import Foundation

final class ProfileViewModel: ObservableObject {
    @Published private(set) var name = ""

    func load() {
        let url = URL(string: "https://news.example.com/api/me")!
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            guard let data, let profile = try? JSONDecoder().decode(Profile.self, from: data) else { return }
            self?.name = profile.name
        }.resume()
    }
}
