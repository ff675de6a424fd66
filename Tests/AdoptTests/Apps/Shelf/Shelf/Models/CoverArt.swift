import Foundation
import UniformTypeIdentifiers

/// A book's cover as the shelf shows it: its file, and the type the reader picked it as.
struct CoverArt: Hashable {
    let url: URL
    let contentType: UTType?
    var caption: String?

    var isVector: Bool {
        contentType?.conforms(to: .svg) ?? false
    }
}
