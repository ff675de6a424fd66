#if canImport(OpenCombine)
  import OpenCombine
#endif

/// The model's `objectWillChange`, followed so that the main-thread check sees an `@Published`
/// property set off the main thread even to the value it had (`accounts = []` over `[]`), which
/// a diff of the state cannot: SwiftUI warns of the send, not of a change.
@MainActor
final class PublishingWatch {
  #if canImport(OpenCombine)
    private let subscription: AnyCancellable

    /// Follows `object`'s `objectWillChange`, or nil when it is no `ObservableObject`.
    init?(_ object: AnyObject, checker: MainThreadChecker) {
      guard let observable = object as? any ObservableObject else { return nil }
      subscription = Self.follow(observable, checker: checker)
    }

    /// Nonisolated: the send comes on whatever thread sets the property, off the main one above all.
    nonisolated private static func follow<Object: ObservableObject>(_ object: Object, checker: MainThreadChecker) -> AnyCancellable {
      object.objectWillChange.sink { _ in checker.objectWillChangeSent() }
    }
  #else
    /// Apple's Combine is followed by no check yet: nil.
    init?(_ object: AnyObject, checker: MainThreadChecker) { return nil }
  #endif
}
