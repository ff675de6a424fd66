#if os(Linux)
  import Foundation

  extension AttributedString {
    /// Apple's markdown parsing options, of which Linux's Foundation has none.
    public struct MarkdownParsingOptions: Sendable, Hashable {
      /// How much of the markdown is read: everything, inline only, or inline keeping whitespace.
      public enum InterpretedSyntax: Sendable, Hashable { case full, inlineOnly, inlineOnlyPreservingWhitespace }
      /// What a parse error does: throw, or leave the text as it is.
      public enum FailurePolicy: Sendable, Hashable { case throwError, returnPartiallyParsedIfPossible }

      public var allowsExtendedAttributes = false
      public var interpretedSyntax = InterpretedSyntax.full
      public var failurePolicy = FailurePolicy.throwError
      public var languageCode: String?

      public init(
        allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
        failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil
      ) {
        self.allowsExtendedAttributes = allowsExtendedAttributes
        self.interpretedSyntax = interpretedSyntax
        self.failurePolicy = failurePolicy
        self.languageCode = languageCode
      }
    }

    /// Apple's `init(markdown:options:baseURL:)`, which Linux's Foundation lacks: the text of
    /// `markdown` with its inline markup (`**bold**`, `*em*`, `_em_`, `` `code` ``,
    /// `[link](url)`) removed, each link's URL kept as its `link` attribute. Styles (bold,
    /// italic) are not kept: a view-model's state shows the text the user would read.
    public init(markdown: String, options: MarkdownParsingOptions = MarkdownParsingOptions(), baseURL: URL? = nil) throws {
      var result = AttributedString()
      var plain = ""
      var characters = Substring(markdown)
      func flush() {
        if !plain.isEmpty { result.append(AttributedString(plain)) }
        plain = ""
      }
      while let character = characters.first {
        if character == "[", let close = characters.firstIndex(of: "]"),
          characters[characters.index(after: close)...].hasPrefix("("),
          let end = characters[close...].firstIndex(of: ")")
        {
          flush()
          let text = String(characters[characters.index(after: characters.startIndex)..<close])
          let target = String(characters[characters.index(close, offsetBy: 2)..<end])
          var link = AttributedString(text)
          link.link = URL(string: target, relativeTo: baseURL)
          result.append(link)
          characters = characters[characters.index(after: end)...]
          continue
        }
        if character == "*" || character == "_" || character == "`" {
          characters = characters.dropFirst()
          continue
        }
        if character == "\\", let next = characters.dropFirst().first {
          plain.append(next)
          characters = characters.dropFirst(2)
          continue
        }
        plain.append(character)
        characters = characters.dropFirst()
      }
      flush()
      self = result
    }
  }
#endif
