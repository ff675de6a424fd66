import Testing

@testable import Adopt

@Suite("Decode sites: where an app's code decodes answers, and into what")
struct DecodeSiteTests {
  func sites(_ source: String) -> [DecodeSite] { FactsVisitor.facts(of: source, path: "Client.swift").decodeSites }

  @Test("a completion handler's decode, an async function's, a Combine pipeline's, each with its path literals")
  func forms() {
    let found = sites(
      #"""
      final class MovieStore {
          private let base = "https://api.themoviedb.org/3"
          private let jsonDecoder: JSONDecoder = {
              let jsonDecoder = JSONDecoder()
              let dateFormatter = DateFormatter()
              dateFormatter.dateFormat = "yyyy-mm-dd"
              jsonDecoder.dateDecodingStrategy = .formatted(dateFormatter)
              return jsonDecoder
          }()
          func fetchMovie(id: Int, successHandler: @escaping (_ response: Movie) -> Void) {
              guard let url = URL(string: "\(base)/movie/\(id)?api_key=\(key)") else { return }
              URLSession.shared.dataTask(with: url) { data, _, _ in
                  let movie = try? self.jsonDecoder.decode(Movie.self, from: data!)
              }.resume()
          }
          func articles() async throws -> [Article] {
              let url = baseURL.appendingPathComponent("articles")
              let (data, _) = try await URLSession.shared.data(from: url)
              return try JSONDecoder().decode([Article].self, from: data)
          }
          func posts() -> AnyPublisher<[Post], Error> {
              URLSession.shared.dataTaskPublisher(for: URL(string: "https://jsonplaceholder.typicode.com/posts")!)
                  .map(\.data).decode(type: [Post].self, decoder: JSONDecoder()).eraseToAnyPublisher()
          }
      }
      extension MovieStore {
          func profile(completion: @escaping (Result<Profile, Error>) -> Void) {
              let errorBody = try? JSONDecoder().decode(ServerError.self, from: Data())
              let profile = try? JSONDecoder().decode(Profile.self, from: Data())
          }
      }
      """#)
    #expect(found.map(\.function) == ["MovieStore.fetchMovie(id:successHandler:)", "MovieStore.articles()", "MovieStore.posts()", "MovieStore.profile(completion:)"])
    #expect(found.map(\.answerType) == ["Movie", "[Article]", "[Post]", "Profile"])
    #expect(found.map(\.paths) == [["*/movie/*?api_key=*"], ["/articles"], ["/posts"], []])
    // The file's decoder reads dates as its formatter writes them.
    #expect(found.map(\.dates) == Array(repeating: "format:yyyy-mm-dd", count: 4))
  }

  @Test("a generic helper decodes nothing a route can name; its caller's literal and return type make the route")
  func genericHelper() {
    let found = sites(
      #"""
      final class APIClient {
          func get<T: Decodable>(_ path: String, query: [String: String] = [:]) async throws -> T {
              return try decoder.decode(T.self, from: data)
          }
      }
      struct Page<Item: Decodable>: Decodable {
          static func decoded(from data: Data) throws -> Self { try JSONDecoder().decode(Self.self, from: data) }
      }
      struct LiveProductClient: ProductSearching {
          func search(query: String) async throws -> [Product] {
              try await api.get("/search", query: ["q": query])
          }
          func format(date: Date) -> String { formatter("yyyy/MM/dd") }
          func imageURL(path: String) -> URL? { URL(string: "https://image.tmdb.org/t/p/w500\(path)") }
      }
      """#)
    #expect(found.map(\.function) == ["LiveProductClient.search(query:)", "LiveProductClient.imageURL(path:)"])
    #expect(found.first?.answerType == "[Product]")
    #expect(found.first?.decoded == [])
    // A URL builder hands back a URL: `RegistrationWriter` routes no answer to it (nothing decoded, no app type).
    #expect(found.last?.answerType == "URL")
    #expect(!RegistrationWriter.nameable("URL", named: ["Product"], scalars: false))
    #expect(RegistrationWriter.nameable("[String: Product]?", named: ["Product"], scalars: false))
  }

  @Test("the registrations name the app's Codable types, a filtered copy's kept ones too, and route each decode site to its type")
  func registrations() throws {
    var files = NewsApp.files
    files["News/Views/ProfileView.swift"] = """
      import SwiftUI

      struct Profile: Codable { let name: String }

      final class ProfileViewModel: ObservableObject {
          @Published var name = ""
      }

      struct ProfileView: View {
          @StateObject var viewModel = ProfileViewModel()
          var body: some View { Text(viewModel.name) }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    #expect(adoption.filtered["News/Views/ProfileView.swift"] != nil)
    #expect(RegistrationWriter.responseTypes(adoption).contains("Profile"))
    let routes = RegistrationWriter.responseRoutes(adoption)
    #expect(routes.map { "\($0.function) \($0.paths) \($0.type)" } == [#"NewsService.fetchNews() ["/api/v1?section=*"] ArticleResponse"#])
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["News"])
    #expect(generated.contains(#"  ResponseRoute("NewsService.fetchNews()", paths: ["/api/v1?section=*"], ArticleResponse.self),"#))
  }
}
