/// A stood-in class the app may subclass, whose one instance a seam returning that class may
/// return unasked.
///
/// Not `StandInDefault`: its `Self` would have to be a subclass's instance when the seam returns
/// a subclass, which the stand-in cannot make. Asked for a subclass, the instance does not cast,
/// and the call waits for the scenario's answer as any other.
///
/// ```swift
/// extension EmojiService: StandInObject {
///   nonisolated(unsafe) private static let standInInstance = EmojiService()
///   nonisolated public static var standInObject: AnyObject { standInInstance }
/// }
/// ```
public protocol StandInObject: AnyObject {
  /// The one instance returned unasked.
  static var standInObject: AnyObject { get }
}
