#if os(Linux)
  import Foundation

  /// Apple's `RelativeDateTimeFormatter`, which Linux's Foundation lacks: "in 2 hours", "3 days
  /// ago", "yesterday", in English whatever the locale (vmrepl's world pins `en_001`).
  ///
  /// ```swift
  /// let formatter = RelativeDateTimeFormatter()
  /// formatter.localizedString(for: posted, relativeTo: now)  // "5 minutes ago"
  /// ```
  open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    // Unchecked, as Apple's: a formatter is configured, then used from one place at a time.

    /// Numbers only ("1 day ago"), or named where a word exists ("yesterday").
    public enum DateTimeStyle: Int, Sendable { case numeric = 0, named = 1 }
    /// How units are written: "2 hours", "two hours", "2 hr.", "2h".
    public enum UnitsStyle: Int, Sendable { case full = 0, spellOut = 1, short = 2, abbreviated = 3 }

    open var dateTimeStyle = DateTimeStyle.numeric
    open var unitsStyle = UnitsStyle.full
    open var calendar: Calendar! = Calendar(identifier: .gregorian)
    open var locale: Locale! = Locale(identifier: "en_US_POSIX")
    open var formattingContext = Formatter.Context.unknown

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// `date` relative to `referenceDate`, in its largest whole unit.
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
      localizedString(fromTimeInterval: date.timeIntervalSince(referenceDate))
    }

    /// A signed interval in its largest whole unit (seconds below a minute).
    open func localizedString(fromTimeInterval interval: TimeInterval) -> String {
      let units: [(Calendar.Component, Double)] = [
        (.year, 31_536_000), (.month, 2_592_000), (.weekOfMonth, 604_800), (.day, 86_400), (.hour, 3_600), (.minute, 60), (.second, 1),
      ]
      let magnitude = abs(interval)
      let (unit, size) = units.first { magnitude >= $0.1 } ?? (.second, 1)
      let count = Int(magnitude / size)
      return phrase(count: interval < 0 ? -count : count, unit: unit)
    }

    /// The components' first non-zero field, in the largest unit given.
    open func localizedString(from dateComponents: DateComponents) -> String {
      let fields: [(Calendar.Component, Int?)] = [
        (.year, dateComponents.year), (.month, dateComponents.month), (.weekOfMonth, dateComponents.weekOfMonth),
        (.day, dateComponents.day), (.hour, dateComponents.hour), (.minute, dateComponents.minute), (.second, dateComponents.second),
      ]
      let (unit, value) = fields.first { ($0.1 ?? 0) != 0 } ?? (.second, 0)
      return phrase(count: value ?? 0, unit: unit)
    }

    open override func string(for obj: Any?) -> String? {
      guard let date = obj as? Date else { return nil }
      return localizedString(for: date, relativeTo: Date())
    }

    private func phrase(count: Int, unit: Calendar.Component) -> String {
      if dateTimeStyle == .named, let named = Self.named(count: count, unit: unit) { return named }
      if count == 0 { return unit == .second ? (dateTimeStyle == .named ? "now" : "in 0 seconds") : "in 0 \(name(of: unit, count: 0))" }
      let amount = "\(unitsStyle == .spellOut ? Self.spelled(abs(count)) : String(abs(count))) \(name(of: unit, count: abs(count)))"
      return count > 0 ? "in \(amount)" : "\(amount) ago"
    }

    private static func named(count: Int, unit: Calendar.Component) -> String? {
      switch (unit, count) {
      case (.second, 0): return "now"
      case (.day, -1): return "yesterday"
      case (.day, 1): return "tomorrow"
      case (.weekOfMonth, -1): return "last week"
      case (.weekOfMonth, 1): return "next week"
      case (.month, -1): return "last month"
      case (.month, 1): return "next month"
      case (.year, -1): return "last year"
      case (.year, 1): return "next year"
      default: return nil
      }
    }

    private func name(of unit: Calendar.Component, count: Int) -> String {
      let names: [Calendar.Component: (full: String, short: String, abbreviated: String)] = [
        .year: ("year", "yr.", "y"), .month: ("month", "mo.", "mo"), .weekOfMonth: ("week", "wk.", "w"), .day: ("day", "day", "d"),
        .hour: ("hour", "hr.", "h"), .minute: ("minute", "min.", "m"), .second: ("second", "sec.", "s"),
      ]
      let forms = names[unit] ?? ("second", "sec.", "s")
      switch unitsStyle {
      case .full, .spellOut: return count == 1 ? forms.full : forms.full + "s"
      case .short: return unit == .day && count != 1 ? "days" : forms.short
      case .abbreviated: return forms.abbreviated
      }
    }

    private static func spelled(_ number: Int) -> String {
      let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
      return number < words.count ? words[number] : String(number)
    }
  }
#endif
