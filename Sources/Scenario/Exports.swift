// The language is part of Scenario's interface: a session takes commands and reports errors in
// its words, so whoever imports Scenario gets ScenarioLanguage too.
@_exported public import ScenarioLanguage
// So are scripted dependencies: a model's factory makes them (`context.dependency(...)`) with
// `Outcome`s and `Parameter`s, and reads `Arguments`.
@_exported public import ScenarioScripting
