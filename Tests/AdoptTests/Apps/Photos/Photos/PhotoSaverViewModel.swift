//
//  PhotoSaverViewModel.swift
//  Photos
//
//  A view-model in the shape of SwiftfulThinking's FileManagerViewModel: it saves a UIImage as
//  JPEG, which UIKit has and Linux has not, so `adopt` learns it from the compiler and leaves it
//  out after its first build (issue 61: its starter scenario must not be left behind).
//

import SwiftUI

class PhotoSaverViewModel: ObservableObject {
    @Published var image: UIImage? = nil
    @Published var infoMessage: String = ""

    func saveImage() {
        guard let data = image?.jpegData(compressionQuality: 1.0) else {
            infoMessage = "Error getting data."
            return
        }
        infoMessage = "Saved \(data.count) bytes"
    }
}
