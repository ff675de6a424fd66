import Foundation
import StandInSupport

#if canImport(OpenCombine)
import OpenCombine

// What a generated stand-in returns where the app's code returns a publisher (a request made
// through a library Linux lacks): unanswered, one that finishes with no value, as an empty list
// is a list's default; `json=` publishes the value it decodes to, then finishes; `error="..."`
// fails it, where its failure is an `Error`.

extension AnyPublisher: StandInDefault {
  public static var standInDefault: Self { Empty(completeImmediately: true).eraseToAnyPublisher() }
}

extension AnyPublisher: StandInDecodable where Output: Decodable {
  public static func standInDecoded(from json: Data) throws -> Self {
    let value = try JSONDecoder().decode(Output.self, from: json)
    return Just(value).setFailureType(to: Failure.self).eraseToAnyPublisher()
  }
}

extension AnyPublisher: StandInFailable where Failure == any Error {
  public static func standInFailing(with error: StandInError) -> Self {
    Fail(error: error).eraseToAnyPublisher()
  }
}

/// A subject the stand-in hands out sends nothing: no code the package runs feeds it.
extension PassthroughSubject: StandInDefault {
  public static var standInDefault: Self { Self() }
}
#endif
