public import ArgumentParser
import Foundation

/// `vmrepl adopt PATH`: a package around an app's files, with every view-model registered.
public struct AdoptCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "adopt",
    abstract: "Make a package that runs an app's view-models in the REPL, with no hand-written registration.",
    discussion: """
      Reads the Swift files under PATH (an app's folder, an Xcode project's folder or a package), \
      finds the view-models (ObservableObject, @Observable, @Published state, names ending in \
      ViewModel) and the files they need, and writes a package that compiles those files where they \
      are, through AppleCompat, with a registration per view-model and a starter scenario each. Files \
      that cannot build on Linux (SwiftUI views, UIKit controllers, SwiftData models, #Preview) are \
      left out, each with its reason. Run it again after the app changed: Overrides.swift and the \
      scenarios are yours and stay as they are.
      """)

  @Argument(help: "The app's folder, its Xcode project's folder, or a package.")
  var path: String

  @Option(help: ArgumentHelp("Where to write the package (default: PATH-vmrepl, beside the app).", valueName: "DIR"))
  var output: String?

  @Option(help: ArgumentHelp("The vmrepl checkout the package builds against (default: this vmrepl's).", valueName: "DIR"))
  var vmrepl: String?

  @Flag(help: "Print what adopt finds, and write nothing.")
  var dryRun = false

  public init() {}

  public func run() throws {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    let output = self.output ?? trimmed + "-vmrepl"
    let outputFolder = URL(fileURLWithPath: output).standardizedFileURL.path
    do {
      let app = try AppSources.scan(folder: trimmed, skipping: [outputFolder])
      let module = PackageWriter.identifier(app.appName)
      let executable = PackageWriter.kebab(module) + "-repl"
      let overridesPath = outputFolder + "/Sources/\(executable)/Overrides.swift"
      let overridden = (try? String(contentsOfFile: overridesPath, encoding: .utf8)).map(OverrideNames.names) ?? []
      let adoption = Adoption(app, overridden: overridden)
      if dryRun {
        print(AdoptReport.text(adoption, shownFolder: trimmed), terminator: "")
        return
      }
      guard let checkout = vmrepl ?? Self.thisCheckout() else {
        throw AdoptError("cannot tell where this vmrepl's checkout is; give it with --vmrepl DIR")
      }
      let writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
      let changes = try writer.write()
      print(AdoptReport.text(adoption, shownFolder: trimmed, output: output, changes: changes, executable: writer.executable), terminator: "")
    } catch let error as AdoptError {
      FileHandle.standardError.write(Data("adopt: \(error.description)\n".utf8))
      throw ExitCode(1)
    }
  }

  /// The checkout this binary was built from: the package root above this source file, when
  /// it is still there.
  static func thisCheckout(file: String = #filePath) -> String? {
    var url = URL(fileURLWithPath: file)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    let manifest = url.appendingPathComponent("Package.swift").path
    guard let text = try? String(contentsOfFile: manifest, encoding: .utf8), text.contains("name: \"vmrepl\"") else { return nil }
    return url.path
  }
}
