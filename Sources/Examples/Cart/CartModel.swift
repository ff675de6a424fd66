public import Scenario

extension Examples {
  /// `use cart`: a lost update (read, suspend, write back) that only some orders show.
  public static let cart = ModelDefinition(
    "cart",
    summary: "a badge count that reads, awaits and writes back: a lost update first in, first out hides (`explore` finds it)",
    options: [
      Parameter("saved", .string, default: .string("shoe"), "the item the saved cart holds"),
      Parameter("fixed", .bool, default: .bool(false), "count after the reservation (`count += 1`), which no order can lose"),
    ]
  ) { context in
    CartViewModel(saved: [context.options.string("saved")], fixed: context.options.bool("fixed"))
  } describe: { model in
    model.connect("onAppear(): add the welcome gift and restore the saved cart, concurrently") { viewModel in
      await viewModel.onAppear()
    }
    model.asyncAction("add", "await add(item): reserve stock, then count it", parameters: [Parameter("item", .string)]) { viewModel, arguments in
      await viewModel.add(arguments.string("item"))
    }
    model.show("count", \.count)
    model.show("items", \.items)
  }
}
