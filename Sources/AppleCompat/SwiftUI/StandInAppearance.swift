#if os(Linux)
import Foundation
import StandInSupport

// What a generated stand-in returns for a color or an image nobody answered (SwiftGen's
// `Asset.Colors.tint.color`, a theme's `tintColor`): a model mostly passes these along to its
// views, so a placeholder, named so in the state, stands in, and the transcript says the call
// was answered by default. `value=NAME` answers it with a named one.

extension Color: StandInDefault {
  public static var standInDefault: Color { Color(description: "placeholder") }
}

extension Color: StandInDecodable {
  /// `value=red`: the color of that name (an asset's name, a system color's).
  public static func standInDecoded(from json: Data) throws -> Color {
    Color(description: try JSONDecoder().decode(String.self, from: json))
  }
}

extension Image: StandInDefault {
  public static var standInDefault: Image { Image("placeholder") }
}

extension Image: StandInDecodable {
  /// `value=NAME`: the image of that name.
  public static func standInDecoded(from json: Data) throws -> Image {
    Image(try JSONDecoder().decode(String.self, from: json))
  }
}
// A gradient a model keeps for a state (pocket-casts' `UpgradeTier.background`): of the
// placeholder color, so a value made of empty parts shows it was not the app's.
extension Gradient: StandInDefault {
  public static var standInDefault: Gradient { Gradient(colors: [.standInDefault]) }
}

extension LinearGradient: StandInDefault {
  public static var standInDefault: LinearGradient { LinearGradient(gradient: .standInDefault, startPoint: .top, endPoint: .bottom) }
}

extension RadialGradient: StandInDefault {
  public static var standInDefault: RadialGradient { RadialGradient(gradient: .standInDefault, center: .center, startRadius: 0, endRadius: 0) }
}

extension AngularGradient: StandInDefault {
  public static var standInDefault: AngularGradient { AngularGradient(gradient: .standInDefault, center: .center) }
}
#endif
