internal import CSimulationRuntime
import Synchronization

internal import Platform

@_silgen_name("swift_demangle")
private func swiftDemangle(
  _ mangled: UnsafePointer<CChar>?, _ length: UInt, _ output: UnsafeMutablePointer<CChar>?,
  _ outputSize: UnsafeMutablePointer<UInt>?, _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?

/// Names code as people read it: the function or closure at an address, demangled and without
/// its module, signature types or async machinery (`RefreshViewModel.refresh()`,
/// `closure #1 in SearchViewModel.search(text:)`).
enum CodeNames {
  /// Names by address; an address always names the same code while the process lives.
  private static let cache = Mutex<[UInt: String]>([:])

  /// The code at `address`, or nil when no symbol covers it.
  static func name(of address: UnsafeRawPointer?) -> String? {
    guard let address else { return nil }
    let key = UInt(bitPattern: address)
    if let known = cache.guarded({ $0[key] }) { return known.isEmpty ? nil : known }
    var name = ""
    if let mangled = vmrepl_symbol_name(address) {
      let text = String(cString: mangled)
      if let demangled = swiftDemangle(mangled, UInt(strlen(mangled)), nil, nil, 0) {
        let full = String(cString: demangled)
        // A thunk or a protocol witness the compiler made names no code a reader wrote (the
        // function it forwards to is the next frame), and vmrepl's own code (the
        // task an effect runs in) is not the view-model's: a release build, which inlines the
        // thunks away, would otherwise name it where a debug build does not.
        // A model's registration (`model.asyncAction(...) { viewModel, _ in await viewModel.load() }`,
        // written by `adopt` or by hand) is glue around the view-model's code: the frame it calls
        // is the one to name.
        if full.contains("thunk") || full.contains("protocol witness for ") || isMachinery(full)
          || full.contains("Scenario.ModelBuilder<")
        {
          name = ""
        } else if let owner = systemOwner(of: full) {
          // Foundation's own code (URLSession's cache lookup) is not the view-model's.
          name = "\(owner)'s own work (\(simplify(full)))"
        } else {
          name = simplify(full)
          if let location = SourceLines.location(of: address) { name += " at \(location)" }
        }
        free(demangled)
      } else {
        name = text
      }
    }
    cache.guarded { $0[key] = name }
    return name.isEmpty ? nil : name
  }

  /// The program's innermost function on the calling thread's stack, at the line of the call
  /// it is in (`ArticleListViewModel.load() at Sources/Articles.swift:41`): vmrepl's own,
  /// thunks, the toolchain's code (Foundation's `resume()`) and Combine's operators left out.
  static func programCaller() -> String? {
    let frames = withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 48) { frames in
      let count = Int(vmrepl_stack(frames.baseAddress!, Int32(frames.count)))
      return (0..<count).map { UInt(bitPattern: frames[$0]) }
    }
    for address in programFunctions(in: frames) where !combineModules.contains(module(of: address)) {
      // vmrepl's C hooks (the stack walk, the hook in `resume()`) have no Swift name: no parentheses.
      guard let name = name(of: UnsafeRawPointer(bitPattern: address)), name.contains("("), !name.contains("'s own work (")
      else { continue }
      return name
    }
    return nil
  }

  /// The program's functions the running task returns into, innermost first, each with the
  /// line it resumes at, its call's (`LiveClient.get(_:) at F:10, line 12`,
  /// `SearchViewModel.search() at F:28, line 30`), read only while the calling thread runs the
  /// body of a continuation (`withCheckedThrowingContinuation { ... }`, as URLSession's
  /// `data(for:)` does): the runtime has just made that continuation the task's resume point, so
  /// its chain of async frames is the live one. Elsewhere the task's resume point is left from its
  /// last suspension, whose frames may be gone: empty.
  static func continuationCallers(limit: Int) -> [String] {
    guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }) else { return [] }
    let frames = withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 48) { frames in
      let count = Int(vmrepl_stack(frames.baseAddress!, Int32(frames.count)))
      return (0..<count).map { UInt(bitPattern: frames[$0]) }
    }
    // The body must be the running job's own: one found past the job's start (a job run nested
    // inside a body, on the same thread) belongs to a task that is not the current one.
    guard let body = frames.firstIndex(where: isContinuationBody), !frames[..<body].contains(where: isJobStart) else { return [] }
    var callers: [String] = []
    for address in taskFunctionAddresses(task) where callers.count < limit {
      guard let pointer = UnsafeRawPointer(bitPattern: address), let name = name(of: pointer), !name.contains("'s own work (") else { continue }
      // Each frame resumes after its call: the line table's row there is the call's line.
      var row: Int32 = 0
      callers.append(vmrepl_source_row(pointer, &row) != 0 ? "\(name), line \(row)" : name)
    }
    return callers
  }

  /// Whether the function at `address` is a continuation's body: a closure handed a
  /// `CheckedContinuation` or `UnsafeContinuation`; remembered by address.
  private static func isContinuationBody(_ address: UInt) -> Bool {
    if let known = continuationBodies.guarded({ $0[address] }) { return known }
    var answer = false
    if address != 0, let pointer = UnsafeRawPointer(bitPattern: address), let mangled = vmrepl_symbol_name(pointer),
      let demangled = swiftDemangle(mangled, UInt(strlen(mangled)), nil, nil, 0)
    {
      let text = String(cString: demangled)
      // `closure #1 (Swift.CheckedContinuation<...>) -> () in ...`, a forwarder's name before it;
      // or URLSession's async functions (`data(for:)`), whose continuation's body, inlined into
      // them, resumes the data task.
      answer = (text.contains("closure #") && (text.contains(" (Swift.CheckedContinuation<") || text.contains(" (Swift.UnsafeContinuation<")))
        || (text.contains(" async ") && text.contains(" in FoundationNetworking.URLSession."))
      free(demangled)
    }
    continuationBodies.guarded { $0[address] = answer }
    return answer
  }

  private static let continuationBodies = Mutex<[UInt: Bool]>([:])

  /// Whether the function at `address` is the concurrency library's entry of a job
  /// (`swift_job_run`), where the running job's frames begin.
  private static func isJobStart(_ address: UInt) -> Bool {
    guard address != 0, let pointer = UnsafeRawPointer(bitPattern: address), let name = vmrepl_symbol_name(pointer) else { return false }
    return strncmp(name, "swift_job_run", 13) == 0
  }

  /// Combine's modules on Linux (and Apple's), whose schedulers arm timers for `debounce`,
  /// `throttle`, `delay` and `Timer.publish`.
  static let combineModules: Set<Substring> = ["OpenCombine", "OpenCombineFoundation", "OpenCombineDispatch", "Combine"]

  /// Modules by code address (`""`: not Swift, or no symbol).
  private static let modules = Mutex<[UInt: Substring]>([:])

  /// Whether code of one of `wanted` (outermost module of each frame's function) is on the
  /// calling thread's stack: a timer armed from inside a Combine operator, for instance.
  static func stackIncludes(modules wanted: Set<Substring>) -> Bool {
    let frames = withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 48) { frames in
      let count = Int(vmrepl_stack(frames.baseAddress!, Int32(frames.count)))
      return (0..<count).map { UInt(bitPattern: frames[$0]) }
    }
    return frames.contains { wanted.contains(module(of: $0)) }
  }

  /// Whether the function at `address` is Combine's (a scheduler's closure).
  static func isCombine(function address: UnsafeRawPointer?) -> Bool {
    guard let address else { return false }
    // The same function asks again and again (a loop's `asyncAfter`): its answer is kept beside
    // its address in one word (a user-space address fits in 63 bits), so a race reads a pair.
    let key = UInt(bitPattern: address)
    let last = lastCombineAnswer.load(ordering: .relaxed)
    if last >> 1 == key { return last & 1 == 1 }
    let answer = combineModules.contains(module(of: key))
    lastCombineAnswer.store(key << 1 | (answer ? 1 : 0), ordering: .relaxed)
    return answer
  }

  private static let lastCombineAnswer = Atomic<UInt>(0)

  /// The outermost module of the Swift function at `address` (`""`: none), read once.
  private static func module(of address: UInt) -> Substring {
    if let known = modules.guarded({ $0[address] }) { return known }
    var found: Substring = ""
    if let pointer = UnsafeRawPointer(bitPattern: address), let mangled = vmrepl_symbol_name(pointer),
      let demangled = swiftDemangle(mangled, UInt(strlen(mangled)), nil, nil, 0)
    {
      found = outerModule(String(cString: demangled)).map { Substring(String($0)) } ?? ""
      free(demangled)
    }
    modules.guarded { $0[address] = found }
    return found
  }

  /// The program's function a task will resume in: the innermost of its chain of async frames
  /// that is neither the runtime's, nor a thunk, nor vmrepl's own (a scripted dependency's wait).
  static func taskFunction(_ task: UnsafeRawPointer) -> String? {
    taskFunctions(task, limit: 1).first
  }

  /// The first `limit` such functions, innermost first, each named once.
  static func taskFunctions(_ task: UnsafeRawPointer, limit: Int) -> [String] {
    names(of: taskFunctionAddresses(task), limit: limit)
  }

  /// The addresses of the program's functions a task will resume in, innermost first, read
  /// from the task as it is now (the runtime's own left out).
  static func taskFunctionAddresses(_ task: UnsafeRawPointer) -> [UInt] {
    programFunctions(in: taskChain(task))
  }

  /// Every function a task will resume in, innermost first, the runtime's included, read from
  /// the task as it is now: what must be read before the task runs on, while which of them are
  /// the program's (`programFunctions(in:)`, a look-up per address) can wait until asked.
  static func taskChain(_ task: UnsafeRawPointer) -> [UInt] {
    withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 32) { functions in
      let count = Int(vmrepl_task_chain(task, functions.baseAddress!, Int32(functions.count)))
      return (0..<count).map { UInt(bitPattern: functions[$0]) }
    }
  }

  /// What code an async frame resumes in: the program's, the toolchain's, or its sleep code.
  enum FrameCode {
    /// The toolchain's sleep code (`Task.sleep`, `Clock.sleep`, `ContinuousClock.sleep`,
    /// `Task._sleep`), which calls none of the program's code: it computes a deadline, hands the
    /// executor a wake-up, and returns into its caller when that fires. `entry`: where a sleep
    /// function starts after hopping off its caller's actor (its first suspension's resume
    /// point, `TY0_` in its mangled name).
    case sleep(entry: Bool)
    /// Other code of the toolchain's.
    case runtime
    /// The program's code.
    case program
  }

  private static let frameCodes = Mutex(FrameCodeTable())

  /// What code `address` is; remembered by address.
  static func frameCode(_ address: UInt) -> FrameCode {
    if let known = frameCodes.guarded({ $0[address] }) { return known }
    var code = FrameCode.program
    if let function = UnsafeRawPointer(bitPattern: address), vmrepl_is_runtime_code(function) != 0 {
      code = .runtime
      if let mangled = vmrepl_symbol_name(function) {
        let name = String(cString: mangled)
        if name.contains("sleep") { code = .sleep(entry: name.hasSuffix("TY0_")) }
      }
    }
    frameCodes.guarded { $0[address] = code }
    return code
  }

  /// The functions of `chain` that are the program's, not the runtime's.
  static func programFunctions(in chain: [UInt]) -> [UInt] {
    chain.filter { address in
      guard address != 0, case .program = frameCode(address) else { return false }
      return true
    }
  }

  /// The first `limit` names of `addresses` (code that names nothing a reader wrote left out),
  /// each named once.
  static func names(of addresses: [UInt], limit: Int) -> [String] {
    var names: [String] = []
    for address in addresses {
      guard let name = name(of: UnsafeRawPointer(bitPattern: address)) else { continue }
      if names.last != name { names.append(name) }
      if names.count == limit { break }
    }
    return names
  }

  /// The type of the actor whose turn a job is (`Stock`), when the job points at one whose
  /// metadata the symbol table names.
  static func actorName(ofJob job: UnsafeRawPointer) -> String? {
    guard let metadata = vmrepl_actor_job_metadata(job), let mangled = vmrepl_symbol_name(metadata) else { return nil }
    guard let demangled = swiftDemangle(mangled, UInt(strlen(mangled)), nil, nil, 0) else { return nil }
    defer { free(demangled) }
    let text = String(cString: demangled)
    for prefix in ["type metadata for ", "full type metadata for "] where text.hasPrefix(prefix) {
      return dropModule(String(text.dropFirst(prefix.count)))
    }
    return nil
  }

  /// vmrepl's modules, whose code runs the view-model's but is none of it.
  static let machineryModules: Set<Substring> = ["Scenario", "ScenarioLanguage", "ScenarioScripting", "ScenarioExploration", "Simulation", "VMReplCLI", "VMReplTesting"]

  /// Whether the code a demangled name names is in one of vmrepl's modules: its outermost
  /// function's module (after the last ` in `).
  static func isMachinery(_ demangled: String) -> Bool {
    outerModule(demangled).map(machineryModules.contains) ?? false
  }

  /// The toolchain's modules whose code runs on behalf of the view-model, and who they are to a
  /// reader: a job of theirs is named as theirs, not as the user's code.
  static let systemModules: [Substring: String] = [
    "FoundationNetworking": "URLSession", "Foundation": "Foundation", "FoundationEssentials": "Foundation",
    "FoundationInternationalization": "Foundation", "Dispatch": "Dispatch",
  ]

  /// Who the code a demangled name names belongs to, when it is the toolchain's.
  static func systemOwner(of demangled: String) -> String? {
    outerModule(demangled).flatMap { systemModules[$0] }
  }

  /// The module of a demangled name's outermost function (after the last ` in `); a function of
  /// an extension is its extension's module's (`(extension in MiniStore):FoundationNetworking.URLSession.load`).
  private static func outerModule(_ demangled: String) -> Substring? {
    var outer = Substring(replacingExtensionMarkers(in: demangled) { "\($0)." })
    // A private function's name carries its file's discriminator, `(use in _BCF6...)`, whose
    // ` in ` is no closure's.
    outer = Substring(outer.replacing(#/ in _[0-9A-F]{32}\)/#, with: ")"))
    while let range = outer.firstRange(of: " in ") { outer = outer[range.upperBound...] }
    if let range = outer.firstRange(of: " partial function for ") { outer = outer[range.upperBound...] }
    // `static Simulation.CodeNames.programCaller()`: the module follows the keyword.
    if outer.hasPrefix("static ") { outer = outer.dropFirst("static ".count) }
    guard let dot = outer.firstIndex(of: ".") else { return nil }
    return outer[..<dot]
  }

  /// Shortens a demangled Swift name to what a reader of the source recognises.
  static func simplify(_ demangled: String) -> String {
    var text = Substring(demangled)
    // Machinery around the function, in any order: partial functions of async functions,
    // forwarders of partial applications, specializations.
    var changed = true
    while changed {
      changed = false
      for prefix in ["async function pointer to ", "merged ", "partial apply forwarder for "] where text.hasPrefix(prefix) {
        text = text.dropFirst(prefix.count)
        changed = true
      }
      if text.hasPrefix("("), let close = text.firstIndex(of: ")"),
        let range = text.firstRange(of: " partial function for "), range.lowerBound > close
      {
        text = text[range.upperBound...]
        changed = true
      }
      if text.hasPrefix("generic specialization <"), let range = text.firstRange(of: "> of ") {
        text = text[range.upperBound...]
        changed = true
      }
    }
    return path(withoutDiscriminators(replacingExtensionMarkers(in: String(text)) { _ in "" }))
  }

  /// `text` with each `(extension in MiniStore):` (before the extended type of a function an
  /// extension declares) replaced by what `replacement` makes of its module. By hand: a regex
  /// literal is parsed again each time it is evaluated, and this runs for every job named.
  private static func replacingExtensionMarkers(in text: String, with replacement: (Substring) -> String) -> String {
    let marker = "(extension in "
    guard text.contains(marker) else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstRange(of: marker) {
      let module = rest[open.upperBound...]
      // The module runs to the first `(`, `)` or `:`, which must be the `)` of `):`.
      if let end = module.firstIndex(where: { $0 == "(" || $0 == ")" || $0 == ":" }), end > module.startIndex,
        module[end] == ")", module[module.index(after: end)...].first == ":"
      {
        result += rest[..<open.lowerBound]
        result += replacement(module[..<end])
        rest = module[module.index(end, offsetBy: 2)...]
      } else {
        result += rest[..<open.upperBound]
        rest = module
      }
    }
    return result + rest
  }

  /// `(refresh in _52259C45109639E5255445D2559DBC0A)` → `refresh`: a private name's file discriminator.
  private static func withoutDiscriminators(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "(") {
      let inside = rest[rest.index(after: open)...]
      if let marker = inside.firstRange(of: " in _"), let close = inside.firstIndex(of: ")"), marker.lowerBound < close,
        !inside[..<marker.lowerBound].contains(where: { $0 == "(" || $0 == " " })
      {
        result += rest[..<open] + inside[..<marker.lowerBound]
        rest = inside[inside.index(after: close)...]
      } else {
        result += rest[...open]
        rest = inside
      }
    }
    return result + rest
  }

  /// `closure #1 <signature> in <path>` → `closure #1 in <path>`; a function path loses its
  /// module and its parameter types.
  private static func path(_ text: String) -> String {
    for kind in ["implicit closure #", "closure #"] where text.hasPrefix(kind) {
      let afterNumber = text.dropFirst(kind.count).prefix { $0.isNumber }
      let head = kind + afterNumber
      guard let range = topLevelRange(of: " in ", in: text) else { return head }
      return head + " in " + path(String(text[range.upperBound...]))
    }
    return function(text)
  }

  /// `Examples.SearchViewModel.search(text: Swift.String) async -> ()` → `SearchViewModel.search(text:)`.
  private static func function(_ whole: String) -> String {
    var trimmed = Substring(whole)
    for prefix in ["variable initialization expression of ", "static ", "lazy "] where trimmed.hasPrefix(prefix) {
      trimmed = trimmed.dropFirst(prefix.count)
    }
    // A property (`Examples.refresh : Scenario.ModelDefinition`): its name, without its type.
    if let colon = trimmed.firstRange(of: " : "), !trimmed[..<colon.lowerBound].contains("(") {
      trimmed = trimmed[..<colon.lowerBound]
    }
    let text = String(trimmed)
    guard let open = text.firstIndex(of: "(") else { return dropModule(text.split(separator: " ").first.map(String.init) ?? text) }
    let name = dropModule(withoutGenericClauses(text[..<open]))
    var depth = 0
    var labels: [String] = []
    var current = ""
    var previous: Character = " "
    for index in text[open...].indices {
      let character = text[index]
      defer { previous = character }
      if character == ">" && previous == "-" { if depth >= 1 { current.append(character) }; continue }
      if character == "(" || character == "<" || character == "[" {
        depth += 1
        if depth == 1 { continue }
      }
      if character == ")" || character == ">" || character == "]" {
        depth -= 1
        if depth == 0 {
          labels.append(current)
          break
        }
      }
      if depth == 1 && character == "," {
        labels.append(current)
        current = ""
        continue
      }
      if depth >= 1 { current.append(character) }
    }
    let parameters = labels.map { $0.trimmingSpaces }.filter { !$0.isEmpty }.map { parameter -> String in
      guard let colon = parameter.firstIndex(of: ":") else { return "_:" }
      return String(parameter[..<colon]) + ":"
    }
    return name + "(" + parameters.joined() + ")"
  }

  /// `NetworkSession.load<A where A: Swift.Decodable>` → `NetworkSession.load`: a generic
  /// function's parameter clause is its signature's, not its name's.
  private static func withoutGenericClauses(_ path: Substring) -> String {
    var result = ""
    var depth = 0
    for character in path {
      if character == "<" { depth += 1 } else if character == ">" && depth > 0 { depth -= 1 } else if depth == 0 { result.append(character) }
    }
    return result
  }

  /// `Examples.Type.method` → `Type.method`: the first component of a Swift path is its module.
  private static func dropModule(_ path: String) -> String {
    let parts = path.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return path }
    return parts.dropFirst().joined(separator: ".")
  }

  /// Where `needle` occurs outside any brackets.
  private static func topLevelRange(of needle: String, in text: String) -> Range<String.Index>? {
    var depth = 0
    var index = text.startIndex
    var previous: Character = " "
    while index < text.endIndex {
      let character = text[index]
      if character == "(" || character == "<" || character == "[" { depth += 1 }
      if character == ")" || character == "]" || (character == ">" && previous != "-") { depth -= 1 }
      previous = character
      if depth == 0, text[index...].hasPrefix(needle) { return index..<text.index(index, offsetBy: needle.count) }
      index = text.index(after: index)
    }
    return nil
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
