import Foundation

/// A type a stand-in makes from a `json=` answer though it is not `Decodable` itself: a
/// publisher of a decodable value (`AnyPublisher<[Todo], Error>`) publishes the value the JSON
/// decodes to, then finishes.
public protocol StandInDecodable {
  /// The value `json` makes; a decoding error when it is not one.
  static func standInDecoded(from json: Data) throws -> Self
}

/// A type a stand-in makes from an `error="..."` answer without throwing: a publisher whose
/// failure is an `Error` fails with it, as a request's publisher does.
public protocol StandInFailable {
  /// The value that fails with `error`.
  static func standInFailing(with error: StandInError) -> Self
}
