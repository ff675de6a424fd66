#if os(Linux)
  /// An image kept as a value: which image, or how many bytes it was made from, not its pixels.
  public final class UIImage: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    private init(description: String) { self.description = description }

    /// An image from the asset catalog; nil only for an empty name, as there is no catalog here.
    public convenience init?(named name: String) {
      guard !name.isEmpty else { return nil }
      self.init(description: name)
    }

    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: Any?) {
      self.init(named: name)
    }

    /// An SF Symbol, by name.
    public convenience init?(systemName name: String) {
      guard !name.isEmpty else { return nil }
      self.init(description: "systemName: \(name)")
    }

    /// An image decoded from data: nil for empty data, as no decoder runs here.
    public convenience init?(data: Data) {
      guard !data.isEmpty else { return nil }
      self.init(description: "data: \(data.count) bytes")
    }

    /// An image read from a file: nil where the file cannot be read or is empty, as no decoder
    /// runs here (element-x's picked avatar, `UIImage(contentsOfFile: thumbnailURL.path)`).
    /// Named by the file's last component, not its folder, which differs between machines.
    public convenience init?(contentsOfFile path: String) {
      guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
      self.init(description: "contentsOfFile: \((path as NSString).lastPathComponent), \(data.count) bytes")
    }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
  }

  /// A color kept as a value, by name or components.
  public final class UIColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    private init(description: String) { self.description = description }

    public convenience init?(named name: String) { self.init(description: name) }

    public convenience init(red: Double, green: Double, blue: Double, alpha: Double) {
      func byte(_ value: Double) -> String {
        let hex = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
      }
      self.init(description: "#" + byte(red) + byte(green) + byte(blue) + (alpha == 1 ? "" : byte(alpha)))
    }

    public convenience init(white: Double, alpha: Double) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public static let black = UIColor(description: "black")
    public static let white = UIColor(description: "white")
    public static let clear = UIColor(description: "clear")
    public static let red = UIColor(description: "red")
    public static let green = UIColor(description: "green")
    public static let blue = UIColor(description: "blue")
    public static let gray = UIColor(description: "gray")
    public static let systemRed = UIColor(description: "systemRed")
    public static let systemGreen = UIColor(description: "systemGreen")
    public static let systemBlue = UIColor(description: "systemBlue")
    public static let systemOrange = UIColor(description: "systemOrange")
    public static let systemYellow = UIColor(description: "systemYellow")
    public static let systemGray = UIColor(description: "systemGray")
    public static let label = UIColor(description: "label")
    public static let secondaryLabel = UIColor(description: "secondaryLabel")
    public static let systemBackground = UIColor(description: "systemBackground")

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
  }
#endif
