import Foundation
import Synchronization

/// What `adopt`'s generated stand-ins call: each call is reported to the session and answered
/// from the scenario (`respond`, `stub`), never by invented logic.
///
/// ```swift
/// // In place of a file that imports Security:
/// final class KeychainHelper {
///   func token(for user: String) -> String? {
///     StandIn.call("KeychainHelper.token", "token(for: \(StandIn.text(user)))")
///   }
/// }
/// ```
public enum StandIn {
  /// A synchronous call: the answer given, the type's default (`()`, `nil`, empty), or, when
  /// there is neither, a trap whose message names the command to add.
  public static func call<T>(_ member: String, _ text: String) -> T {
    let answer = reply(member, text, T.self)
    switch value(answer, as: T.self, member: member) {
    case .success(let value): return value
    case .failure(let error):
      // Unanswered, the step fails (the session says so), and the program goes on with the
      // type's zero value where it has one: the REPL keeps its session.
      if case .unanswered = answer, let zero = placeholder(T.self) { return zero }
      fatalError(error.message)
    }
  }

  /// A synchronous call whose return type is one of the app's own that adopt can make of
  /// empty parts (`PlusPricingInfo(products: StandIn.empty())`): unanswered, it returns that
  /// value, and the transcript says the default answered; answered, the answer as `call`'s.
  public static func call<T>(_ member: String, _ text: String, empty: @autoclosure () -> T) -> T {
    let answer = reply(member, text, T.self, hasDefault: true)
    if answer == .none { return empty() }
    switch value(answer, as: T.self, member: member) {
    case .success(let value): return value
    case .failure(let error): fatalError(error.message)
    }
  }

  /// `callThrowing` for a return type adopt can make of empty parts.
  public static func callThrowing<T>(_ member: String, _ text: String, empty: @autoclosure () -> T) throws -> T {
    let answer = reply(member, text, T.self, hasDefault: true)
    if answer == .none { return empty() }
    return try value(answer, as: T.self, member: member).get()
  }

  /// `callAsync` for a return type adopt can make of empty parts.
  public static func callAsync<T>(_ member: String, _ text: String, empty: @autoclosure () -> T) async -> T {
    do {
      let answer = try await waitForReply(member, text, T.self, hasDefault: true)
      if answer == .none { return empty() }
      switch value(answer, as: T.self, member: member) {
      case .success(let value): return value
      case .failure(let error): fatalError(error.message)
      }
    } catch {
      return empty()
    }
  }

  /// `callAsyncThrowing` for a return type adopt can make of empty parts.
  public static func callAsyncThrowing<T>(_ member: String, _ text: String, empty: @autoclosure () -> T) async throws -> T {
    let answer = try await waitForReply(member, text, T.self, hasDefault: true)
    if answer == .none { return empty() }
    return try value(answer, as: T.self, member: member).get()
  }

  /// One object of class `T` for every seam that returns one unanswered, made by `make` at the
  /// first (mastodon's `AppContext.emojiService`, an `EmojiService(apiService:
  /// authenticationService:)` over stood-in services): the app holds one such service, and a
  /// model that subscribes to it and then reads it again sees the same one.
  ///
  /// ```swift
  /// StandIn.call("AppContext.emojiService", "emojiService", empty: StandIn.once(EmojiService(apiService: StandIn.empty(), authenticationService: StandIn.empty())))
  /// ```
  public static func once<T: AnyObject>(_ make: @autoclosure () -> T) -> T {
    let key = ObjectIdentifier(T.self)
    if let kept = onceMade.withLock({ $0[key] }) { return object(kept) }
    // Made outside the lock: its init may call seams that make another.
    let made = make()
    // Retained for the process's life, as a stand-in's one instance is, and kept as its address:
    // the object is the app's, shared as the app's own code shares it, so the lock guards only
    // which one is kept.
    let address = UInt(bitPattern: Unmanaged<AnyObject>.passRetained(made).toOpaque())
    let first = onceMade.withLock { objects -> UInt? in
      if let first = objects[key] { return first }
      objects[key] = address
      return nil
    }
    guard let first else { return made }
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
    return object(first)
  }

  /// The object `once` kept at `address`.
  private static func object<T: AnyObject>(_ address: UInt) -> T {
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue() as! T
  }

  /// The objects `once` made, by class, as their addresses (each retained once).
  private static let onceMade = Mutex<[ObjectIdentifier: UInt]>([:])

