// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "Assets",
    platforms: [.iOS(.v16)],
    products: [.library(name: "Assets", targets: ["Assets"])],
    targets: [
        // SwiftGen's asset catalog constants (swiftgen.yml: xcassets -> Generated/Assets.swift).
        .target(name: "Assets", resources: [.process("Resources")]),
    ]
)
