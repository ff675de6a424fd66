/// The Swift types a command can write, with their `ParameterType` and how a value is read: one
/// table for action arguments (`arguments`) and `use` options (`context.options`).
enum WrittenTypes {
  struct Written {
    /// The `ParameterType` expression (`.int`).
    var kind: String
    /// The `Arguments` method that reads it (`int`).
    var reader: String
    /// A conversion around what the reader gives (`Float`), if the type is not the reader's.
    var conversion: String?
    /// The value an option starts with (`.int(0)`); nil for types that are no option.
    var optionDefault: String?
    /// The expression that makes the type of what the reader gives, `$0` standing for it
    /// (`IndexSet($0)`), where a conversion's call is not enough.
    var made: String? = nil
  }

  static let table: [String: Written] = [
    "String": Written(kind: ".string", reader: "string", optionDefault: ".string(\"\")"),
    "Int": Written(kind: ".int", reader: "int", optionDefault: ".int(0)"),
    // Integers of a width (element-x's power levels, `Int64`): written as an `Int`, converted
    // clamped to the width (a negative for a `UInt` is 0, not a trap).
    "Int64": Written(kind: ".int", reader: "int", conversion: "Int64.init(clamping:)", optionDefault: ".int(0)"),
    "Int32": Written(kind: ".int", reader: "int", conversion: "Int32.init(clamping:)", optionDefault: ".int(0)"),
    "Int16": Written(kind: ".int", reader: "int", conversion: "Int16.init(clamping:)", optionDefault: ".int(0)"),
    "UInt": Written(kind: ".int", reader: "int", conversion: "UInt.init(clamping:)", optionDefault: ".int(0)"),
    "UInt64": Written(kind: ".int", reader: "int", conversion: "UInt64.init(clamping:)", optionDefault: ".int(0)"),
    "UInt32": Written(kind: ".int", reader: "int", conversion: "UInt32.init(clamping:)", optionDefault: ".int(0)"),
    "Double": Written(kind: ".double", reader: "double", optionDefault: ".double(0)"),
    "TimeInterval": Written(kind: ".double", reader: "double", optionDefault: ".double(0)"),
    "Float": Written(kind: ".double", reader: "double", conversion: "Float", optionDefault: ".double(0)"),
    "CGFloat": Written(kind: ".double", reader: "double", conversion: "CGFloat", optionDefault: ".double(0)"),
    "Bool": Written(kind: ".bool", reader: "bool", optionDefault: ".bool(false)"),
    "Duration": Written(kind: ".duration", reader: "duration"),
    "[String]": Written(kind: ".list(.string)", reader: "list", conversion: "String"),
    "[Int]": Written(kind: ".list(.int)", reader: "list", conversion: "Int"),
    "[Double]": Written(kind: ".list(.double)", reader: "list", conversion: "Double"),
    "[Bool]": Written(kind: ".list(.bool)", reader: "list", conversion: "Bool"),
    // The rows a list's `.onDelete` and `.onMove` hand the model (`delete(at offsets: IndexSet)`).
    "IndexSet": Written(kind: ".list(.int)", reader: "list", conversion: "Int", made: "IndexSet($0)"),
    // An address an action takes (`play(url:)`), as a `use` option's URL is written.
    "URL": Written(kind: ".string", reader: "string", made: "(URL(string: $0) ?? URL(fileURLWithPath: \"/\"))"),
    // A moment, in seconds since 1970: the same on every machine, whatever its clock or zone.
    "Date": Written(kind: ".double", reader: "double", made: "Date(timeIntervalSince1970: $0)"),
  ]

  /// The expression reading `key` (a Swift string literal) of `type` from `source`.
  static func read(_ written: Written, key: String, from source: String) -> String {
    let value: String
    if written.reader == "list", let element = written.conversion {
      value = "\(source).list(\(key), of: \(element).self)"
    } else {
      let read = "\(source).\(written.reader)(\(key))"
      value = written.conversion.map { "\($0)(\(read))" } ?? read
    }
    return written.made.map { $0.replacingOccurrences(of: "$0", with: value) } ?? value
  }
}
