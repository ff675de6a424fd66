/// What `adopt` makes of an app: the view-models, the files they need, the files left out and
/// why, and each model's registration.
public struct Adoption: Sendable {
  /// A file that is not compiled, and why.
  public struct LeftOut: Sendable, Equatable {
    public var path: String
    public var reason: String
  }

  /// A view-model that found no place in the package, and what to do.
  public struct SkippedModel: Sendable, Equatable {
    public var type: String
    public var path: String
    public var reason: String
  }

  public var app: AppSources
  /// Files compiled into the app's module, by path.
  public var included: [String]
  /// Files that cannot build on Linux, or that need one that cannot.
  public var leftOut: [LeftOut]
  /// How many files no view-model needs (and so are not compiled either).
  public var unneeded: Int
  /// The registrations, in the order of their files and lines.
  public var models: [ModelPlan]
  public var skippedModels: [SkippedModel]

  /// Analyses `app`; `overridden` names models the user registers by hand (by `use` name).
  public init(_ app: AppSources, overridden: Set<String> = []) {
    self.app = app
    let selection = FileSelection(app.files)
    included = selection.included.sorted()
    leftOut = selection.leftOut.sorted { $0.key < $1.key }.map { LeftOut(path: $0.key, reason: $0.value) }
    unneeded = app.files.count - included.count - leftOut.count
    skippedModels = selection.skippedModels
    let index = TypeIndex(app.files.filter { selection.included.contains($0.path) })
    var plans: [ModelPlan] = []
    var names: Set<String> = []
    for (type, path) in selection.models where selection.included.contains(path) {
      var plan = ModelPlan(type: type, path: path, index: index)
      // Two models that shorten to one name keep their whole names.
      if names.contains(plan.name) { plan.name = ModelPlan.lowerFirst(type.name) }
      names.insert(plan.name)
      plan.isOverridden = overridden.contains(plan.name)
      plans.append(plan)
    }
    models = plans
  }
}
