//
//  UsersViewModel.swift
//  MyApp
//

import Foundation

struct User: Decodable, Identifiable, Equatable {
    let id: Int
    let name: String
}

@propertyWrapper
struct UserDefault<Value> {
    let key: String
    let defaultValue: Value

    var wrappedValue: Value {
        get { UserDefaults.standard.object(forKey: key) as? Value ?? defaultValue }
        set { UserDefaults.standard.set(newValue, forKey: key) }
    }
}

class UsersViewModel: ObservableObject {
    @Published var users: [User] = []
    @Published var showsOnboarding: Bool

    @UserDefault(key: "hasSeenOnboarding", defaultValue: false)
    private var hasSeenOnboarding: Bool

    init() {
        showsOnboarding = false
        showsOnboarding = !hasSeenOnboarding
        fetch()
    }

    func fetch() {
        guard let url = URL(string: "https://jsonplaceholder.example.com/users") else { return }
        URLSession.shared.dataTask(with: url) { data, _, _ in
            guard let data = data else { return }
            do {
                let users = try JSONDecoder().decode([User].self, from: data)
                DispatchQueue.main.async {
                    self.users = users
                }
            } catch {
                print("could not decode the users:", error.localizedDescription)
            }
        }.resume()
    }

    func dismissOnboarding() {
        hasSeenOnboarding = true
        showsOnboarding = false
    }
}
