import ScenarioScripting

extension EventSink: DependencyEventSink {
  /// A scripted dependency's event, as the transcript's event it is.
  package func report(_ event: DependencyEvent) {
    switch event {
    case .requestPending(let dependency, let id, let request): emit(.requestPending(dependency: dependency, id: id, request: request))
    case .requestAnswered(let dependency, let id, let outcome): emit(.requestAnswered(dependency: dependency, id: id, outcome: outcome))
    case .requestCancelled(let dependency, let id): emit(.requestCancelled(dependency: dependency, id: id))
    case .note(let text): emit(.note(text))
    case .cassetteMiss(let text): emit(.warning(text, about: .cassette))
    }
  }
}
