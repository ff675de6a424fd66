import Foundation

/// An app's folder in a temporary directory, written file by file as the tests need it, and
/// removed at the end.
struct AppFolder: ~Copyable {
  let path: String

  init(_ name: String, files: [String: String]) throws {
    path = FileManager.default.temporaryDirectory.path + "/vmrepl-adopt-\(getpid())-\(UUID().uuidString)/\(name)"
    for (relative, text) in files {
      let file = path + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
  }
}

/// Files of an app written the way public iOS apps write them: an `ObservableObject` with a
/// service behind a protocol, a live client on `URLSession.shared` and a mock, a search with a
/// kept `Task`, an `@Observable` model, views beside them, and one view-model that shares its
/// file with its view.
enum NewsApp {
  /// The service file with its protocol alone: no conformer that adopt can make.
  static let serviceWithoutClient = """
    import Foundation

    protocol NewsServiceProtocol {
        func fetchNews() async -> [Article]
    }
    """

  static let files: [String: String] = [
    "News.xcodeproj/project.pbxproj": "// an Xcode project\n",
    "News/NewsApp.swift": """
      import SwiftUI

      @main
      struct NewsApp: App {
          var body: some Scene {
              WindowGroup { NewsView(viewModel: NewsViewModel(newsService: NewsService(category: nil))) }
          }
      }
      """,
    "News/Models/Article.swift": """
      import Foundation

      struct Article: Codable, Hashable, Identifiable {
          let id: Int
          let title: String
          let date: String
      }

      struct ArticleResponse: Codable {
          let data: [Article]
      }

      enum SortOrder {
          case newest, oldest
      }
      """,
    "News/Services/NewsService.swift": """
      import Foundation

      protocol NewsServiceProtocol {
          func fetchNews() async -> [Article]
      }

      class NewsService: NewsServiceProtocol {
          let category: String?

          init(category: String?) {
              self.category = category
          }

          func fetchNews() async -> [Article] {
              guard let url = URL(string: "https://news.example.com/api/v1?section=\\(category ?? "general")") else { return [] }
              do {
                  let (data, _) = try await URLSession.shared.data(from: url)
                  return (try? JSONDecoder().decode(ArticleResponse.self, from: data))?.data ?? []
              } catch {
                  return []
              }
          }
      }

      class MockNewsService: NewsServiceProtocol {
          func fetchNews() async -> [Article] { [Article(id: 1, title: "Mock", date: "2024-01-01")] }
      }
      """,
    "News/ViewModels/NewsViewModel.swift": """
      import Foundation

      @MainActor
      class NewsViewModel: ObservableObject {
          @Published var news: [Article] = []
          @Published var isLoading: Bool = true
          @Published var filter = ""

          private let newsService: NewsServiceProtocol

          init(newsService: NewsServiceProtocol) {
              self.newsService = newsService
          }

          func fetchNews() async {
              news = await newsService.fetchNews().sorted { $0.date > $1.date }
              isLoading = false
          }

          func sort(by order: SortOrder) {
              news.sort { order == .newest ? $0.date > $1.date : $0.date < $1.date }
          }

          func select(_ article: Article) {
              print("selected \\(article.id)")
          }

          private func log() {}
      }

      private extension NewsViewModel {
          func bind() {}
      }
      """,
    "News/ViewModels/SearchViewModel.swift": """
      import Foundation
      import Combine

      final class SearchViewModel: ObservableObject {
          @Published var query: String = ""
          @Published private(set) var results: [String] = []
          private var searchTask: Task<Void, Never>?
          private let pageSize: Int

          init(pageSize: Int) {
              self.pageSize = pageSize
          }

          @discardableResult
          func search(text: String, limit: Int? = nil) -> Task<Void, Never> {
              searchTask?.cancel()
              let task = Task { @MainActor in
                  try? await Task.sleep(for: .milliseconds(300))
                  results = [text]
              }
              searchTask = task
              return task
          }

          func clear() throws {
              results = []
          }
      }
      """,
    "News/Settings/SettingsStore.swift": """
      import Observation

      @Observable
      final class SettingsStore {
          var darkMode = false
          var fontSize: Double = 14
          func toggle() { darkMode.toggle() }
      }
      """,
    "News/Views/NewsView.swift": """
      import SwiftUI

      struct NewsView: View {
          @StateObject var viewModel: NewsViewModel
          var body: some View { List(viewModel.news) { Text($0.title) }.task { await viewModel.fetchNews() } }
      }

      #Preview { NewsView(viewModel: NewsViewModel(newsService: MockNewsService())) }
      """,
    "News/Views/ProfileView.swift": """
      import SwiftUI

      final class ProfileViewModel: ObservableObject {
          @Published var name = ""
      }

      struct ProfileView: View {
          @StateObject var viewModel = ProfileViewModel()
          var body: some View { Text(viewModel.name) }
      }
      """,
    "News/Extensions/String+Trimmed.swift": """
      import Foundation

      extension String {
          var trimmed: String { trimmingCharacters(in: .whitespaces) }
      }
      """,
    "News/Unused/Legacy.swift": """
      import Foundation

      struct LegacyThing {}
      """,
    "NewsTests/NewsViewModelTests.swift": """
      import XCTest
      @testable import News
      final class NewsViewModelTests: XCTestCase {}
      """,
  ]
}
