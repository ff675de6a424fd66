extension String {
  /// The text's lines, split at each newline: what `split(separator: "\n",
  /// omittingEmptySubsequences: false)` returns, as strings.
  ///
  /// That split walks the text character by character, and finding where a character ends is
  /// most of what it costs on a transcript full of symbols. A newline is a character of its own
  /// unless a carriage return comes before it (`"\r\n"` is one character, and that split keeps
  /// it whole), so text without a carriage return is split on its bytes, with the same result.
  package var newlineSeparatedLines: [String] {
    if utf8.contains(13) { return split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    var lines: [String] = []
    var start = startIndex
    var index = utf8.startIndex
    while let newline = utf8[index...].firstIndex(of: 10) {
      lines.append(String(self[start..<newline]))
      start = utf8.index(after: newline)
      index = start
    }
    lines.append(String(self[start...]))
    return lines
  }
}
