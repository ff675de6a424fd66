public import Scenario

extension Examples {
  /// `use journal`: `Date()`, `DateFormatter`, `UUID()`, `Int.random` and `Set` order, pinned.
  public static let journal = ModelDefinition(
    "journal",
    summary: "the world in ordinary code: Date() and a DateFormatter label, UUID(), Int.random, Array(Set(...))"
  ) { _ in
    JournalViewModel()
  } describe: { model in
    model.actions(JournalViewModel.Action.self) { viewModel, action in viewModel.send(action) }
  }
}
