// The language is part of Scenario's interface: a session takes commands and reports errors in
// its words, so whoever imports Scenario gets ScenarioLanguage too.
@_exported public import ScenarioLanguage
