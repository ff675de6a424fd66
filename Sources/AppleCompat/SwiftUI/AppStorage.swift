#if os(Linux)
  import Foundation

  /// `@AppStorage("key") var value = initial` in a view-model or a settings object: a value kept
  /// in `UserDefaults` under `key`.
  ///
  /// Outside a view, SwiftUI's `@AppStorage` reads and writes the defaults and publishes nothing
  /// (an `ObservableObject` holding one sends no `objectWillChange`); this one does the same. Under
  /// vmrepl, `UserDefaults.standard` starts empty and is the scenario's own.
  ///
  /// ```swift
  /// final class Settings: ObservableObject {
  ///   @AppStorage("islandName") var islandName = ""
  /// }
  /// ```
  @propertyWrapper
  public struct AppStorage<Value> {
    private let key: String
    private let initial: Value
    private let store: UserDefaults
    private let read: (UserDefaults, String) -> Value?
    private let write: (UserDefaults, String, Value) -> Void

    private init(
      key: String, initial: Value, store: UserDefaults?,
      read: @escaping (UserDefaults, String) -> Value?, write: @escaping (UserDefaults, String, Value) -> Void
    ) {
      self.key = key
      self.initial = initial
      self.store = store ?? .standard
      self.read = read
      self.write = write
    }

    /// The stored value, or the initial one while nothing is stored under the key.
    public var wrappedValue: Value {
      get { store.object(forKey: key) == nil ? initial : (read(store, key) ?? initial) }
      nonmutating set { write(store, key, newValue) }
    }

    /// A binding to the stored value (`$value`).
    public var projectedValue: Binding<Value> {
      Binding(get: { wrappedValue }, set: { wrappedValue = $0 })
    }
  }

  extension AppStorage {
    /// A value of a type `UserDefaults` keeps as it is.
    private init(plain initial: Value, _ key: String, store: UserDefaults?, read: @escaping (UserDefaults, String) -> Value?) {
      self.init(key: key, initial: initial, store: store, read: read) { store, key, value in store.set(value, forKey: key) }
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
      self.init(plain: wrappedValue, key, store: store) { $0.bool(forKey: $1) }
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
      self.init(plain: wrappedValue, key, store: store) { $0.integer(forKey: $1) }
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
      self.init(plain: wrappedValue, key, store: store) { $0.double(forKey: $1) }
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
      self.init(plain: wrappedValue, key, store: store) { $0.string(forKey: $1) }
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
      self.init(plain: wrappedValue, key, store: store) { $0.data(forKey: $1) }
    }

    /// An address, kept as its text: Linux's `UserDefaults.url(forKey:)` reads a stored URL back
    /// as a file path (`./ -- file:///...`).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
      self.init(key: key, initial: wrappedValue, store: store, read: { $0.string(forKey: $1).flatMap(URL.init(string:)) }) {
        $0.set($2.absoluteString, forKey: $1)
      }
    }

    /// An enum kept by its raw value (`@AppStorage("sort") var sort: SortOrder = .newest`).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
      self.init(key: key, initial: wrappedValue, store: store, read: { store, key in
        store.string(forKey: key).flatMap(Value.init(rawValue:))
      }) { store, key, value in store.set(value.rawValue, forKey: key) }
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
      self.init(key: key, initial: wrappedValue, store: store, read: { store, key in
        Value(rawValue: store.integer(forKey: key))
      }) { store, key, value in store.set(value.rawValue, forKey: key) }
    }

    /// An optional string: nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
      self.init(key: key, initial: nil, store: store, read: { $0.string(forKey: $1) }) { store, key, value in
        if let value { store.set(value, forKey: key) } else { store.removeObject(forKey: key) }
      }
    }

    /// An optional number: nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
      self.init(key: key, initial: nil, store: store, read: { $0.integer(forKey: $1) }) { store, key, value in
        if let value { store.set(value, forKey: key) } else { store.removeObject(forKey: key) }
      }
    }

    /// An optional value of a type `UserDefaults` keeps as it is: nil removes the key.
    private init<Wrapped>(optional key: String, store: UserDefaults?, read: @escaping (UserDefaults, String) -> Wrapped?) where Value == Wrapped? {
      self.init(key: key, initial: nil, store: store, read: { .some(read($0, $1)) }) { store, key, value in
        if let value { store.set(value, forKey: key) } else { store.removeObject(forKey: key) }
      }
    }

    /// An optional flag: nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
      self.init(optional: key, store: store) { $0.bool(forKey: $1) }
    }

    /// An optional number: nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
      self.init(optional: key, store: store) { $0.double(forKey: $1) }
    }

    /// Optional data (IceCubesApp keeps a chosen font's archive so): nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
      self.init(optional: key, store: store) { $0.data(forKey: $1) }
    }

    /// An optional address: nil removes the key.
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
      self.init(key: key, initial: nil, store: store, read: { .some($0.string(forKey: $1).flatMap(URL.init(string:))) }) { store, key, value in
        if let value { store.set(value.absoluteString, forKey: key) } else { store.removeObject(forKey: key) }
      }
    }

    /// An optional enum kept by its raw value: nil removes the key.
    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == String {
      self.init(key: key, initial: nil, store: store, read: { .some($0.string(forKey: $1).flatMap(Wrapped.init(rawValue:))) }) { store, key, value in
        if let value { store.set(value.rawValue, forKey: key) } else { store.removeObject(forKey: key) }
      }
    }

    /// An optional enum kept by its raw value: nil removes the key.
    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == Int {
      self.init(key: key, initial: nil, store: store, read: { .some(Wrapped(rawValue: $0.integer(forKey: $1))) }) { store, key, value in
        if let value { store.set(value.rawValue, forKey: key) } else { store.removeObject(forKey: key) }
      }
    }
  }
#endif
