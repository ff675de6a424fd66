import ScenarioLanguage
import Foundation
import Simulation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The `URLProtocol` that takes every request of the process (URLSession's shared and every
/// session made from a configuration consult registered protocols first) and hands it to the
/// session's `http` dependency, unless the session lets requests through (`use MODEL http=live`)
/// or the request is one `http` itself forwards (recording a cassette).
final class ScriptedURLProtocol: URLProtocol {
  /// The header that marks a request `http` itself sends to the network (recording a
  /// cassette): URLSession keeps headers on the request it hands a protocol, where it drops
  /// `URLProtocol.setProperty`'s marks.
  static let forwardedHeader = "X-VMRepl-Forwarded"

  static func isForwarded(_ request: URLRequest) -> Bool {
    request.value(forHTTPHeaderField: forwardedHeader) != nil
  }

  override class func canInit(with request: URLRequest) -> Bool {
    guard !isForwarded(request), let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return false
    }
    return HTTPRouter.shared.intercepts
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() { HTTPRouter.shared.start(self) }

  override func stopLoading() { HTTPRouter.shared.stop(self) }
}

/// A protocol instance carried between URLSession's threads and the driving thread.
struct ProtocolHandle: @unchecked Sendable {
  // Unchecked: Foundation calls a protocol's methods on its own queues, and a protocol's client
  // may be called from any thread (it hops to its task's queues itself); vmrepl only keeps the
  // reference, compares it, and calls `client` from the driving thread.
  let request: ScriptedURLProtocol
}

/// Routes the process's requests to the `http` dependency of the session in use.
package final class HTTPRouter: Sendable {
  package static let shared = HTTPRouter()

  private let current = Mutex<HTTPDependency?>(nil)

  private init() {
    URLProtocol.registerClass(ScriptedURLProtocol.self)
  }

  /// Makes `dependency` the one that answers (nil: none does, and requests fail as offline).
  package func install(_ dependency: HTTPDependency?) {
    current.guarded { $0 = dependency }
    // Sessions made from a configuration ask only its protocols: put this one first there too.
    let scripted = dependency.map { $0.mode != .live } ?? false
    Simulation.shared.setFirstURLProtocol(scripted ? ScriptedURLProtocol.self : nil)
  }

  /// Whether requests are answered here rather than sent out: while a session is in use, unless
  /// it said `http=live`. (Outside a session no view-model code runs; a program that uses
  /// URLSession for itself, such as a test, is left alone.)
  var intercepts: Bool {
    current.guarded { dependency in
      guard let dependency else { return false }
      return dependency.mode != .live
    }
  }

  func start(_ request: ScriptedURLProtocol) {
    guard let dependency = current.guarded({ $0 }) else {
      // The session ended between `canInit` and here: nobody can answer.
      request.client?.urlProtocol(request, didFailWithError: URLError(.notConnectedToInternet))
      return
    }
    dependency.arrive(ProtocolHandle(request: request))
  }

  func stop(_ request: ScriptedURLProtocol) {
    current.guarded { $0 }?.stop(ProtocolHandle(request: request))
  }
}
