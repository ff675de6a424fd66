#if os(Linux)
  import Foundation

  /// Logs a printf-style message, as Apple's `os_log(_:dso:log:type:_:)`.
  ///
  /// `%@` and `%s` values are private unless written `%{public}@`; numbers are public unless
  /// written `%{private}d`, as on a device.
  public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default, type: OSLogType = .default, _ arguments: any CVarArg...) {
    LogOutput.write(level: type, log: log, message: LogFormat.render(message.description, arguments))
  }

  /// Logs a printf-style message at a level, as Apple's `os_log(_:dso:log:_:_:)`.
  public func os_log(_ type: OSLogType, dso: UnsafeRawPointer? = nil, log: OSLog = .default, _ message: StaticString, _ arguments: any CVarArg...) {
    LogOutput.write(level: type, log: log, message: LogFormat.render(message.description, arguments))
  }

  /// Logs an interpolated message, as Apple's `os_log(_:log:_:)` for `OSLogMessage`.
  public func os_log(_ type: OSLogType = .default, log: OSLog = .default, _ message: OSLogMessage) {
    LogOutput.write(level: type, log: log, message: message.text)
  }

  /// The printf subset os_log formats use, with privacy qualifiers.
  enum LogFormat {
    static func render(_ format: String, _ arguments: [any CVarArg]) -> String {
      var result = ""
      var remaining = arguments[...]
      var characters = format[...]
      while let character = characters.popFirst() {
        guard character == "%" else {
          result.append(character)
          continue
        }
        if characters.first == "%" {
          characters.removeFirst()
          result.append("%")
          continue
        }
        var privacy: Bool?
        if characters.first == "{" {
          let qualifier = characters.prefix { $0 != "}" }
          characters = characters.dropFirst(qualifier.count + 1)
          let words = qualifier.dropFirst().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
          if words.contains("public") { privacy = true } else if words.contains("private") || words.contains("sensitive") { privacy = false }
        }
        // Flags, width, precision and length modifiers, then the conversion.
        let specification = characters.prefix { !"@dDiuUxXoOfFeEgGcsSpaA".contains($0) }
        characters = characters.dropFirst(specification.count)
        guard let conversion = characters.popFirst() else {
          result += "%" + specification
          break
        }
        guard let argument = remaining.popFirst() else {
          result += "<missing argument>"
          continue
        }
        let text: String
        let publicByDefault: Bool
        switch conversion {
        case "@", "s", "S":
          text = String(describing: argument)
          publicByDefault = false
        default:
          let cleaned = specification.filter { !"lhqjzt".contains($0) }
          text = formatNumber("%" + cleaned + String(conversion), argument)
          publicByDefault = true
        }
        result += (privacy ?? publicByDefault) ? text : "<private>"
      }
      return result
    }

    private static func formatNumber(_ format: String, _ argument: any CVarArg) -> String {
      let wide = format.replacingOccurrences(of: "d", with: "ld").replacingOccurrences(of: "i", with: "ld")
        .replacingOccurrences(of: "u", with: "lu").replacingOccurrences(of: "x", with: "lx")
        .replacingOccurrences(of: "X", with: "lX").replacingOccurrences(of: "o", with: "lo")
      switch argument {
      case let value as any BinaryInteger: return String(format: wide, Int(truncatingIfNeeded: value))
      case let value as Double: return String(format: format, value)
      case let value as Float: return String(format: format, Double(value))
      default: return String(describing: argument)
      }
    }
  }
#endif
