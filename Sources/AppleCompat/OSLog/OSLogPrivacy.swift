#if os(Linux)
  /// Whether an interpolated value shows in a log line, as Apple's `OSLogPrivacy`.
  ///
  /// As on a device with no debugger attached: `.private` and `.sensitive` values show as
  /// `<private>`; `.auto` (the default) hides strings and other objects and shows numbers and
  /// Booleans; a hash mask shows `<mask.hash>` (the device's salted hash would differ per boot).
  public struct OSLogPrivacy: Equatable, Sendable {
    /// How a redacted value is masked.
    public struct Mask: Equatable, Sendable {
      let isHash: Bool
      public static let hash = Mask(isHash: true)
      public static let none = Mask(isHash: false)
    }

    enum Kind: Equatable, Sendable { case auto, `public`, `private`, sensitive }
    let kind: Kind
    let mask: Mask

    public static let auto = OSLogPrivacy(kind: .auto, mask: .none)
    public static let `public` = OSLogPrivacy(kind: .public, mask: .none)
    public static let `private` = OSLogPrivacy(kind: .private, mask: .none)
    public static let sensitive = OSLogPrivacy(kind: .sensitive, mask: .none)
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .auto, mask: mask) }
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .private, mask: mask) }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(kind: .sensitive, mask: mask) }

    /// The text a value shows as: itself, or its redaction.
    func apply(_ text: String, publicByDefault: Bool) -> String {
      let shown: Bool
      switch kind {
      case .public: shown = true
      case .private, .sensitive: shown = false
      case .auto: shown = publicByDefault
      }
      if shown { return text }
      return mask.isHash ? "<mask.hash>" : "<private>"
    }
  }
#endif
