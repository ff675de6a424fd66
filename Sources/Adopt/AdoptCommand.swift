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
      let overridesPath = outputFolder + "/" + PackagePaths(executable: executable).overrides
      let overridden = (try? String(contentsOfFile: overridesPath, encoding: .utf8)).map(OverrideNames.names) ?? []
      // The user's exclusions, kept across runs in the package's adopt-exclude.
      let exclusionText = (try? String(contentsOfFile: outputFolder + "/" + PackageWriter.exclusionFile, encoding: .utf8)) ?? ""
      let excluded = Self.excluded(PackageWriter.exclusions(in: exclusionText), in: app)
      var adoption = Adoption(app, overridden: overridden, rejected: excluded)
      if dryRun {
        print(AdoptReport.text(adoption, shownFolder: trimmed), terminator: "")
        return
      }
      guard let checkout = vmrepl ?? Self.thisCheckout() else {
        throw AdoptError("cannot tell where this vmrepl's checkout is; give it with --vmrepl DIR")
      }
      var writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
      var changes = try writer.write()
      var built: AdoptReport.Build?
      if !options.noBuild {
        let proof = AdoptionProof(app: app, overridden: overridden, excluded: excluded, output: output, checkout: checkout)
        let proven = try proof.run(adoption, changes: changes)
        (adoption, writer, changes, built) = (proven.adoption, proven.writer, proven.changes, proven.build)
      }
      print(AdoptReport.text(adoption, shownFolder: trimmed, output: output, changes: changes, executable: writer.executable, build: built), terminator: "")
      if let built, !built.succeeded { throw ExitCode(1) }
    } catch let error as AdoptError {
      FileHandle.standardError.write(Data("adopt: \(error.description)\n".utf8))
      throw ExitCode(1)
    }
  }

  /// The app's files that `paths` (files or folders of `adopt-exclude`) name, with the reason.
  static func excluded(_ paths: [String], in app: AppSources) -> [String: String] {
    var result: [String: String] = [:]
    for file in app.files {
      if let path = paths.first(where: { file.path == $0 || file.path.hasPrefix($0 + "/") }) {
        result[file.path] = "excluded by you in \(PackageWriter.exclusionFile) (`\(path)`)"
      }
    }
    return result
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
