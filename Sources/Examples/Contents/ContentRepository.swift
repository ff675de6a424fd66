import Foundation
public import GRDB
public import ViewModelKit

/// One row of the contents table.
public struct ContentEntity: Codable, Sendable, Equatable, Identifiable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "content"
  public var id: Int64?
  public var title: String
}

/// The article's `@ModelActor` repository, on SQLite through GRDB: fetch everything, insert one,
/// and tell every subscriber after each save.
public actor ContentRepository {
  /// Signals "the data changed" after each save; a busy screen only needs the latest signal.
  public nonisolated let dataChangedBroadcaster = AsyncStreamBroadcaster<Void>(bufferingPolicy: .bufferingNewest(1))

  /// A stream of change signals for one subscriber (the article's `dataChangedStream`).
  public nonisolated var dataChangedStream: AsyncStream<Void> { dataChangedBroadcaster.makeStream() }

  // GRDB's synchronous API runs each access to completion on the caller's thread, so the
  // actor's jobs stay on the REPL's deterministic executor.
  private let database: DatabaseQueue

  /// An in-memory database, or the SQLite file at `path` (created if missing).
  public init(path: String?) throws {
    database = try path.map { try DatabaseQueue(path: $0) } ?? DatabaseQueue()
    try database.write { db in
      try db.create(table: ContentEntity.databaseTableName, ifNotExists: true) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("title", .text).notNull()
      }
    }
  }

  /// Every row, in insertion order.
  public func fetchAll() throws -> [ContentEntity] {
    try database.read { db in try ContentEntity.order(Column("id")).fetchAll(db) }
  }

  /// Saves a new row and signals the change.
  @discardableResult
  public func insert(title: String) throws -> ContentEntity {
    let saved = try database.write { db in try ContentEntity(id: nil, title: title).inserted(db) }
    dataChangedBroadcaster.yield(())
    return saved
  }

  /// How many rows there are.
  public func count() throws -> Int {
    try database.read { db in try ContentEntity.fetchCount(db) }
  }
}
