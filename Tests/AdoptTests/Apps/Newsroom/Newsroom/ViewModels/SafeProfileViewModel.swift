//
//  SafeProfileViewModel.swift
//  Newsroom
//
//  ProfileViewModel's twin: the state is written on the main queue.
//

import Foundation

final class SafeProfileViewModel: ObservableObject {
    @Published private(set) var name = ""

    func load() {
        let url = URL(string: "https://news.example.com/api/me")!
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            guard let data, let profile = try? JSONDecoder().decode(Profile.self, from: data) else { return }
            DispatchQueue.main.async {
                self?.name = profile.name
            }
        }.resume()
    }
}
