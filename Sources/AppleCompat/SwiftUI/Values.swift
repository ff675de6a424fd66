#if os(Linux)
  /// A key into the app's string catalog, as SwiftUI's `LocalizedStringKey`.
  ///
  /// Linux has no string catalog: the key is kept as written, interpolations as `%@`, `%lld` and
  /// `%f` placeholders (as Xcode extracts them), and `text` shows it with its values filled in.
  public struct LocalizedStringKey: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let key: String
    public let text: String

    public init(_ value: String) {
      key = value
      text = value
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: StringInterpolation) {
      key = stringInterpolation.key
      text = stringInterpolation.text
    }

    public var description: String { text }

    /// Builds a key and its filled-in text together.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
      var key = ""
      var text = ""
      public init(literalCapacity: Int, interpolationCount: Int) {}
      public mutating func appendLiteral(_ literal: String) {
        key += literal.replacingOccurrences(of: "%", with: "%%")
        text += literal
      }
      public mutating func appendInterpolation(_ string: String) {
        key += "%@"
        text += string
      }
      public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
        key += "%lld"
        text += String(value)
      }
      public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
        key += "%lf"
        text += "\(Double(value))"
      }
      public mutating func appendInterpolation<T>(_ value: T) {
        key += "%@"
        text += String(describing: value)
      }
    }
  }

  /// A color kept as a value: its name (`red`, an asset's name) or its components.
  ///
  /// A view-model that picks a color for a state shows it in the state by that name.
  public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(description: String) { self.description = description }

    /// A color from the asset catalog, by name.
    public init(_ name: String, bundle: Bundle? = nil) { description = name }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
      description = Color.components(red, green, blue, opacity)
    }

    public init(white: Double, opacity: Double = 1) {
      description = Color.components(white, white, white, opacity)
    }

    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
      description = "hue(\(hue), \(saturation), \(brightness)" + (opacity == 1 ? ")" : ", \(opacity))")
    }

    /// The same color with `opacity`.
    public func opacity(_ opacity: Double) -> Color { Color(description: "\(description).opacity(\(opacity))") }

    private static func components(_ red: Double, _ green: Double, _ blue: Double, _ opacity: Double) -> String {
      func byte(_ value: Double) -> String {
        let clamped = Int((min(max(value, 0), 1) * 255).rounded())
        let hex = String(clamped, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
      }
      return "#" + byte(red) + byte(green) + byte(blue) + (opacity == 1 ? "" : byte(opacity))
    }

    public static let accentColor = Color(description: "accentColor")
    public static let primary = Color(description: "primary")
    public static let secondary = Color(description: "secondary")
    public static let clear = Color(description: "clear")
    public static let black = Color(description: "black")
    public static let white = Color(description: "white")
    public static let gray = Color(description: "gray")
    public static let red = Color(description: "red")
    public static let orange = Color(description: "orange")
    public static let yellow = Color(description: "yellow")
    public static let green = Color(description: "green")
    public static let mint = Color(description: "mint")
    public static let teal = Color(description: "teal")
    public static let cyan = Color(description: "cyan")
    public static let blue = Color(description: "blue")
    public static let indigo = Color(description: "indigo")
    public static let purple = Color(description: "purple")
    public static let pink = Color(description: "pink")
    public static let brown = Color(description: "brown")
  }

  /// An image kept as a value: which image, not its pixels.
  public struct Image: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// An image from the asset catalog, by name.
    public init(_ name: String, bundle: Bundle? = nil) { description = name }
    /// An SF Symbol, by name.
    public init(systemName: String) { description = "systemName: \(systemName)" }
    /// An image decorative or not, from the asset catalog.
    public init(decorative name: String, bundle: Bundle? = nil) { description = name }
  }

  /// The app's scene phase, as SwiftUI's `ScenePhase`: view-models often react to it.
  public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
  }

  /// Light or dark appearance, as SwiftUI's `ColorScheme`: a view-model keeps the user's choice.
  public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light, dark
  }

  /// Whether a bar or indicator shows, as SwiftUI's `Visibility`: a view state keeps it
  /// (element-x's `SettingsScreenViewState.navigationBarVisibility`, `.hidden` in a second window).
  public enum Visibility: CaseIterable, Hashable, Sendable {
    case automatic, visible, hidden
  }
#endif
