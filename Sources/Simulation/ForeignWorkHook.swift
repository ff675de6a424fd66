/// What the simulation consults about work other threads hand over, so that a session can
/// keep a step's events in an order thread timing does not change.
///
/// An object rather than two closures: it is read on every idle point of every step, and a
/// closure kept in a generic container is called through a conversion each time.
package protocol ForeignWorkHook: AnyObject, Sendable {
  /// Nothing else can run: returns true when it made work ready or waited for some, and the
  /// simulation looks again.
  func whenIdle() -> Bool
  /// Jobs other threads handed over are about to join the ready queue.
  func beforeAdmitting()
}
