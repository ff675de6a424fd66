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

  /// How many times `adopt` builds before it gives up on mending the package: a module that does
  /// not compile hides its dependents' errors until the next build, so a deep chain takes several.
  static let buildRounds = 20

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
        let build = PackageBuild(output: outputFolder, scratch: PackageBuild.scratch(forCheckout: writer.vmrepl))
        var rejected: [String: String] = [:]
        var unregistered: [String: String] = [:]
        var dropped: [String: String] = [:]
        var record = AdoptReport.Build(scratch: build.scratch)
        for (identity, why) in build.unreachable(adoption.packages) {
          dropped[identity] = why
          record.droppedPackages.append(identity)
        }
        if !dropped.isEmpty {
          adoption = Adoption(app, overridden: overridden, rejected: excluded, droppedPackages: dropped)
          writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
          changes = AdoptReport.merge(changes, try writer.write())
        }
        for round in 1...Self.buildRounds {
          FileHandle.standardError.write(Data((round == 1
            ? "adopt: building the package (the first build on this machine compiles vmrepl too: minutes)\n"
            : "adopt: building again without what the compiler rejected (round \(round))\n").utf8))
          let outcome = build.run()
          record.rounds = round
          record.seconds += outcome.seconds
          if outcome.succeeded {
            record.succeeded = true
            break
          }
          let generated = (try? String(contentsOfFile: outputFolder + "/Sources/\(executable)/Models.generated.swift", encoding: .utf8)) ?? ""
          var mended = false
          for rejection in PackageBuild.rejections(in: outcome.log, output: outputFolder, app: app, targets: adoption.targets, executable: executable) {
            if let path = rejection.path {
              guard rejected[path] == nil else { continue }
              let blocked = Set(adoption.leftOut.map(\.path)).union(rejected.keys)
              if let (name, home) = Self.leftOutHome(of: rejection.message, in: app, leftOut: blocked, except: path) {
                // The compiler's "no member `system`" is a file left out earlier, which declares it.
                rejected[path] = "uses `\(name)` from \(home), which is left out (the compiler, line \(rejection.line): \(rejection.message))"
              } else {
                rejected[path] = "does not compile on Linux: line \(rejection.line): \(rejection.message)"
              }
              record.rejectedFiles.append(path)
              mended = true
            } else if let model = PackageBuild.model(atLine: rejection.line, of: generated, in: adoption.models), unregistered[model.type] == nil {
              unregistered[model.type] = "line \(rejection.line): \(rejection.message)"
              mended = true
            }
          }
          // A third-party package that does not resolve or build here is left out, with what imports it.
          if !mended {
            for (identity, why) in PackageBuild.blamedPackages(in: outcome.log, packages: adoption.packages.filter { dropped[$0.identity] == nil }) {
              dropped[identity] = why
              record.droppedPackages.append(identity)
              mended = true
            }
          }
          guard mended, round < Self.buildRounds else {
            record.failure = PackageBuild.summary(of: outcome.log)
            break
          }
          adoption = Adoption(
            app, overridden: overridden, rejected: rejected.merging(excluded) { first, _ in first }, unregistered: unregistered,
            droppedPackages: dropped)
          writer = PackageWriter(output: output, vmrepl: checkout, adoption: adoption)
          changes = AdoptReport.merge(changes, try writer.write())
        }
        built = record
      }
      print(AdoptReport.text(adoption, shownFolder: trimmed, output: output, changes: changes, executable: writer.executable, build: built), terminator: "")
      if let built, !built.succeeded { throw ExitCode(1) }
    } catch let error as AdoptError {
      FileHandle.standardError.write(Data("adopt: \(error.description)\n".utf8))
      throw ExitCode(1)
    }
  }

  /// The name a compiler error says is missing (`has no member 'system'`, `cannot find 'x' in
  /// scope`) and the left-out file that declares it, as a global or in an extension.
  static func leftOutHome(of message: String, in app: AppSources, leftOut: Set<String>, except path: String) -> (String, String)? {
    let patterns = ["has no member '", "cannot find '", "cannot find type '"]
    guard let pattern = patterns.first(where: { message.contains($0) }),
          let start = message.range(of: pattern)?.upperBound,
          let end = message[start...].firstIndex(of: "'")
    else { return nil }
    let name = String(message[start..<end])
    for file in app.files where file.path != path && leftOut.contains(file.path) {
      let declares = file.globals.contains(name) || file.types.contains { $0.name == name }
        || file.extensions.contains { $0.members.methods.contains { $0.name == name } || $0.members.properties.contains { $0.name == name } }
      if declares { return (name, file.path) }
    }
    return nil
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
