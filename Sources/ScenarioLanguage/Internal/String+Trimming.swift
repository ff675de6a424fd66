extension String {
  /// The text without the whitespace around it: how a command line, a header or a field is
  /// compared and shown.
  package var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
