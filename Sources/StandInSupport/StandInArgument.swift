import Foundation

extension StandIn {
  /// An argument as the transcript shows it: literals as Swift writes them, anything else by its
  /// type's name alone, since a class's own description may hold its address, which differs run
  /// to run.
  public static func text(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let text as String: return text.debugDescription
    case let text as Substring: return String(text).debugDescription
    case let number as Int: return String(number)
    case let number as Double: return number.description
    case let number as Float: return number.description
    case let flag as Bool: return flag ? "true" : "false"
    case let url as URL: return "URL(\(url.absoluteString.debugDescription))"
    case let uuid as UUID: return "UUID(\(uuid.uuidString.debugDescription))"
    case let data as Data: return "Data(\(data.count) bytes)"
    case let number as any BinaryInteger: return "\(number)"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.map { text($0.value) } ?? "nil"
    }
    if mirror.displayStyle == .collection || mirror.displayStyle == .set {
      let elements = mirror.children.map { text($0.value) }
      return elements.count > 8 ? "[\(elements.prefix(8).joined(separator: ", ")), … \(elements.count) in all]" : "[\(elements.joined(separator: ", "))]"
    }
    if mirror.displayStyle == .enum {
      let name = mirror.children.first?.label ?? "\(value)"
      return "." + (name.split(separator: "(").first.map(String.init) ?? name)
    }
    return String(describing: type(of: value))
  }
}
