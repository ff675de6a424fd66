/// One word of a command line, with the column it starts at.
package struct Token: Equatable, Sendable {
  /// What the word is.
  package enum Kind: Equatable, Sendable {
    /// A value: bare word, string, number, duration, list, effect reference.
    case value(CommandValue)
    /// `name=value`.
    case keyValue(String, CommandValue)
    /// A comparison operator: `==`, `!=`, `<`, `<=`, `>`, `>=`.
    case comparison(Comparison)
  }

  package var kind: Kind
  /// 1-based column of the word's first character.
  package var column: Int
  /// The word as typed.
  package var text: String

  /// The bare word, if the token is one.
  package var word: String? {
    if case .value(.word(let word)) = kind { return word }
    return nil
  }

  /// The value, if the token is a plain value.
  package var value: CommandValue? {
    if case .value(let value) = kind { return value }
    return nil
  }
}
