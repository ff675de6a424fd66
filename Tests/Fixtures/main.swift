// A REPL binary made the way a user makes theirs (`VMReplCommandLine.main(models:)`), with
// view-models that misbehave on purpose, for the tests of Ctrl-C, runaway steps and crashes.
import Scenario
import VMReplCLI

/// A view-model whose work never ends by itself, and one action that traps.
@MainActor
final class Spinner {
  var spins = 0

  /// Work that is always ready to run again: a step that starts it never becomes idle.
  func spin() -> Task<Void, Never> {
    Task {
      while !Task.isCancelled {
        spins += 1
        await Task.yield()
      }
    }
  }

  func trap() -> Never {
    fatalError("the spinner trapped on purpose")
  }

  /// A synchronous loop that never returns: only the watchdog can end it.
  func hang() {
    var counter = 0
    while counter >= 0 { counter = (counter &+ 1) & 0xFFFF }
  }

  /// Hidden work that yields forever and ignores cancellation.
  func stubborn() {
    Task {
      while true {
        spins += 1
        await Task.yield()
      }
    }
  }
}

let spinner = ModelDefinition("spinner", summary: "work that never becomes idle, and a trap") { _ in
  Spinner()
} describe: { model in
  model.action("spin", "start work that yields forever until cancelled", tracking: { spinner, _ in spinner.spin() })
  model.action("trap", "call fatalError", perform: { spinner, _ in spinner.trap() })
  model.action("hang", "a synchronous loop that never returns", perform: { spinner, _ in spinner.hang() })
  model.action("stubborn", "hidden work that yields forever, ignoring cancellation", perform: { spinner, _ in spinner.stubborn() })
  model.property("spins", \.spins)
}

/// A view-model that reads what the simulation does not control: a count kept in a global, which
/// goes on counting when a session is re-run, as a file or a server would.
@MainActor
final class Ticket {
  @MainActor static var issued = 0
  var number = 0

  func take() {
    Ticket.issued += 1
    number = Ticket.issued
  }
}

let ticket = ModelDefinition("ticket", summary: "reads a global counter outside the simulation") { _ in
  Ticket()
} describe: { model in
  model.action("take", "take the next ticket number from a process-wide counter", perform: { ticket, _ in ticket.take() })
}

VMReplCommandLine.main(models: [spinner, inbox, drafts, ticket])
