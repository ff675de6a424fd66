/// What a job off the main thread is, as a main-thread warning names it.
///
/// What identifies the code is read before the job runs (a task's frames are gone once it ran);
/// the words are made only when a warning needs them, since naming code reads the program's
/// symbol table and debug information, which a session without an off-main write never needs.
package struct OffMainName: Sendable {
  private let words: @Sendable () -> String
  /// Whether the job is a barrier block of a queue the app made concurrent (AtomicDict's
  /// `queue.async(flags: .barrier)`): no other block of that queue runs while it does.
  package var isBarrierBlock = false

  package init(_ words: @escaping @Sendable () -> String) { self.words = words }

  package init(isBarrierBlock: Bool, _ words: @escaping @Sendable () -> String) {
    self.words = words
    self.isBarrierBlock = isBarrierBlock
  }

  package init(text: String) { self.words = { text } }

  /// `closure #1 in ProductsViewModel.reload() at F:16 on the global executor`.
  package var text: String { words() }
}
