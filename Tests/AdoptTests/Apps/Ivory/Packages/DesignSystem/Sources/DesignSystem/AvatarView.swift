import SwiftUI

public struct AvatarView: View {
    public init() {}
    public var body: some View { Circle() }
}
