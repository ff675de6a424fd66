#if os(Linux)
  import Foundation

  extension String {
    /// Apple's `String.LocalizationValue`, which Linux's Foundation lacks: the key of a localized
    /// string, written as a literal whose interpolations are filled in.
    ///
    /// ```swift
    /// let title = String(localized: "Renews to \(name)", comment: "A subscription's next plan")
    /// ```
    public struct LocalizationValue: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation {
      /// The text, its interpolated values written in.
      public var text: String

      /// A value made of `text` as it is.
      public init(_ text: String) { self.text = text }

      public init(stringLiteral value: String) { text = value }

      public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

      /// Collects the literal's parts: each value as `String(describing:)` writes it.
      public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation<Value>(_ value: Value) { text += String(describing: value) }
      }
    }

    /// `String(localized:)`: the text in the development language, which is the key as the app
    /// writes it (no `.strings` table is read, so every machine and locale gets the same text).
    public init(
      localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current,
      comment: StaticString? = nil
    ) {
      self = keyAndValue.text
    }

    /// `String(localized: "key", defaultValue: "Text")`: the default value, as the development
    /// language shows it.
    public init(
      localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
      locale: Locale = .current, comment: StaticString? = nil
    ) {
      self = defaultValue.text
    }
  }
#endif
