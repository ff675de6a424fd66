// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Network",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Network", targets: ["Network"])],
    dependencies: [.package(path: "../Models")],
    targets: [
        .target(name: "Network", dependencies: [.product(name: "Models", package: "Models")], resources: [.process("Resources")]),
    ]
)
