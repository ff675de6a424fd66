import SwiftUI

struct HomeView: View {
    @StateObject private var viewModel = ViewModel()
    var body: some View { List(viewModel.scrums, id: \.self) { Text($0) } }
}
