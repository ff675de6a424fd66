#if os(Linux)
  /// A read-write reference to a value owned elsewhere, as SwiftUI's `Binding`.
  ///
  /// ```swift
  /// let name = Binding(get: { model.name }, set: { model.name = $0 })
  /// name.wrappedValue = "Ann"
  /// ```
  @propertyWrapper
  @dynamicMemberLookup
  public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
      self.get = get
      self.set = set
    }

    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
      self.get = get
      self.set = { set($0, Transaction()) }
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
      Binding(get: { value }, set: { _ in })
    }

    public var wrappedValue: Value {
      get { get() }
      nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
      Binding<Subject>(
        get: { self.wrappedValue[keyPath: keyPath] },
        set: { newValue in
          var value = self.wrappedValue
          value[keyPath: keyPath] = newValue
          self.wrappedValue = value
        }
      )
    }

    /// The same binding; animations take no time in vmrepl.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }
    public func transaction(_ transaction: Transaction) -> Binding<Value> { self }
  }

  extension Binding {
    /// A binding to an optional's value that is nil when the base is nil.
    public init?(_ base: Binding<Value?>) {
      guard let value = base.wrappedValue else { return nil }
      self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 })
    }
  }
#endif
