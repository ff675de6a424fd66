#if os(Linux)
  /// A window, as a view-model holds one: the anchor a sign-in sheet is presented from
  /// (element-x's `AuthenticationStartScreenViewState.window`, passed on in
  /// `loginDirectlyWithOAuth(data:window:)`).
  ///
  /// Linux has no screen: nothing is shown, and a window is equal only to itself, as UIKit's
  /// (an `NSObject`'s `isEqual`) is.
  open class UIWindow: Hashable, CustomStringConvertible {
    /// The controller the window shows.
    open var rootViewController: UIViewController?

    /// A window showing nothing.
    public init() {}

    /// Its type and the controller it shows, never its address.
    open var description: String {
      "UIWindow" + (rootViewController.map { " showing \(UIKitNavigation.name(of: $0))" } ?? "")
    }

    public static func == (lhs: UIWindow, rhs: UIWindow) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
#endif
