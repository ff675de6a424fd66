public import ArgumentParser
import AdoptInterface
import Foundation

/// `vmrepl adopt PATH`: a package around an app's files, with every view-model registered.
///
/// The root command of `vmrepl-adopt`, which `vmrepl adopt` runs with the options it parsed.
public struct AdoptCommand: ParsableCommand {
  public static let configuration = AdoptDescription.configuration(commandName: "vmrepl adopt")

  @OptionGroup var options: AdoptOptions

  var path: String { options.path }
  var output: String? { options.output }
  var vmrepl: String? { options.vmrepl }
  var dryRun: Bool { options.dryRun }

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
