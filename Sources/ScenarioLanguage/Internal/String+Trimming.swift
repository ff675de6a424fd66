extension String {
  /// The text without the whitespace around it: how a command line, a header or a field is
  /// compared and shown.
  package var trimmingSpaces: String {
    // Most lines begin and end with a letter or a digit, which ASCII says is no space.
    if let first = utf8.first, let last = utf8.last, Self.isVisibleASCII(first), Self.isVisibleASCII(last) { return self }
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }

  /// Whether `byte` is a printable ASCII character other than the space, which no whitespace is.
  private static func isVisibleASCII(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F
  }
}
