import Combine
import Foundation

/// The room list, highlighting the room the split view shows: its caller hands it the selection
/// as a read-only publisher, and a subject on which the list's search field sends its text.
@MainActor
final class RoomListViewModel: ObservableObject {
    @Published var selectedRoomID: String?
    @Published var searchText = ""
    private var cancellables = Set<AnyCancellable>()

    init(selectedRoomPublisher: CurrentValuePublisher<String?, Never>, searchTextPublisher: PassthroughSubject<String, Never>) {
        selectedRoomPublisher
            .sink { [weak self] roomID in self?.selectedRoomID = roomID }
            .store(in: &cancellables)
        searchTextPublisher
            .sink { [weak self] text in self?.searchText = text }
            .store(in: &cancellables)
    }
}
