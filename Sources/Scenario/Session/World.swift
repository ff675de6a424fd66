import Foundation
import Synchronization
import Simulation

internal import Platform

/// The world a view-model sees besides its own code: the wall clock, the time zone and the
/// locale, fixed by default so that a transcript is the same on every machine.
///
/// The wall clock starts at `start` on every `use`; `date DATE` moves it (and the start of later
/// sessions). The time zone is the process's `TZ`, pinned to UTC until `date tz=ZONE` changes it.
@MainActor
final class World {
  /// 2026-01-01T09:41:00Z, in nanoseconds since 1970: where the runtime's clock starts.
  static let defaultStart = Simulation.defaultWallClock
  static let defaultTimeZone = "UTC"

  /// What the wall clock reads when a session starts.
  private(set) var start = World.defaultStart
  /// The time zone identifier as the user wrote it.
  private(set) var timeZone = World.defaultTimeZone
  let simulation: Simulation

  init(simulation: Simulation) {
    self.simulation = simulation
    Self.applyTimeZone(timeZone)
  }

  /// A new session: the wall clock back at `start`.
  func beginSession() {
    simulation.setWallClock(unixNanoseconds: start)
  }

  /// The locale Foundation gives every program here: on Linux `Locale.current` reads no
  /// environment, so it is the same on every machine and cannot be changed.
  var locale: String { Locale.current.identifier }

  /// Applies `date [DATE] [tz=ZONE] [locale=ID]` and describes the world as it now is.
  func apply(date: Located<String>?, timeZone zone: Located<String>?, locale requested: Located<String>?) throws(ScenarioError) -> [String] {
    if let requested, requested.value != locale {
      throw ScenarioError(.localeFixed(current: locale, requested: requested.value), column: requested.column)
    }
    var newZone = timeZone
    if let zone {
      guard TimeZone(identifier: zone.value) != nil else {
        throw Suggestion.unknown(
          "time zone", zone.value, among: TimeZone.knownTimeZoneIdentifiers.sorted(),
          suffix: " (an IANA name such as UTC, Europe/Paris or Asia/Tokyo)", column: zone.column)
      }
      newZone = zone.value
    }
    // Everything is checked before anything changes: a rejected `date` leaves the world as it was.
    let nanoseconds = try date.map { (date) throws(ScenarioError) in
      try Self.parse(date.value, in: TimeZone(identifier: newZone)!, column: date.column)
    }
    if zone != nil {
      timeZone = newZone
      Self.applyTimeZone(newZone)
    }
    if let nanoseconds {
      start = nanoseconds
      simulation.setWallClock(unixNanoseconds: nanoseconds)
    }
    return [description]
  }

  /// `date: 2026-01-01T09:41:00Z, time zone UTC, locale en_001`.
  var description: String {
    "date: \(Self.format(simulation.wallClockNanoseconds, in: TimeZone(identifier: timeZone)!)), time zone \(timeZone), locale \(locale)"
  }

  /// `TZ` for C and for `TimeZone.current` (what `formatted()` uses), and the default time zone
  /// (what a new `DateFormatter` uses).
  private static func applyTimeZone(_ identifier: String) {
    // Every session applies its zone (explore makes one per schedule): setting Foundation's
    // default zone was 4% of a schedule of cart/lost-update, and resetting the system zone makes
    // the next `TimeZone.current` cost some 80 us. When the C library's TZ and Foundation's
    // system and default zones are all as this left them (nothing, the program included, set
    // another since), applying the same zone again would change nothing.
    let unchanged = lastApplied.withLock { last in
      guard let last, last.identifier == identifier, let current = getenv("TZ"), String(cString: current) == identifier
      else { return false }
      // The system zone is read from TZ: the zone itself, once this applied it.
      return NSTimeZone.default == last.zone && NSTimeZone.system == last.zone
    }
    if unchanged { return }
    setenv("TZ", identifier, 1)
    tzset()
    NSTimeZone.resetSystemTimeZone()
    guard let zone = TimeZone(identifier: identifier) else {
      lastApplied.withLock { $0 = nil }
      return
    }
    NSTimeZone.default = zone
    lastApplied.withLock { $0 = (identifier, zone) }
  }

  /// The zone `applyTimeZone` applied last, and its identifier.
  private static let lastApplied = Mutex<(identifier: String, zone: TimeZone)?>(nil)

  /// ISO 8601 in `zone`, with milliseconds only when there are any.
  static func format(_ nanoseconds: Int64, in zone: TimeZone) -> String {
    let seconds = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let date = Date(timeIntervalSince1970: TimeInterval(seconds.quotient))
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    var text = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    let milliseconds = Int(seconds.remainder / 1_000_000)
    if milliseconds > 0 {
      text += "." + String(String(milliseconds + 1000).dropFirst())
    }
    let offset = zone.secondsFromGMT(for: date)
    if offset == 0 { return text + "Z" }
    let sign = offset < 0 ? "-" : "+"
    return text + sign + two(abs(offset) / 3600) + ":" + two(abs(offset) % 3600 / 60)
  }

  /// The years a date may have: 64-bit nanoseconds from 1970 reach from 1677-09-21 to 2262-04-11.
  static let years = 1678...2261

  /// `2026-03-15`, `2026-03-15T08:30`, `2026-03-15T08:30:00`, with `Z` or `+09:00` or in `zone`.
  static func parse(_ text: String, in zone: TimeZone, column: Int) throws(ScenarioError) -> Int64 {
    let bad = ScenarioError(.badDate(text), column: column)
    var rest = Substring(text)
    var offset: Int?
    if rest.hasSuffix("Z") {
      offset = 0
      rest = rest.dropLast()
    } else if rest.count > 16, let sign = rest.dropFirst(16).lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let zonePart = rest[rest.index(after: sign)...].split(separator: ":")
      guard zonePart.count == 2, let hours = Int(zonePart[0]), let minutes = Int(zonePart[1]), (0...18).contains(hours),
        (0...59).contains(minutes)
      else { throw bad }
      offset = (hours * 3600 + minutes * 60) * (rest[sign] == "-" ? -1 : 1)
      rest = rest[..<sign]
    }
    let halves = rest.split(omittingEmptySubsequences: false) { $0 == "T" || $0 == " " }
    guard halves.count <= 2 else { throw bad }
    let day = halves[0].split(separator: "-").map { Int($0) }
    guard day.count == 3, let year = day[0], let month = day[1], let dayOfMonth = day[2] else { throw bad }
    var hour = 0, minute = 0, second = 0
    if halves.count == 2 {
      let time = halves[1].split(separator: ":").map { Int($0) }
      guard time.count == 2 || time.count == 3, let h = time[0], let m = time[1] else { throw bad }
      hour = h
      minute = m
      if time.count == 3 {
        guard let s = time[2] else { throw bad }
        second = s
      }
    }
    guard (1...12).contains(month), (1...31).contains(dayOfMonth), (0...23).contains(hour), (0...59).contains(minute),
      (0...60).contains(second)
    else { throw bad }
    // The virtual wall clock counts nanoseconds since 1970 in 64 bits.
    guard years.contains(year) else {
      throw ScenarioError(.dateOutOfRange(text, from: years.lowerBound, to: years.upperBound), column: column)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
    let components = DateComponents(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: second)
    guard let date = calendar.date(from: components), calendar.component(.day, from: date) == dayOfMonth else { throw bad }
    return Int64(date.timeIntervalSince1970) * 1_000_000_000
  }
}
