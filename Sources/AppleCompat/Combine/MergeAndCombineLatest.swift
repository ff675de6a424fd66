#if os(Linux)
  import OpenCombine

  // Apple's `Merge` and `CombineLatest` families, which OpenCombine 0.14 does not have and
  // view-models use all the time (`$query.combineLatest($filter)`, `refreshes.merge(with:
  // appearances)`). Each is built from OpenCombine's own `flatMap` and `scan`, so demand, completion
  // and failure follow theirs: a merge finishes when every upstream has finished and fails with
  // the first failure; a combine-latest emits, once every upstream has emitted, on each new value,
  // with the latest of the others.

  /// A value of one of several upstreams, as the combine-latest operators tag it.
  private enum Tagged<A, B, C> {
    case first(A), second(B), third(C)
  }

  extension Publishers {
    /// Apple's `Publishers.MergeMany`: the values of every upstream, as they come.
    public struct MergeMany<Upstream: Publisher>: Publisher {
      public typealias Output = Upstream.Output
      public typealias Failure = Upstream.Failure

      public let publishers: [Upstream]

      public init(_ upstream: Upstream...) { publishers = upstream }
      public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        Publishers.Sequence<[Upstream], Failure>(sequence: publishers).flatMap { $0 }.receive(subscriber: subscriber)
      }

      public func merge(with other: Upstream) -> MergeMany<Upstream> { MergeMany(publishers + [other]) }
    }

    /// Apple's `Publishers.Merge`: the values of two upstreams of one output, as they come.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
      public typealias Output = A.Output
      public typealias Failure = A.Failure

      public let a: A
      public let b: B

      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        MergeMany([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()]).receive(subscriber: subscriber)
      }
    }

    /// Apple's `Publishers.Merge3`.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, B.Output == C.Output, A.Failure == B.Failure, B.Failure == C.Failure {
      public typealias Output = A.Output
      public typealias Failure = A.Failure

      public let a: A
      public let b: B
      public let c: C

      public init(_ a: A, _ b: B, _ c: C) {
        self.a = a
        self.b = b
        self.c = c
      }

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        MergeMany([a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher()]).receive(subscriber: subscriber)
      }
    }

    /// Apple's `Publishers.CombineLatest`: the latest of both upstreams, on each new value once
    /// both have emitted.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
      public typealias Output = (A.Output, B.Output)
      public typealias Failure = A.Failure

      public let a: A
      public let b: B

      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        MergeMany([
          a.map { Tagged<A.Output, B.Output, Never>.first($0) }.eraseToAnyPublisher(),
          b.map { Tagged<A.Output, B.Output, Never>.second($0) }.eraseToAnyPublisher(),
        ])
        .scan((A.Output?.none, B.Output?.none)) { latest, value in
          switch value {
          case .first(let first): return (first, latest.1)
          case .second(let second): return (latest.0, second)
          }
        }
        .compactMap { latest in latest.0.flatMap { first in latest.1.map { (first, $0) } } }
        .receive(subscriber: subscriber)
      }
    }

    /// Apple's `Publishers.CombineLatest3`.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
      public typealias Output = (A.Output, B.Output, C.Output)
      public typealias Failure = A.Failure

      public let a: A
      public let b: B
      public let c: C

      public init(_ a: A, _ b: B, _ c: C) {
        self.a = a
        self.b = b
        self.c = c
      }

      public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        typealias Value = Tagged<A.Output, B.Output, C.Output>
        MergeMany([
          a.map { Value.first($0) }.eraseToAnyPublisher(),
          b.map { Value.second($0) }.eraseToAnyPublisher(),
          c.map { Value.third($0) }.eraseToAnyPublisher(),
        ])
        .scan((A.Output?.none, B.Output?.none, C.Output?.none)) { latest, value in
          switch value {
          case .first(let first): return (first, latest.1, latest.2)
          case .second(let second): return (latest.0, second, latest.2)
          case .third(let third): return (latest.0, latest.1, third)
          }
        }
        .compactMap { latest -> Output? in
          guard let first = latest.0, let second = latest.1, let third = latest.2 else { return nil }
          return (first, second, third)
        }
        .receive(subscriber: subscriber)
      }
    }
  }

  extension Publisher {
    /// Apple's `merge(with:)`: this publisher's values and `other`'s, as they come.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
      Publishers.Merge(self, other)
    }

    /// Apple's `merge(with:_:)`.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, C.Output == Output, B.Failure == Failure, C.Failure == Failure {
      Publishers.Merge3(self, b, c)
    }

    /// Apple's `combineLatest(_:)`.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
      Publishers.CombineLatest(self, other)
    }

    /// Apple's `combineLatest(_:_:)` with a transform.
    public func combineLatest<P: Publisher, T>(
      _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
      Publishers.CombineLatest(self, other).map(transform)
    }

    /// Apple's `combineLatest(_:_:)` of three.
    public func combineLatest<B: Publisher, C: Publisher>(_ b: B, _ c: C) -> Publishers.CombineLatest3<Self, B, C>
    where B.Failure == Failure, C.Failure == Failure {
      Publishers.CombineLatest3(self, b, c)
    }
  }
#endif
