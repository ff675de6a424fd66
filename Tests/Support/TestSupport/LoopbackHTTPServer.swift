import Foundation
import Synchronization

internal import Platform

/// A small HTTP/1.1 server on 127.0.0.1 for tests: one thread per connection, one request per
/// connection, and a log of what it saw, including clients that hung up before an answer.
///
/// ```swift
/// let server = try LoopbackHTTPServer { target in target.contains("q=slow") ? .hold : .respond(200, "{}") }
/// defer { server.stop() }
/// // ... request http://127.0.0.1:\(server.port)/...
/// #expect(await server.waitFor("dropped /search?q=slow"))
/// ```
public final class LoopbackHTTPServer: Sendable {
  /// How the server answers a request target (path and query).
  public enum Reply: Sendable {
    /// Answer with a status and a JSON body.
    case respond(Int, String)
    /// Never answer; log `dropped TARGET` when the client closes the connection.
    case hold
  }

  /// The port the server listens on.
  public let port: Int
  private let listener: Int32
  private let entries = Mutex<[String]>([])
  private let handler: @Sendable (String) -> Reply

  /// Starts listening on an ephemeral port of 127.0.0.1.
  public init(handler: @escaping @Sendable (String) -> Reply) throws {
    self.handler = handler
    let socket = Platform.streamSocket()
    guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && listen(socket, 16) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else {
      close(socket)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    listener = socket
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// Stops accepting connections.
  /// A GitHub-shaped search server: one repository named `swift`, and 403 for `q=limited`.
  public static func searchServer() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { target in
      target.hasSuffix("q=limited")
        ? .respond(403, "{}")
        : .respond(200, #"{"items":[{"id":7,"name":"swift","html_url":"https://github.com/apple/swift","description":null,"stargazers_count":1}]}"#)
    }
  }

  public func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  /// What the server saw so far: `request TARGET`, `answered TARGET STATUS`, `dropped TARGET`.
  public var log: [String] { entries.withLock { $0 } }

  /// Waits (up to `limit` of wall time) until the log holds `entry`.
  public func waitFor(_ entry: String, limit: Duration = .seconds(10)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
      if log.contains(entry) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return log.contains(entry)
  }

  private func record(_ entry: String) { entries.withLock { $0.append(entry) } }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var request = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.containsHeaderEnd {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { return }
      request.append(contentsOf: buffer[0..<count])
    }
    let firstLine = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
    let parts = firstLine.split(separator: " ")
    let target = parts.count > 1 ? String(parts[1]) : "/"
    record("request \(target)")
    switch handler(target) {
    case .respond(let status, let body):
      let bytes = Array(body.utf8)
      let head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
      let response = Array(head.utf8) + bytes
      var offset = 0
      while offset < response.count {
        let written = response[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Platform.noSignal) }
        guard written > 0 else { return }
        offset += written
      }
      record("answered \(target) \(status)")
    case .hold:
      // Nothing more is expected from the client: recv returns 0 (or fails) once it hangs up.
      while recv(connection, &buffer, buffer.count, 0) > 0 {}
      record("dropped \(target)")
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 304: return "Not Modified"
    case 403: return "Forbidden"
    case 422: return "Unprocessable Entity"
    case 503: return "Service Unavailable"
    default: return "Status"
    }
  }
}

extension [UInt8] {
  fileprivate var containsHeaderEnd: Bool {
    guard count >= 4 else { return false }
    for index in 0...(count - 4) where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
      return true
    }
    return false
  }
}
