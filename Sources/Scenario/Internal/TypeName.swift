/// A type's name as `String(describing:)` (or, `qualified`, `String(reflecting:)`) prints it.
///
/// Those two first ask the runtime whether the metatype is `TextOutputStreamable`,
/// `CustomStringConvertible`, `CustomDebugStringConvertible` or `CustomReflectable`; the first
/// time for a type, each question scans every conformance record of the process (about 13,000
/// here). The state printer and the held-handle scan name every field type they meet, so at a
/// process's start that was a tenth of its conformance scans. The standard library's own answer
/// for a metatype is `_typeName`, which these return without the questions.
func typeName(_ type: Any.Type, qualified: Bool = false) -> String {
  _typeName(type, qualified: qualified)
}

/// The name of `value`'s dynamic type, as `String(describing: type(of: value))` prints it.
func typeName(of value: Any) -> String {
  _typeName(Swift.type(of: value), qualified: false)
}
