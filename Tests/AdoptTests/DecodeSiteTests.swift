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
    // The helper is a site of its own, typed by each caller; no answer type of its own.
    #expect(found.map(\.function) == ["APIClient.get(_:query:)", "LiveProductClient.search(query:)", "LiveProductClient.imageURL(path:)"])
    #expect(found.map(\.isGenericHelper) == [true, false, false])
    #expect(found.first?.answerType == nil)
    #expect(found[1].answerType == "[Product]")
    #expect(found[1].decoded == [])
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

  @Test("a Decodable type inside an `#if` Linux does not take (Sentry's `SentryMXCallStackTree` under `#if os(iOS) || os(macOS)`) is no response type, nor are its decode sites routes")
  func typeOnlyOnApplePlatforms() throws {
    var files = NewsApp.files
    // In a file a model needs: a file no model needs is not compiled at all.
    files["News/Services/NewsService.swift"] = files["News/Services/NewsService.swift"]! + """

      #if os(iOS) || os(macOS)
      struct CallStackTree: Decodable {
          let callStackPerThread: Bool

          static func from(data: Data) throws -> CallStackTree {
              try JSONDecoder().decode(CallStackTree.self, from: data)
          }
      }
      #endif

      struct Frame: Decodable { let address: Int }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let types = RegistrationWriter.responseTypes(adoption)
    #expect(types.contains("Frame"))
    #expect(!types.contains("CallStackTree"))
    #expect(!RegistrationWriter.responseRoutes(adoption).contains { $0.type == "CallStackTree" })
  }

  @Test("a generic helper's callers say what it decodes: typed lets, `if let`, properties assigned, returns; its error shape is no answer type")
  func typedCalls() throws {
    var files = NewsApp.files
    files["News/Services/MastodonClient.swift"] = """
      import Foundation

      struct ServerError: Decodable { let error: String }

      final class MastodonClient: Sendable {
          private let decoder = JSONDecoder()

          func get<Entity: Decodable>(endpoint: String) async throws -> Entity {
              try await makeEntityRequest(endpoint: endpoint)
          }

          func getWithLink<Entity: Decodable>(endpoint: String) async throws -> (Entity, LinkHandler?) {
              (try await makeEntityRequest(endpoint: endpoint), nil)
          }

          private func makeEntityRequest<Entity: Decodable>(endpoint: String) async throws -> Entity {
              let (data, _) = try await URLSession.shared.data(from: URL(string: "https://m.example" + endpoint)!)
              do {
                  return try decoder.decode(Entity.self, from: data)
              } catch {
                  if let serverError = try? decoder.decode(ServerError.self, from: data) { throw serverError }
                  throw error
              }
          }
      }
      """
    files["News/ViewModels/TimelineViewModel.swift"] = """
      import Foundation

      struct Status: Codable, Identifiable { let id: String; let content: String }
      struct Account: Codable, Identifiable { let id: String; let name: String }

      @MainActor
      final class TimelineViewModel: ObservableObject {
          @Published var statuses: [Status] = []
          @Published var pinned: Status?
          var accounts: [Account] = []
          let client = MastodonClient()

          func load() async {
              let page: [Status] = (try? await client.get(endpoint: "/api/v1/timelines/home")) ?? []
              do {
                  statuses = try await client.get(
                      endpoint: "/api/v1/timelines/public")
                  self.pinned = try await client.get(endpoint: "/api/v1/statuses/1")
                  if let first: Account = try? await client.get(endpoint: "/api/v1/accounts/1") { accounts = [first] }
                  let found: [Account] = try await client.get(endpoint: "/api/v1/accounts/search")
                  accounts = found
              } catch {}
              _ = page
          }

          func favourites() async throws -> [Status] {
              try await client.get(endpoint: "/api/v1/favourites")
          }
      }
      """
    // As IceCubesApp's conversations: a helper that hands back the answer with the next page's link.
    files["News/ViewModels/ConversationsViewModel.swift"] = """
      import Foundation

      struct Conversation: Codable, Identifiable { let id: String }
      struct LinkHandler { let next: String? }

      @MainActor
      final class ConversationsViewModel: ObservableObject {
          @Published var conversations: [Conversation] = []
          var nextPage: LinkHandler?
          let client = MastodonClient()

          func fetch() async throws {
              let (first, _): ([Conversation], LinkHandler?) = try await client.getWithLink(endpoint: "/api/v1/conversations")
              (conversations, nextPage) = try await client.getWithLink(endpoint: "/api/v1/conversations?max_id=1")
              _ = first
          }
      }
      """
    let folder = try AppFolder("News", files: files)
    let adoption = Adoption(try AppSources.scan(folder: folder.path))
    let helpers = adoption.app.files.first { $0.path.hasSuffix("MastodonClient.swift") }!.decodeSites
    #expect(helpers.map(\.function) == ["MastodonClient.get(endpoint:)", "MastodonClient.getWithLink(endpoint:)", "MastodonClient.makeEntityRequest(endpoint:)"])
    #expect(helpers.map(\.isGenericHelper) == [true, true, true])
    #expect(helpers.map(\.answerElement) == [nil, 0, nil])
    // `ServerError` is what it tries when the caller's type fails: no answer type of its own.
    #expect(helpers.map(\.answerType) == [nil, nil, nil])
    #expect(DecodeSiteVisitor.element(1, of: "([Status], LinkHandler?)") == "LinkHandler?")
    #expect(DecodeSiteVisitor.element(0, of: "(items: [String: Status], link: LinkHandler?)") == "[String: Status]")
    #expect(DecodeSiteVisitor.element(2, of: "(A, B)") == nil)
    let calls = RegistrationWriter.callRoutes(adoption).map { "\($0.call.function) \($0.call.callee) \($0.call.lines) \($0.call.type)" }
    // The first call's value goes through `?? []`: no type is its own, so it is none of these.
    #expect(calls == [
      "ConversationsViewModel.fetch() getWithLink 13...13 [Conversation]",
      "ConversationsViewModel.fetch() getWithLink 14...14 [Conversation]",
      "TimelineViewModel.load() get 16...17 [Status]",
      "TimelineViewModel.load() get 18...18 Status",
      "TimelineViewModel.load() get 19...19 Account",
      "TimelineViewModel.load() get 20...20 [Account]",
      "TimelineViewModel.favourites() get 27...27 [Status]",
    ])
    let generated = RegistrationWriter.generatedFile(adoption, modules: ["News"])
    #expect(generated.contains(#"  ResponseRoute("TimelineViewModel.load()", calling: "get", lines: 16...17, [Status].self),"#))
  }
}
