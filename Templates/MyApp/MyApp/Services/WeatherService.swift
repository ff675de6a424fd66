//
//  WeatherService.swift
//  MyApp
//

import Foundation

struct Forecast: Decodable, Equatable {
    let city: String
    let temperatureC: Double
    let summary: String
}

enum WeatherError: LocalizedError {
    case badStatus(Int)
    case invalidResponse

    var errorDescription: String? {
        switch self {
        case .badStatus(let code): return "The weather service answered \(code)."
        case .invalidResponse: return "The weather service sent something unexpected."
        }
    }
}

final class WeatherService {
    private let session: URLSession
    private let baseURL: URL

    init(session: URLSession = .shared, baseURL: URL = URL(string: "https://api.example.com/v1")!) {
        self.session = session
        self.baseURL = baseURL
    }

    func forecast(for city: String) async throws -> Forecast {
        var components = URLComponents(url: baseURL.appendingPathComponent("forecast"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "city", value: city)]
        let (data, response) = try await session.data(from: components.url!)
        guard let http = response as? HTTPURLResponse else {
            throw WeatherError.invalidResponse
        }
        guard (200..<300).contains(http.statusCode) else {
            throw WeatherError.badStatus(http.statusCode)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Forecast.self, from: data)
    }
}
