import Testing

@testable import Adopt

/// A name two modules declare: the type a model's file sees, written after its module's name.
@Suite("a type two modules declare")
struct SameNameInTwoModulesTests {
  /// A package compiled from its sources, as Starscream is for home-assistant.
  static let socketsManifest = """
    // swift-tools-version:5.9
    import PackageDescription
    let package = Package(name: "Sockets", targets: [.target(name: "Sockets")])
    """

  /// Its `protocol Server`, and a class of its own that conforms.
  static func socketServer(_ conformer: String) -> String {
    """
    public protocol Server { func start(port: Int) }
    public final class \(conformer): Server {
        public init() {}
        public func start(port: Int) {}
    }
    """
  }

  /// home-assistant's shape: its models take `Server` (a class of its `Shared` module), and
  /// Starscream, compiled from its sources for `Shared`'s socket, declares `protocol Server`
  /// with `WebSocketServer` conforming, earlier by path.
  private func app(modelImports: String) throws -> AppFolder {
    try AppFolder("Home", files: [
      "Home.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Libs/Sockets/Package.swift": Self.socketsManifest,
      "Libs/Sockets/Sources/Sockets/Server.swift": Self.socketServer("WebSocketServer"),
      "Shared/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Shared", targets: [.target(name: "Shared")])
        """,
      "Shared/Sources/Shared/Server.swift": """
        public final class Server {
            public let name: String
            public init(name: String = "Home") { self.name = name }
        }
        """,
      "Shared/Sources/Shared/Connection.swift": """
        import Sockets

        public final class Connection {
            public let socket = WebSocketServer()
            public init() {}
        }
        """,
      "Home/ContainerViewModel.swift": """
        import Foundation
        import Combine
        \(modelImports)

        final class ContainerViewModel: ObservableObject {
            @Published var title = ""
            let connection = Connection()
            init(server: Server) { title = server.name }
        }
        """,
    ])
  }

  @Test("a model's init parameter is the type its file sees, after its module's name when another module has the name")
  func parameterOfTheModuleSeen() throws {
    let folder = try app(modelImports: "import Shared")
    let adoption = Adoption(try AppSources.scan(folder: folder.path, vendored: [(folder.path + "/Libs/Sockets", "github.com/example/Sockets")]))
    #expect(adoption.included.contains("Libs/Sockets/Sources/Sockets/Server.swift"))
    let model = try #require(adoption.models.first)
    #expect(model.factory == "ContainerViewModel(server: Shared.Server())")
  }

  @Test("a protocol's conformers are types that see its module: another module's protocol of the name has its own")
  func conformersOfTheProtocolSeen() throws {
    let folder = try AppFolder("Home", files: [
      "Home.xcodeproj/project.pbxproj": "// an Xcode project\n",
      "Libs/Sockets/Package.swift": Self.socketsManifest,
      "Libs/Sockets/Sources/Sockets/Server.swift": Self.socketServer("AnySocketServer"),
      "Home/Connection.swift": """
        import Sockets

        final class Connection {
            let socket = AnySocketServer()
        }
        """,
      "Home/Server.swift": """
        protocol Server { var name: String { get } }
        final class LiveServer: Server {
            let name = "Home"
        }
        """,
      "Home/ContainerViewModel.swift": """
        import Foundation
        import Combine

        final class ContainerViewModel: ObservableObject {
            @Published var title = ""
            let connection = Connection()
            init(server: Server) { title = server.name }
        }
        """,
    ])
    let adoption = Adoption(try AppSources.scan(folder: folder.path, vendored: [(folder.path + "/Libs/Sockets", "github.com/example/Sockets")]))
    #expect(adoption.included.contains("Libs/Sockets/Sources/Sockets/Server.swift"))
    let model = try #require(adoption.models.first)
    #expect(model.factory == "ContainerViewModel(server: LiveServer())")
  }
}
