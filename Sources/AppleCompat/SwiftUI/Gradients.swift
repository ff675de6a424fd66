#if os(Linux)
  /// A point in a view's unit square, as SwiftUI's `UnitPoint`: where a gradient starts or
  /// centers.
  public struct UnitPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init() { self.init(x: 0, y: 0) }
    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }

    public var description: String {
      // `zero` is `topLeading`: the first name of a point is said.
      let names: [(UnitPoint, String)] = [
        (.center, "center"), (.leading, "leading"), (.trailing, "trailing"), (.top, "top"), (.bottom, "bottom"),
        (.topLeading, "topLeading"), (.topTrailing, "topTrailing"), (.bottomLeading, "bottomLeading"), (.bottomTrailing, "bottomTrailing"),
      ]
      return names.first { $0.0 == self }?.1 ?? "(\(x), \(y))"
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
  }

  /// An angle, as SwiftUI's `Angle`: kept in degrees, so a state shows what the app wrote.
  public struct Angle: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var degrees: Double
    public var radians: Double {
      get { degrees * .pi / 180 }
      set { degrees = newValue * 180 / .pi }
    }

    public init() { degrees = 0 }
    public init(degrees: Double) { self.degrees = degrees }
    public init(radians: Double) { degrees = radians * 180 / .pi }

    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static let zero = Angle(degrees: 0)

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.degrees < rhs.degrees }
    public var description: String { "\(degrees)°" }
  }

  /// The colors of a gradient and where each stops, as SwiftUI's `Gradient`.
  public struct Gradient: Hashable, Sendable, CustomStringConvertible {
    /// One color of a gradient and where, from 0 to 1, it is reached.
    public struct Stop: Hashable, Sendable {
      public var color: Color
      public var location: Double
      public init(color: Color, location: Double) {
        self.color = color
        self.location = location
      }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) { self.stops = stops }
    /// Colors spread evenly from 0 to 1, as SwiftUI spreads them.
    public init(colors: [Color]) {
      stops = colors.enumerated().map { index, color in
        Stop(color: color, location: colors.count < 2 ? 0 : Double(index) / Double(colors.count - 1))
      }
    }

    public var description: String {
      stops.map { "\($0.color) at \($0.location)" }.joined(separator: ", ")
    }
  }

  /// A linear gradient kept as a value, as SwiftUI's `LinearGradient`: a view-model that picks a
  /// background for a state shows it in the state.
  public struct LinearGradient: Hashable, Sendable, CustomStringConvertible {
    public var gradient: Gradient
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
      self.gradient = gradient
      self.startPoint = startPoint
      self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
      self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
      self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var description: String { "linear(\(gradient); \(startPoint) to \(endPoint))" }
  }

  /// A radial gradient kept as a value, as SwiftUI's `RadialGradient` (pocket-casts'
  /// `UpgradeTier.background`).
  public struct RadialGradient: Hashable, Sendable, CustomStringConvertible {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadius: Double
    public var endRadius: Double

    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
      self.gradient = gradient
      self.center = center
      self.startRadius = startRadius
      self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
      self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double) {
      self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public var description: String { "radial(\(gradient); at \(center), radius \(startRadius) to \(endRadius))" }
  }

  /// An angular gradient kept as a value, as SwiftUI's `AngularGradient`.
  public struct AngularGradient: Hashable, Sendable, CustomStringConvertible {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
      self.gradient = gradient
      self.center = center
      self.startAngle = startAngle
      self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
      self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
      self.init(gradient: gradient, center: center, startAngle: angle, endAngle: Angle(degrees: angle.degrees + 360))
    }
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
      self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }

    public var description: String { "angular(\(gradient); at \(center), \(startAngle) to \(endAngle))" }
  }
#endif
