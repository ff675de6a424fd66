public import Scenario

/// The example view-models, each from one of the seed articles, registered through the same
/// public API a user's own view-models use.
public enum Examples {
  /// Every example, in the order `models` lists them.
  public static let all: [ModelDefinition] = [refresh, effects, process, processFlag, search, contents, legacy, journal, cart]
}
