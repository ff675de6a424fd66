#if os(Linux)
  /// An observable object held and watched, as SwiftUI's `ObservedObject`.
  ///
  /// View-models write it too, to hold another model (`@ObservedObject private var
  /// userCollection: UserCollection`); it holds the object strongly, as SwiftUI's does, so a
  /// subscription the holder makes to it keeps what it captured alive exactly as on a device.
  ///
  /// ```swift
  /// final class ChoreList: ObservableObject {
  ///   @ObservedObject var collection = UserCollection.shared
  ///   var filter: Binding<String> { $collection.filter }
  /// }
  /// ```
  @propertyWrapper
  public struct ObservedObject<ObjectType: ObservableObject> {
    /// Bindings to the object's properties (`$model.name`), as SwiftUI's `ObservedObject.Wrapper`.
    @dynamicMemberLookup
    public struct Wrapper {
      let root: ObjectType

      public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        let root = root
        return Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
      }
    }

    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }

    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }
  }

  /// An observable object made once and owned, as SwiftUI's `StateObject`: SwiftUI makes it at
  /// the first read of the view's body, so it is made here at the first read too.
  ///
  /// ```swift
  /// @StateObject var model = FeedViewModel()
  /// ```
  @propertyWrapper
  public struct StateObject<ObjectType: ObservableObject> {
    /// The object, made at the first read and kept; a class so that a copy of the wrapper reads
    /// the same object, as every body of one view does.
    private final class Storage {
      enum Stage {
        case waiting(() -> ObjectType)
        case made(ObjectType)
      }
      var stage: Stage

      init(make: @escaping () -> ObjectType) { stage = .waiting(make) }

      var value: ObjectType {
        switch stage {
        case .made(let object): return object
        case .waiting(let make):
          let object = make()
          stage = .made(object)
          return object
        }
      }
    }

    private let storage: Storage

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
      storage = Storage(make: thunk)
    }

    public var wrappedValue: ObjectType { storage.value }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { .init(root: storage.value) }
  }
#endif
