import Simulation

/// Something read from the view-model (its state, the handles it holds), of which model, and
/// where the program stood when it was read: while the mark and the model are the same, so is
/// what a new reading would find.
struct Reading<Value> {
  let mark: ActivityMark
  let object: ObjectIdentifier
  let value: Value

  /// Whether it still holds for `object` with the program at `mark`.
  func holds(at mark: ActivityMark?, for object: ObjectIdentifier) -> Bool {
    mark == self.mark && object == self.object
  }
}
