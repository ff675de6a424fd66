import Synchronization

/// Values computed once per type and remembered: the state printer asks the same questions of
/// the same types at every step.
final class TypeCache<Value: Sendable>: Sendable {
  private let storage = Mutex<[ObjectIdentifier: Value]>([:])

  /// The value for `type`, computed by `compute` the first time.
  func value(for type: Any.Type, compute: (Any.Type) -> Value) -> Value {
    let key = ObjectIdentifier(type)
    if let known = storage.guarded({ $0[key] }) { return known }
    let computed = compute(type)
    storage.guarded { $0[key] = computed }
    return computed
  }
}
