internal import CSimulationRuntime

#if canImport(OpenCombine)
  import OpenCombine
#endif

/// Reads the current value of an OpenCombine `@Published` property without a mirror.
///
/// `Published` keeps its value in a private box holding an enum: the value itself until the
/// property is first set, then a publisher whose subject holds it. Reading it through mirrors
/// took three or four of them a property, each resolving a generic type from its mangled name:
/// about 90,000 instructions for one `@Published Int` a reading, and the main-thread check reads
/// the state around every job off the main thread. This reader finds the fields' offsets and
/// types once per `Published<Value>` type, tells the enum's case through its value witnesses
/// (`vmrepl_enum_copy_case`), and is checked against the mirrors' answer on the first value it
/// reads; where OpenCombine's layout is not the one expected, `init` fails and the mirrors stay.
struct PublishedReader: Sendable {
  private let read: @Sendable (Any) -> Any?

  /// A reader for values of `sample`'s type, a `Published<Value>`, if it reads `sample` as
  /// `mirrored` reads it.
  init?(sample: Any, mirrored: (Any) -> Any?) {
    #if canImport(OpenCombine)
      guard let published = Swift.type(of: sample) as? any PublishedLayout.Type, let layout = published.layout()
      else { return nil }
      read = { layout.value(of: $0) }
      guard let fast = read(sample), let slow = mirrored(sample),
        StateValue.reflecting(fast).isIdentical(to: StateValue.reflecting(slow))
      else { return nil }
    #else
      return nil
    #endif
  }

  /// The property's current value.
  func value(of published: Any) -> Any? { read(published) }
}

#if canImport(OpenCombine)
  /// Where a `Published<Value>` keeps its value, found from the runtime's field records.
  private struct Layout: @unchecked Sendable {
    // Unchecked: metatypes, offsets and loaders that capture only metatypes, fixed once made.
    let publishedType: Any.Type
    let publisherType: Any.Type
    let storageType: Any.Type
    let storageSize: Int
    /// Of the box's `wrappedValue` (the enum) in a box instance.
    let storageOffset: Int
    /// Of the subject's `currentValue` in a subject instance.
    let currentValueOffset: Int
    let moveValue: (UnsafeMutableRawPointer) -> Any
    let movePublisher: (UnsafeMutableRawPointer) -> Any
    let loadValue: (UnsafeRawPointer) -> Any

    /// The value `published` (a `Published<Value>`) holds now, or nil in a case not expected.
    func value(of published: Any) -> Any? {
      guard let box = firstObject(in: published, of: publishedType) else { return nil }
      return withExtendedLifetime(box) { () -> Any? in
        let storage = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()) + storageOffset
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(storageSize, 1), alignment: 16)
        defer { copy.deallocate() }
        let metadata = unsafeBitCast(storageType, to: UnsafeRawPointer.self)
        switch vmrepl_enum_copy_case(storage, metadata, copy) {
        case 0:  // .value(Value)
          return moveValue(copy)
        case 1:  // .publisher(Publisher): its one field is the subject
          guard let subject = firstObject(in: movePublisher(copy), of: publisherType) else { return nil }
          return withExtendedLifetime(subject) { () -> Any? in
            loadValue(UnsafeRawPointer(Unmanaged.passUnretained(subject).toOpaque()) + currentValueOffset)
          }
        default:
          return nil
        }
      }
    }

    /// The object `value`, of `type` (whose first stored field is a strong reference), holds
    /// there; nil when the `Any` holds something else (an existential of another type).
    private func firstObject(in value: Any, of type: Any.Type) -> AnyObject? {
      func open<Opened>(_ opened: Opened) -> AnyObject? {
        guard Opened.self == type else { return nil }
        return withUnsafeBytes(of: opened) { bytes in
          bytes.count >= MemoryLayout<AnyObject>.size ? bytes.load(as: AnyObject.self) : nil
        }
      }
      return _openExistential(value, do: open)
    }
  }

  /// `Published`, whose value and publisher types a reader needs.
  private protocol PublishedLayout {
    static func layout() -> Layout?
  }

  extension Published: PublishedLayout {
    /// The layout of OpenCombine 0.14's `Published`, checked field by field.
    fileprivate static func layout() -> Layout? {
      // Published { @Box storage } -> Box { wrappedValue: Storage } -> Storage.publisher(Publisher)
      // -> Publisher { subject } -> PublishedSubject { currentValue: Value }
      guard let outer = RuntimeField.fields(of: Self.self), outer.count == 1, outer[0].isStrong, outer[0].offset == 0,
        let boxType = outer[0].type as? AnyClass,
        let boxFields = RuntimeField.fields(of: boxType), let wrapped = boxFields.first(where: { $0.name == "wrappedValue" }),
        wrapped.isStrong,
        case let size = vmrepl_enum_size(unsafeBitCast(wrapped.type, to: UnsafeRawPointer.self)), size > 0,
        let publisherFields = RuntimeField.fields(of: Publisher.self), publisherFields.count == 1,
        publisherFields[0].isStrong, publisherFields[0].offset == 0, let subjectType = publisherFields[0].type as? AnyClass,
        let subjectFields = RuntimeField.fields(of: subjectType),
        let current = subjectFields.first(where: { $0.name == "currentValue" }), current.isStrong,
        current.type == Value.self
      else { return nil }
      return Layout(
        publishedType: Self.self, publisherType: Publisher.self, storageType: wrapped.type, storageSize: size, storageOffset: wrapped.offset, currentValueOffset: current.offset,
        moveValue: RuntimeField.mover(Value.self), movePublisher: RuntimeField.mover(Publisher.self),
        loadValue: RuntimeField.loader(Value.self))
    }
  }
#endif
