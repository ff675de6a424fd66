import Foundation

final class ScrumTimer: ObservableObject {
    @Published var secondsElapsed = 0
}
