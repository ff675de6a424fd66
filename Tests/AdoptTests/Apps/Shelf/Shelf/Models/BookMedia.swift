import Foundation

/// What a book's page shows beside its text.
enum BookMedia: Equatable {
    case cover(CoverArt)
    case sample(SamplePlayer)
}

/// A place the reader marked on the shelf, with the cover it showed then.
struct Shelfmark: Hashable {
    let bookID: Int
    let cover: CoverArt
}
