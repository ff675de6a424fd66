import Combine

/// A `CurrentValueSubject` that its holders can read and observe but not send on, as Element X
/// writes it.
struct CurrentValuePublisher<Output, Failure: Error>: Publisher {
    private let upstream: AnyPublisher<Output, Failure>
    private let valueProvider: () -> Output

    init(_ subject: CurrentValueSubject<Output, Failure>) {
        upstream = subject.eraseToAnyPublisher()
        valueProvider = { subject.value }
    }

    init(_ value: Output) {
        self.init(CurrentValueSubject(value))
    }

    func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Output == S.Input {
        upstream.receive(subscriber: subscriber)
    }

    var value: Output {
        valueProvider()
    }
}
