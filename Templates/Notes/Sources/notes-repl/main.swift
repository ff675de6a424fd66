// The notes screen in vmrepl: `swift run notes-repl`, then `use notes`.
import Notes
import Scenario
import VMReplCLI

/// A failed request, as the scenarios script it.
struct ServerError: Error, CustomStringConvertible {
  var status: Int
  var description: String { "HTTP \(status)" }
}

/// `NotesAPI` answered by the scenario: each call waits until `respond api ...` (or a `stub`).
struct ScriptedNotesAPI: NotesAPI {
  enum Reply: Sendable {
    case notes([Note])
    case done
  }
  let server: ScriptedDependency<Reply>

  func notes(matching query: String) async throws -> [Note] {
    guard case .notes(let notes) = try await server.request("GET /notes?q=\(query)") else { return [] }
    return notes.filter { query.isEmpty || $0.title.lowercased().contains(query.lowercased()) }
  }

  func delete(id: Int) async throws {
    _ = try await server.request("DELETE /notes/\(id)")
  }
}

let notes = ModelDefinition("notes", summary: "a searchable list of notes with optimistic delete") { context in
  let server = context.dependency(
    "api",
    outcomes: [
      Outcome("ok", [Parameter("titles", .list(.string), default: .list([.string("Groceries"), .string("Gift ideas"), .string("Garden")]))], "notes with these titles, ids from 1"),
      Outcome("status", [Parameter("code", .int)], "the server fails with an HTTP status"),
    ]
  ) { answer -> Result<ScriptedNotesAPI.Reply, any Error> in
    guard answer.name == "ok" else { return .failure(ServerError(status: answer.arguments.int("code"))) }
    let titles = answer.arguments.list("titles", of: String.self)
    return .success(.notes(titles.enumerated().map { Note(id: $0.offset + 1, title: $0.element) }))
  }
  return NotesViewModel(api: ScriptedNotesAPI(server: server))
} describe: { model in
  model.actions(NotesViewModel.Action.self, tracking: { viewModel, action in viewModel.send(action) })
  model.show("notes", \.notes)
  model.show("query", \.query)
  model.show("isLoading", \.isLoading)
  model.show("errorMessage", \.errorMessage)
}

VMReplCommandLine.main(models: [notes])
