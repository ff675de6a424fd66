//
//  WeatherViewModel.swift
//  MyApp
//

import Foundation

@MainActor
final class WeatherViewModel: ObservableObject {
    @Published var city = "Berlin"
    @Published private(set) var forecast: Forecast?
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    private let service: WeatherService

    init(service: WeatherService = WeatherService()) {
        self.service = service
    }

    func load() async {
        isLoading = true
        errorMessage = nil
        do {
            forecast = try await service.forecast(for: city)
        } catch {
            forecast = nil
            errorMessage = error.localizedDescription
        }
        isLoading = false
    }
}
