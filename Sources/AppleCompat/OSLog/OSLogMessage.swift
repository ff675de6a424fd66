#if os(Linux)
  import Foundation

  /// A log message with interpolated values, each with its privacy, as Apple's `OSLogMessage`.
  ///
  /// ```swift
  /// logger.info("loaded \(items.count) items for \(user, privacy: .private)")
  /// // log: [feed] info: loaded 3 items for <private>
  /// ```
  public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    /// The message as it shows, private values already redacted.
    public let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: OSLogInterpolation) { text = stringInterpolation.text }
  }

  /// Builds an `OSLogMessage`, redacting what its privacy hides.
  public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + interpolationCount * 8)
    }

    public mutating func appendLiteral(_ literal: String) { text += literal }

    public mutating func appendInterpolation(_ value: @autoclosure () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(value()), publicByDefault: false)
    }

    public mutating func appendInterpolation<T: BinaryInteger>(_ value: @autoclosure () -> T, format: OSLogIntegerFormatting = .decimal, align: OSLogIntegerAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(format.text(value())), publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed, align: OSLogFloatAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(format.text(value())), publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Float, format: OSLogFloatFormatting = .fixed, align: OSLogFloatAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(format.text(Double(value()))), publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> CGFloat, format: OSLogFloatFormatting = .fixed, align: OSLogFloatAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(format.text(Double(value()))), publicByDefault: true)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(format.text(value()), publicByDefault: true)
    }

    // Disfavored, so that an integer, a Bool or a String takes its own overload (and its own
    // default privacy) rather than this one, which every one of them also matches.
    @_disfavoredOverload
    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(value().description), publicByDefault: false)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> NSObject, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(value().description, publicByDefault: false)
    }

    public mutating func appendInterpolation(_ value: @autoclosure () -> any Any.Type, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
      text += privacy.apply(align.pad(String(describing: value())), publicByDefault: false)
    }
  }
#endif
