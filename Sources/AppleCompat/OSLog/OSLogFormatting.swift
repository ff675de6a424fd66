#if os(Linux)
  import Foundation

  /// How an interpolated integer is written, as Apple's `OSLogIntegerFormatting`.
  public struct OSLogIntegerFormatting: Sendable {
    enum Radix: Sendable { case decimal, hex, octal }
    let radix: Radix
    let explicitPositiveSign: Bool
    let includePrefix: Bool
    let uppercase: Bool
    let minDigits: Int

    public static let decimal = decimal(explicitPositiveSign: false, minDigits: 0)
    public static let hex = hex(explicitPositiveSign: false, includePrefix: false, uppercase: false, minDigits: 0)
    public static let octal = octal(explicitPositiveSign: false, includePrefix: false, uppercase: false, minDigits: 0)

    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting {
      OSLogIntegerFormatting(radix: .decimal, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false, minDigits: minDigits)
    }
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting {
      OSLogIntegerFormatting(radix: .hex, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix, uppercase: uppercase, minDigits: minDigits)
    }
    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting {
      OSLogIntegerFormatting(radix: .octal, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix, uppercase: uppercase, minDigits: minDigits)
    }

    func text<T: BinaryInteger>(_ value: T) -> String {
      let base: Int
      let prefix: String
      switch radix {
      case .decimal: (base, prefix) = (10, "")
      case .hex: (base, prefix) = (16, includePrefix ? "0x" : "")
      case .octal: (base, prefix) = (8, includePrefix ? "0o" : "")
      }
      var digits = String(value.magnitude, radix: base, uppercase: uppercase)
      if digits.count < minDigits { digits = String(repeating: "0", count: minDigits - digits.count) + digits }
      let sign = value < 0 ? "-" : (explicitPositiveSign ? "+" : "")
      return sign + prefix + digits
    }
  }

  /// How an interpolated floating-point number is written, as Apple's `OSLogFloatFormatting`.
  public struct OSLogFloatFormatting: Sendable {
    enum Style: Sendable { case fixed, exponential, hybrid }
    let style: Style
    let precision: Int?
    let explicitPositiveSign: Bool
    let uppercase: Bool

    public static let fixed = fixed(explicitPositiveSign: false)
    public static let exponential = exponential(explicitPositiveSign: false)
    public static let hybrid = hybrid(explicitPositiveSign: false)

    public static func fixed(precision: @autoclosure () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
      OSLogFloatFormatting(style: .fixed, precision: precision(), explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
      OSLogFloatFormatting(style: .fixed, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }
    public static func exponential(precision: @autoclosure () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
      OSLogFloatFormatting(style: .exponential, precision: precision(), explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }
    public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
      OSLogFloatFormatting(style: .exponential, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }
    public static func hybrid(precision: @autoclosure () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
      OSLogFloatFormatting(style: .hybrid, precision: precision(), explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }
    public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
      OSLogFloatFormatting(style: .hybrid, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// printf's conversion, as os_log uses it: `%f` (six digits unless a precision is given),
    /// `%e`, `%g`. String(format:) with no locale writes a point on every machine.
    func text(_ value: Double) -> String {
      var conversion: String
      switch style {
      case .fixed: conversion = "f"
      case .exponential: conversion = "e"
      case .hybrid: conversion = "g"
      }
      if uppercase { conversion = conversion.uppercased() }
      let flags = explicitPositiveSign ? "+" : ""
      let format = precision.map { "%\(flags).\($0)\(conversion)" } ?? "%\(flags)\(conversion)"
      return String(format: format, value)
    }
  }

  /// How an interpolated Boolean is written, as Apple's `OSLogBoolFormat`.
  public enum OSLogBoolFormat: Sendable {
    case truth, answer
    func text(_ value: Bool) -> String {
      switch self {
      case .truth: return value ? "true" : "false"
      case .answer: return value ? "YES" : "NO"
      }
    }
  }

  /// How an interpolated value is padded, as Apple's `OSLogStringAlignment`.
  public struct OSLogStringAlignment: Sendable {
    let columns: Int
    let left: Bool
    public static let none = OSLogStringAlignment(columns: 0, left: false)
    public static func right(columns: @autoclosure () -> Int) -> OSLogStringAlignment { OSLogStringAlignment(columns: columns(), left: false) }
    public static func left(columns: @autoclosure () -> Int) -> OSLogStringAlignment { OSLogStringAlignment(columns: columns(), left: true) }

    func pad(_ text: String) -> String {
      guard text.count < columns else { return text }
      let padding = String(repeating: " ", count: columns - text.count)
      return left ? text + padding : padding + text
    }
  }

  public typealias OSLogIntegerAlignment = OSLogStringAlignment
  public typealias OSLogFloatAlignment = OSLogStringAlignment
#endif
