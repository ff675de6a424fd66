import Synchronization

/// How an `error="..."` answer makes one of the app's error types that a stood-in `Result`
/// fails with, where no generic rule can: element-x's `ClientProxyError`, whose first case
/// carries the SDK's error (`case sdkError(Error)`). `adopt` writes one for each error enum of
/// the app a stood-in `Result` names: its case that carries an `Error` (the answer's message in
/// it), else its first case that carries nothing.
///
/// ```swift
/// StandInFailure(ClientProxyError.self) { .sdkError($0) }
/// ```
public struct StandInFailure: Sendable {
  /// The type's name as a signature writes it (`ClientProxyError`): how `audit` knows it can fail one.
  public let name: String
  let type: ObjectIdentifier
  let make: @Sendable (StandInError) -> any Error

  /// The way to make an `E` of an answer's error.
  public init<E: Error>(_ type: E.Type, _ make: @escaping @Sendable (StandInError) -> E) {
    name = String(describing: type)
    self.type = ObjectIdentifier(type)
    self.make = { make($0) }
  }
}

/// The package's `StandInFailure`s, installed once by the generated `main.swift`.
public enum StandInFailures {
  private static let table = TypeTable<StandInFailure>()

  /// Installs `failures` (replacing any installed before).
  public static func install(_ failures: [StandInFailure]) { table.install(failures.map { ($0.type, $0.name, $0) }) }

  /// The names of the error types an answer can make (`ClientProxyError`).
  public static var names: Set<String> { table.names }

  /// An `E` made of `message`, where one is installed for `E`.
  static func make<E>(_ type: E.Type, _ message: String) -> E? {
    table.entry(for: type)?.make(StandInError(message)) as? E
  }
}

/// How a `none` answer makes the success of a stood-in `Result` whose value has no default of
/// its own: element-x's `Result<SearchUsersResults, ClientProxyError>`, whose
/// `SearchUsersResults(results: [], limited: false)` is made of empty parts. `adopt` writes one
/// for each such type its empty values can make (`generatedEmpties`).
///
/// ```swift
/// StandInEmpty(SearchUsersResults.self) { SearchUsersResults(results: StandIn.empty(), limited: StandIn.empty()) }
/// ```
public struct StandInEmpty: Sendable {
  /// The type's name as a signature writes it: how `audit` knows it can answer one.
  public let name: String
  let type: ObjectIdentifier
  let make: @Sendable () -> Any

  /// The way to make an empty `T`.
  public init<T>(_ type: T.Type, _ make: @escaping @Sendable () -> T) {
    name = String(describing: type)
    self.type = ObjectIdentifier(type)
    self.make = { make() }
  }
}

/// The package's `StandInEmpty`s, installed once by the generated `main.swift`.
public enum StandInEmpties {
  private static let table = TypeTable<StandInEmpty>()

  /// Installs `empties` (replacing any installed before).
  public static func install(_ empties: [StandInEmpty]) { table.install(empties.map { ($0.type, $0.name, $0) }) }

  /// The names of the types a `none` answer can make (`SearchUsersResults`).
  public static var names: Set<String> { table.names }

  /// An empty `T`, where one is installed for `T`.
  static func make<T>(_ type: T.Type) -> T? {
    table.entry(for: type)?.make() as? T
  }
}

/// Entries by the type they make, each with the type's name: what the generated `main.swift`
/// installs once and every answer reads.
private final class TypeTable<Entry: Sendable>: Sendable {
  private let state = Mutex<(entries: [ObjectIdentifier: Entry], names: Set<String>)>(([:], []))

  func install(_ entries: [(type: ObjectIdentifier, name: String, entry: Entry)]) {
    state.withLock { state in
      state.entries = Dictionary(entries.map { ($0.type, $0.entry) }, uniquingKeysWith: { first, _ in first })
      state.names = Set(entries.map(\.name))
    }
  }

  var names: Set<String> { state.withLock { $0.names } }

  func entry(for type: Any.Type) -> Entry? { state.withLock { $0.entries[ObjectIdentifier(type)] } }
}
