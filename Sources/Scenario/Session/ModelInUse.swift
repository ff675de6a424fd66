/// The model a `use` started: what it was made from, the context it was made with, and its
/// object. They begin together at `use` and end together at the next `use` or the session's
/// end; only the object is let go of earlier, by `leave`, while the session goes on (the work
/// the screen left is still answered through the context's dependencies, and `expect freed`
/// asks after the object).
struct ModelInUse {
  let definition: ModelDefinition
  let context: ModelContext
  /// The model's object while the screen shows it: nil after `leave`.
  var instance: ModelInstance?
}
