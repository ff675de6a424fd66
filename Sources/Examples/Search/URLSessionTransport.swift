public import Foundation

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// Real HTTP through `URLSession`, for `use search base=http://HOST:PORT`.
///
/// URLSession calls back on its own threads. Nothing here knows about the simulation: vmrepl
/// counts each transfer in flight (and the callback on its way) as work outside the simulation,
/// so `await` waits for the network (up to its wall-clock limit) instead of reporting a
/// deadlock. Not deterministic: never used by golden files.
public struct URLSessionTransport: DataTransport {
  private let session: URLSession

  /// A transport over `session`.
  public init(session: URLSession = URLSession(configuration: .ephemeral)) {
    self.session = session
  }

  public func dataTask(
    with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> any DataTask {
    let task = session.dataTask(with: request) { data, response, error in
      completionHandler(data, response, error)
    }
    return URLSessionDataTaskHandle(task: task)
  }
}

/// `URLSessionDataTask` behind `DataTask`.
struct URLSessionDataTaskHandle: DataTask {
  let task: URLSessionDataTask

  func resume() { task.resume() }
  func cancel() { task.cancel() }
}
