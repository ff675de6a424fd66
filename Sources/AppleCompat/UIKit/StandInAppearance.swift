#if os(Linux)
import Foundation
import StandInSupport

// As SwiftUI's `Color` and `Image` (AppleSwiftUI's StandInAppearance.swift): UIKit's color and
// image a stand-in returns unanswered are placeholders, named so; `value=NAME` names one.

extension UIColor: StandInDefault {
  public static var standInDefault: Self { Self(named: "placeholder")! }
}

extension UIColor: StandInDecodable {
  public static func standInDecoded(from json: Data) throws -> Self {
    Self(named: try JSONDecoder().decode(String.self, from: json))!
  }
}

extension UIImage: StandInDefault {
  public static var standInDefault: Self { Self(named: "placeholder")! }
}

extension UIImage: StandInDecodable {
  /// `value=NAME`: the image of that name; an empty name is no image.
  public static func standInDecoded(from json: Data) throws -> Self {
    let name = try JSONDecoder().decode(String.self, from: json)
    guard let image = Self(named: name) else { throw StandInError("an image needs a name") }
    return image
  }
}
#endif