  /// The empty value of `T` that adopt's empty app values are made of: `nil`, empty, `""`,
  /// `false`, zero, an enum's first case.
  ///
  /// ```swift
  /// StandIn.call("PlusPricingInfoModel.getPricingInfo", "getPricingInfo()", empty: PlusPricingInfo(products: StandIn.empty()))
  /// ```
  public static func empty<T>() -> T {
    if let value = defaultValue(T.self) ?? placeholder(T.self) { return value }
    fatalError("vmrepl: `\(T.self)` has no empty value, yet adopt wrote `StandIn.empty()` for one: run `vmrepl adopt` again")
  }

  /// A model value adopt could not construct (`init(authentication: MastodonAuthentication)`):
  /// what the scenario answered (`stub MEMBER json=...` before `use`), else a sample of the
  /// type's own shape (`StandInSample`), the transcript showing the call either way.
  ///
  /// ```swift
  /// AuthContext(authentication: StandIn.sample("AuthContext.authentication", "authentication: MastodonAuthentication"))
  /// ```
  public static func sample<T: Decodable>(_ member: String, _ text: String) -> T {
    let answer = answering(member, text) ?? .none
    if case .json = answer {
      switch value(answer, as: T.self, member: member) {
      case .success(let value): return value
      case .failure(let error): fatalError(error.message)
      }
    }
    if case .error(let message) = answer {
      fatalError("vmrepl: `\(member)` is a value adopt made a sample of, which cannot throw; it was answered error=\"\(message)\"")
    }
    do {
      return try StandInSample.make(T.self)
    } catch {
      fatalError(
        "vmrepl: `\(member)` is a `\(T.self)` adopt could not construct, and no sample of its shape decodes (\(error)): "
          + "answer it with `stub \(member) json=...` before `use`, or register the model in Overrides.swift")
    }
  }

  /// The session's answer to a sample's call (it has one: the sample), or nil outside a session.
  private static func answering(_ member: String, _ text: String) -> StandInReply? {
    StandIns.answering?.answerNow(StandInCall(member: member, text: text, hasDefault: true))
  }

  /// `false`, `0`, `""` or an enum's first case: what an unanswered synchronous call returns so
  /// that the step can end (it fails; the session goes on). Without one, the program traps:
  /// pocket-casts' `Settings.homeFolderSortOrder()`, a `LibrarySort`, ended the REPL.
  static func placeholder<T>(_ type: T.Type) -> T? {
    switch T.self {
    case is Bool.Type: return false as? T
    case is Int.Type: return 0 as? T
    case is Double.Type: return 0.0 as? T
    case is Float.Type: return Float(0) as? T
    case is Int64.Type: return Int64(0) as? T
    case is Int32.Type: return Int32(0) as? T
    case is UInt.Type: return UInt(0) as? T
    case is UInt64.Type: return UInt64(0) as? T
    case is UInt32.Type: return UInt32(0) as? T
    case is CGFloat.Type: return CGFloat(0) as? T
    case is String.Type: return "" as? T
    default: return EnumCases.make(T.self, index: 0)
    }
  }

  /// A synchronous throwing call: an `error=` answer is thrown.
  public static func callThrowing<T>(_ member: String, _ text: String) throws -> T {
    try value(reply(member, text, T.self), as: T.self, member: member).get()
  }

  /// An asynchronous call: it waits, like a request, until the scenario answers it, unless a stub
  /// or the type's default answers at once.
  public static func callAsync<T>(_ member: String, _ text: String) async -> T {
    do {
      switch value(try await waitForReply(member, text, T.self), as: T.self, member: member) {
      case .success(let value): return value
      case .failure(let error): fatalError(error.message)
      }
    } catch {
      // Cancelled while it waited, in a function that cannot throw.
      if let fallback = defaultValue(T.self) { return fallback }
      // A `Result` says so as its failure where one can be made, else succeeds emptily: the
      // app's code checks `Task.isCancelled` after it (element-x's searches).
      if let result = T.self as? any StandInResult.Type, let value = result.standInFailure("cancelled") ?? result.standInDefaultSuccess {
        return value as! T
      }
      fatalError("vmrepl: the stand-in `\(member)` was cancelled while it waited for its answer, and `\(T.self)` has no default to return")
    }
  }

  /// An asynchronous throwing call: cancellation and `error=` answers are thrown.
  public static func callAsyncThrowing<T>(_ member: String, _ text: String) async throws -> T {
    try value(try await waitForReply(member, text, T.self), as: T.self, member: member).get()
  }

  private static func reply<T>(_ member: String, _ text: String, _ type: T.Type, hasDefault: Bool? = nil) -> StandInReply {
    let call = StandInCall(member: member, text: text, hasDefault: hasDefault ?? (defaultValue(T.self) != nil))
    guard let answering = StandIns.answering else {
      return call.hasDefault ? .none : .unanswered(command: "run it in a vmrepl session")
    }
    let answer = answering.answerNow(call)
    if answer == .none { StandIns.answeredByDefault(call) }
    return answer
  }

