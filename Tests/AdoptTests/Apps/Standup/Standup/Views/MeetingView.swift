import SwiftUI

struct MeetingView: View {
    @StateObject var viewModel = MeetingViewModel()
    var body: some View { Text(viewModel.title) }
}

final class MeetingViewModel: ObservableObject {
    @Published var title = ""
    let placeholder = UIImage(systemName: "person.crop.circle")
    func next() { title = speakerTitle }
}

#Preview {
    MeetingView()
}
