// vmrepl-fuzz: the fuzz targets of vmrepl (`FuzzTarget`) as one executable.
//
// Built by `scripts/fuzz` (`-sanitize=fuzzer -D VMREPL_FUZZING`), it is a libFuzzer binary:
// `vmrepl-fuzz TARGET [libFuzzer flags] [CORPUS ...]`. Built as usual, it runs files through a
// target and checks its invariants, which is how the tests replay the regression inputs:
// `vmrepl-fuzz TARGET FILE_OR_FOLDER ...`.
import CFuzzerDriver
import Examples
import Foundation
import VMReplCLI
import VMReplFuzzTargets

#if VMREPL_FUZZING
  /// The target this process fuzzes: set once in `main`, before the driver calls `fuzzOne`,
  /// and only read afterwards, on the main thread that libFuzzer calls back on.
  nonisolated(unsafe) private var selected = FuzzTarget.parser

  private func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { selected.run(input) }
    return 0
  }

  /// libFuzzer's usual entry, which its own `main` refers to: a debug build links that `main`'s
  /// object too (a release build drops it), so the symbol must exist; `fuzzingMain` below is
  /// the program's entry all the same.
  @_cdecl("LLVMFuzzerTestOneInput")
  func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOne(data, size) }

  /// The process's entry: SwiftPM makes `main` this module's `Fuzzing_main`, so libFuzzer's own
  /// `main` is not used and the target name can come first on the command line.
  @_cdecl("Fuzzing_main")
  func fuzzingMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var arguments = CommandLine.arguments
    // libFuzzer starts the program again for some jobs (`-minimize_crash`, `-fork`) with the
    // arguments it was given, which no longer name the target: the environment does.
    if let named = ProcessInfo.processInfo.environment["VMREPL_FUZZ_TARGET"], arguments.count < 2 || FuzzTarget(rawValue: arguments[1]) == nil {
      arguments.insert(named, at: 1)
    }
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
      FuzzUsage.fail()
    }
    if arguments.count == 3 && arguments[2] == "--options" {
      print(target.fuzzerOptions.joined(separator: " "))
      return 0
    }
    selected = target
    setenv("VMREPL_FUZZ_TARGET", target.rawValue, 1)
    // libFuzzer sees the program name, then everything after the target's name, with paths made
    // absolute: the targets may change the working directory.
    let passed = [FuzzUsage.absolute(arguments[0])] + arguments.dropFirst(2).map(FuzzUsage.absolute)
    MainActor.assumeIsolated { FuzzTarget.prepare(models: Examples.all, fuzzing: true) }
    var count = Int32(passed.count)
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = .allocate(capacity: passed.count + 1)
    for (index, argument) in passed.enumerated() { vector?[index] = strdup(argument) }
    vector?[passed.count] = nil
    return LLVMFuzzerRunDriver(&count, &vector, fuzzOne)
  }
#else
  @main
  enum FuzzMain {
    /// Runs every file named (folders: every file inside, in name order) through the target.
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      if arguments == ["--list"] {
        for target in FuzzTarget.allCases { print("\(target.rawValue): \(target.summary)") }
        return
      }
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count >= 2 else {
        FuzzUsage.fail()
      }
      let files = arguments.dropFirst().flatMap(FuzzUsage.files)
      MainActor.assumeIsolated {
        FuzzTarget.prepare(models: Examples.all, fuzzing: false)
        for file in files {
          guard let data = FileManager.default.contents(atPath: file) else {
            FuzzUsage.fail("cannot read `\(file)`")
          }
          // If the input breaks an invariant, the last line on standard error names it.
          FileHandle.standardError.write(Data("input: \(file)\n".utf8))
          target.run(Array(data))
        }
      }
      MainActor.assumeIsolated { FuzzTarget.finish() }
      MainActor.assumeIsolated { target.report("vmrepl-fuzz \(target.rawValue): \(files.count) inputs, every invariant held\(target.notes)") }
    }
  }
#endif

/// The command line's usage and its errors.
enum FuzzUsage {
  /// libFuzzer options that name a file or folder.
  static let pathOptions = ["-artifact_prefix=", "-exact_artifact_path=", "-dict=", "-merge_control_file="]

  /// A corpus folder or a path option's value, made absolute.
  static func absolute(_ argument: String) -> String {
    let here = FileManager.default.currentDirectoryPath + "/"
    if let option = pathOptions.first(where: argument.hasPrefix) {
      let value = argument.dropFirst(option.count)
      return value.hasPrefix("/") || value.isEmpty ? argument : option + here + value
    }
    return argument.hasPrefix("-") || argument.hasPrefix("/") ? argument : here + argument
  }

  static func fail(_ message: String? = nil) -> Never {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    var text = message.map { "error: \($0)\n" } ?? ""
    text += "usage: vmrepl-fuzz TARGET FILE_OR_FOLDER ... (built by scripts/fuzz: vmrepl-fuzz TARGET [libFuzzer flags] [CORPUS ...])\n"
    text += "targets: \(names); `vmrepl-fuzz --list` says what each checks\n"
    FileHandle.standardError.write(Data(text.utf8))
    exit(2)
  }

  /// `path`, or the files inside it when it is a folder, in name order, leaving out hidden files
  /// and golden transcripts (so `scenarios/` is its scenarios); absolute paths.
  static func files(_ path: String) -> [String] {
    let path = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("no file or folder `\(path)`") }
    guard isFolder.boolValue else { return [path] }
    let names = (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    return names.map { path + "/" + $0 }.filter {
      let name = $0.split(separator: "/").last ?? ""
      guard !name.hasPrefix("."), !name.hasSuffix(".golden") else { return false }
      var inner: ObjCBool = false
      return FileManager.default.fileExists(atPath: $0, isDirectory: &inner) && !inner.boolValue
    }
  }
}