  private static func waitForReply<T>(_ member: String, _ text: String, _ type: T.Type, hasDefault: Bool? = nil) async throws -> StandInReply {
    let call = StandInCall(member: member, text: text, hasDefault: hasDefault ?? (defaultValue(T.self) != nil))
    guard let answering = StandIns.answering else {
      return call.hasDefault ? .none : .unanswered(command: "run it in a vmrepl session")
    }
    let answer = try await answering.answer(call)
    if answer == .none { StandIns.answeredByDefault(call) }
    return answer
  }

  /// `()`, `nil` or an empty collection, where `T` has one.
  static func defaultValue<T>(_ type: T.Type) -> T? {
    if T.self == Void.self { return (() as! T) }
    if let defaulted = T.self as? any StandInDefault.Type { return defaulted.standInDefault as? T }
    if let object = T.self as? any StandInObject.Type { return object.standInObject as? T }
    return nil
  }

  /// `reply` as a `T`, or the error a throwing call throws.
  static func value<T>(_ reply: StandInReply, as type: T.Type, member: String) -> Result<T, StandInError> {
    switch reply {
    case .none:
      if let fallback = defaultValue(T.self) { return .success(fallback) }
      if let result = T.self as? any StandInResult.Type, let success = result.standInDefaultSuccess { return .success(success as! T) }
      return .failure(StandInError("vmrepl: the stand-in `\(member)` returns `\(T.self)`, which has no default: answer it with `value=` or `json=`"))
    case .error(let message):
      // A publisher fails as a request's does; anything else throws (or traps, unthrown).
      if let failable = T.self as? any StandInFailable.Type { return .success(failable.standInFailing(with: StandInError(message)) as! T) }
      if let result = T.self as? any StandInResult.Type {
        guard let failure = result.standInFailure(message) else {
          return .failure(StandInError(
            "vmrepl: the stand-in `\(member)` returns `\(T.self)`, whose failure `error=` cannot make (its first case carries a value): answer it with `value=` or `json=`"))
        }
        return .success(failure as! T)
      }
      return .failure(StandInError(message))
    case .unanswered(let command):
      // `stub ... value=` makes a value by decoding it: for a type that cannot be decoded that
      // advice would fail in turn.
      guard T.self is any Decodable.Type || T.self is any StandInDecodable.Type || T.self is any StandInResult.Type else {
        return .failure(StandInError(
          "vmrepl: the stand-in `\(member)` returns `\(T.self)` and nobody answered it; `\(T.self)` is not Decodable, so no answer can make one: write the stand-in by hand in Overrides.swift"))
      }
      return .failure(StandInError("vmrepl: the stand-in `\(member)` returns `\(T.self)` and nobody answered it: \(command)"))
    case .json(let text):
      if T.self == Void.self { return .success(() as! T) }
      if let result = T.self as? any StandInResult.Type {
        do throws(StandInError) { return .success(try result.standInSuccess(json: text, member: member) as! T) } catch { return .failure(error) }
      }
      // A case named (`value=dateAddedNewestToOldest`) of an enum whose cases carry nothing,
      // whether or not it decodes from its raw values.
      if let named = EnumCases.named(T.self, json: text) { return .success(named) }
      if let made = T.self as? any StandInDecodable.Type {
        do {
          return .success(try made.standInDecoded(from: Data(text.utf8)) as! T)
        } catch {
          return .failure(StandInError("vmrepl: the stand-in `\(member)` was answered \(text), which is not a `\(T.self)`'s value: \(error)"))
        }
      }
      guard let decodable = T.self as? any Decodable.Type else {
        return .failure(StandInError(
          "vmrepl: the stand-in `\(member)` returns `\(T.self)`, which is not Decodable, so no answer can make one: write the stand-in by hand in Overrides.swift"))
      }
      do {
        let decoded = try JSONDecoder().decode(decodable, from: Data(text.utf8))
        return .success(decoded as! T)
      } catch {
        return .failure(StandInError("vmrepl: the stand-in `\(member)` was answered \(text), which is not a `\(T.self)`: \(error)"))
      }
    }
  }
}

/// The error a stand-in throws: an `error="..."` answer, or a value that did not fit.
public struct StandInError: Error, LocalizedError, CustomStringConvertible, Equatable {
  /// What the scenario said, or why the answer did not fit.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
  public var errorDescription: String? { message }
}
