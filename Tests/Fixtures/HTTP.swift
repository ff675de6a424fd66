// View-models and services that talk to a server through URLSession, written as apps write
// them, answered by the `http` dependency every model has.
import Foundation
import Scenario

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Forecast: Decodable, Equatable, Sendable {
  let city: String
  let temperatureC: Double
}

enum APIError: Error, Equatable {
  case badStatus(Int)
}

/// An API client with its own base URL, status check and JSON decoding.
struct WeatherClient: Sendable {
  var session: URLSession = .shared
  var baseURL = URL(string: "https://api.example.com/v1")!

  func forecast(for city: String) async throws -> Forecast {
    var components = URLComponents(url: baseURL.appendingPathComponent("forecast"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "city", value: city)]
    let (data, response) = try await session.data(from: components.url!)
    guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
      throw APIError.badStatus((response as? HTTPURLResponse)?.statusCode ?? 0)
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(Forecast.self, from: data)
  }

  /// The pre-concurrency shape: a completion handler on URLSession's queue.
  func forecast(for city: String, completion: @escaping @Sendable (Result<Forecast, any Error>) -> Void) {
    let url = baseURL.appendingPathComponent("forecast/\(city)")
    URLSession.shared.dataTask(with: url) { data, response, error in
      if let error { return completion(.failure(error)) }
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200, let data else { return completion(.failure(APIError.badStatus(status))) }
      completion(Result { try JSONDecoder().decode(Forecast.self, from: data) })
    }.resume()
  }

  func save(note: String) async throws -> Int {
    var request = URLRequest(url: baseURL.appendingPathComponent("notes"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
    request.httpBody = try JSONEncoder().encode(["text": note])
    let (_, response) = try await session.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }

  /// An upload task: the body travels beside the request, not in it.
  func upload(note: String) async throws -> Int {
    var request = URLRequest(url: baseURL.appendingPathComponent("uploads"))
    request.httpMethod = "PUT"
    let (_, response) = try await session.upload(for: request, from: Data(note.utf8))
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }
}

@MainActor
final class WeatherModel {
  var city = "Berlin"
  var temperature: Double?
  var errorMessage: String?
  var saved = 0
  private let client: WeatherClient
  private var loading: Task<Void, Never>?

  init(client: WeatherClient) { self.client = client }

  func load() async {
    do {
      temperature = try await client.forecast(for: city).temperatureC
      errorMessage = nil
    } catch {
      temperature = nil
      errorMessage = "\(error)"
    }
  }

  /// A new search cancels the one in flight.
  func search(_ city: String) {
    self.city = city
    loading?.cancel()
    loading = Task { await load() }
  }

  func loadWithCallback() {
    client.forecast(for: city) { result in
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          switch result {
          case .success(let forecast): self.temperature = forecast.temperatureC
          case .failure(let error): self.errorMessage = "\(error)"
          }
        }
      }
    }
  }

  func save(_ note: String) async throws {
    saved = try await client.save(note: note)
  }

  func upload(_ note: String) async throws {
    saved = try await client.upload(note: note)
  }
}

let weather = ModelDefinition("weather", summary: "an API client on URLSession: async, completion handler, POST") { _ in
  WeatherModel(client: WeatherClient())
} describe: { model in
  model.asyncAction("load", "load the forecast for `city`", perform: { weather, _ in await weather.load() })
  model.action("search", "start a load for another city, cancelling the one in flight", parameters: [Parameter("city", .string)]) {
    weather, arguments in weather.search(arguments.string("city"))
  }
  model.action("loadWithCallback", "load through a completion handler, back to the main queue", perform: { weather, _ in weather.loadWithCallback() })
  model.asyncAction("save", "POST a note", parameters: [Parameter("note", .string)]) { weather, arguments in
    try await weather.save(arguments.string("note"))
  }
  model.asyncAction("upload", "PUT a note as an upload task", parameters: [Parameter("note", .string)]) { weather, arguments in
    try await weather.upload(arguments.string("note"))
  }
  model.property("city", \.city)
  model.show("city", \.city)
  model.show("temperature", \.temperature)
  model.show("errorMessage", \.errorMessage)
  model.show("saved", \.saved)
}
