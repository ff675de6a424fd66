#if os(Linux)
  import Foundation
  import StandInSupport

  /// A view controller, as a view-model holds one: to present the next screen or dismiss its own
  /// (pocket-casts' onboarding models keep `weak var navigationController:
  /// UINavigationController?`; its `CancelConfirmationViewModel` calls
  /// `navigationController.dismiss(animated: true)`).
  ///
  /// Linux has no screen to show a controller on. Each call a view-model makes is a stand-in
  /// call the transcript shows, at the step that made it (`request UIViewController.dismiss #r1
  /// pending: dismiss(animated: true) ...`), and the controller keeps what UIKit would report
  /// afterwards (what it presents, a navigation stack); a completion handler runs once the call is
  /// answered, as UIKit runs it once the transition ends. Views are never made or drawn.
  ///
  /// Not `@MainActor`, as UIKit's is: an app's model that is not main-actor isolated (most of
  /// pocket-casts') calls it from its own methods, which Swift 6 rejects, and vmrepl runs the
  /// models' actions on the main thread in any case.
  open class UIViewController: CustomStringConvertible {
    /// The title a navigation bar would show.
    open var title: String?
    /// The controller this one presents, from `present(_:animated:completion:)` until `dismiss`.
    open var presentedViewController: UIViewController?
    /// The controller that presents this one.
    open private(set) weak var presentingViewController: UIViewController?
    /// The navigation controller whose stack holds this one.
    open internal(set) weak var navigationController: UINavigationController?

    /// A controller with nothing presented and no navigation controller.
    public required init() {}

    /// As UIKit's: no nib is loaded here.
    public convenience init(nibName: String?, bundle: Bundle?) { self.init() }

    /// How a view state shows it: its type, and what it presents (not its links back, which
    /// would print the whole chain of controllers at each step).
    open var description: String {
      let presented = presentedViewController.map { " presenting \(UIKitNavigation.name(of: $0))" } ?? ""
      return UIKitNavigation.name(of: self) + presented
    }

    // The lifecycle UIKit calls, which a subclass overrides: nothing calls them here, since no
    // view appears.

    /// Where UIKit makes the view: never called here.
    open func loadView() {}
    /// After the view is made: never called here.
    open func viewDidLoad() {}
    /// Before the view appears: never called here.
    open func viewWillAppear(_ animated: Bool) {}
    /// After the view appears: never called here.
    open func viewDidAppear(_ animated: Bool) {}
    /// Before the view disappears: never called here.
    open func viewWillDisappear(_ animated: Bool) {}
    /// After the view disappears: never called here.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Presents `viewController` over this one: a call the transcript shows.
    open func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
      StandIn.call(
        "UIViewController.present", "present(\(UIKitNavigation.name(of: viewController)), animated: \(animated))") as Void
      presentedViewController = viewController
      viewController.presentingViewController = self
      completion?()
    }

    /// Dismisses what this controller presents, or this controller where nothing is presented:
    /// a call the transcript shows.
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
      StandIn.call("UIViewController.dismiss", "dismiss(animated: \(animated))") as Void
      if let presented = presentedViewController {
        presented.presentingViewController = nil
        presentedViewController = nil
      } else if let presenting = presentingViewController {
        presenting.presentedViewController = nil
        presentingViewController = nil
      }
      completion?()
    }
  }

  /// A navigation controller's stack, as view-models push onto it and pop from it: each push and
  /// pop a stand-in call the transcript shows, the stack kept as UIKit keeps it.
  open class UINavigationController: UIViewController {
    /// The stack, root first.
    open var viewControllers: [UIViewController] = [] {
      didSet { for controller in viewControllers { controller.navigationController = self } }
    }

    /// Its stack, root first, and what it presents.
    open override var description: String {
      let presented = presentedViewController.map { " presenting \(UIKitNavigation.name(of: $0))" } ?? ""
      return "\(UIKitNavigation.name(of: self))([\(viewControllers.map(UIKitNavigation.name(of:)).joined(separator: ", "))])" + presented
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { viewControllers.last }

    /// What is on screen: the controller presented over the top one, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    /// A navigation controller with an empty stack.
    public required init() { super.init() }

    /// A navigation controller whose stack holds `rootViewController`.
    public init(rootViewController: UIViewController) {
      super.init()
      viewControllers = [rootViewController]
      rootViewController.navigationController = self
    }

    /// Pushes `viewController` on the stack: a call the transcript shows.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
      StandIn.call(
        "UINavigationController.pushViewController",
        "pushViewController(\(UIKitNavigation.name(of: viewController)), animated: \(animated))") as Void
      viewControllers.append(viewController)
    }

    /// Pops the top controller, never the root: a call the transcript shows.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
      StandIn.call("UINavigationController.popViewController", "popViewController(animated: \(animated))") as Void
      guard viewControllers.count > 1 else { return nil }
      return viewControllers.removeLast()
    }

    /// Pops every controller above the root: a call the transcript shows.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
      StandIn.call("UINavigationController.popToRootViewController", "popToRootViewController(animated: \(animated))") as Void
      guard viewControllers.count > 1 else { return nil }
      let popped = Array(viewControllers.dropFirst())
      viewControllers = Array(viewControllers.prefix(1))
      return popped
    }

    /// Replaces the stack: a call the transcript shows.
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
      StandIn.call(
        "UINavigationController.setViewControllers",
        "setViewControllers([\(controllers.map(UIKitNavigation.name(of:)).joined(separator: ", "))], animated: \(animated))") as Void
      viewControllers = controllers
    }
  }

  /// What a stand-in returning a controller returns unasked (pocket-casts' `PaidFeature
  /// .upgradeController(source:)`, whose file is stood in): a new controller of that type, with
  /// nothing on its stack, said in the transcript as the default.
  extension UIViewController: StandInDefault {
    /// A new controller of this type.
    public static var standInDefault: Self { Self() }
  }

  /// How the transcript names a controller: its type, as a stand-in's arguments show a value
  /// of a class (no address, no contents).
  enum UIKitNavigation {
    static func name(of controller: UIViewController) -> String {
      String(describing: type(of: controller))
    }
  }
#endif
