public import Observation

/// A shopping cart's badge, with a lost update that first-in-first-out order hides.
///
/// When the view appears, it restores the saved cart and adds the welcome gift at the same
/// time. `add` reads the count, awaits the server's stock reservation, then writes the count it
/// read plus one: if the other `add` writes in between, one of the two is lost. Run first in,
/// first out, the gift's write lands before the restored item's read, so the badge shows 2;
/// `vmrepl explore` finds the orders where it shows 1 with two items in the cart.
@MainActor @Observable
public final class CartViewModel {
  public private(set) var count = 0
  /// The cart's items, by name.
  public private(set) var items: [String] = []

  private let fixed: Bool
  private let savedItems: [String]

  /// `fixed` counts after the reservation (`count += 1`), which no order can lose.
  public init(saved: [String], fixed: Bool) {
    self.savedItems = saved
    self.fixed = fixed
  }

  /// What SwiftUI's `.task` runs: the gift and the saved cart, concurrently.
  public func onAppear() async {
    async let gift: Void = add("gift")
    async let restored: Void = restore()
    _ = await (gift, restored)
  }

  public func add(_ item: String) async {
    if fixed {
      await Stock.shared.reserve(item)
      items.append(item)
      items.sort()
      count += 1
      return
    }
    let current = count
    await Stock.shared.reserve(item)
    items.append(item)
    items.sort()
    count = current + 1
  }

  private func restore() async {
    for item in await SavedCart.shared.load(savedItems) {
      await add(item)
    }
  }
}

/// The server's stock: an actor, so a reservation runs off the main actor.
actor Stock {
  static let shared = Stock()
  private var reserved: [String] = []

  func reserve(_ item: String) {
    reserved.append(item)
  }
}

/// The cart saved on disk, read by its own actor.
actor SavedCart {
  static let shared = SavedCart()

  func load(_ items: [String]) -> [String] { items }
}
