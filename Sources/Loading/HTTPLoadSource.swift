import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads each item with an HTTP GET through one `URLSession`, whose pool
/// holds `connections` connections to the server. Cancelling a load
/// cancels its request, which closes its connection mid-answer: the
/// server sees the client go. What comes back is `decode`d; anything but
/// an HTTP 200 whose body decodes is a failure, told apart as the server's
/// (an error status, a body that is not the item or is too big) or the
/// connection's (refused, lost, or no whole answer within `timeout`).
public final class HTTPLoadSource<ID: LoadIdentifier, Value: Sendable>: LoadSource {
  public struct Configuration: Sendable {
    /// Connections to the server at most; 0 for no bound.
    public var connections = 6
    /// Seconds a request may take, answer and all, before it counts as a
    /// connection error: a server that trickles its answer byte by byte
    /// times out too.
    public var timeout: Double = 10
    /// The largest body accepted; a bigger one is cut off and fails.
    public var maximumBodyBytes = 1 << 20

    public init() {}
  }

  /// The session new requests go through: a pool of a new size is a new
  /// session (a session's connection limit is fixed), the old one finishing
  /// what it has under way.
  private let session: Locked<URLSession>
  private let settings: URLSessionConfiguration
  private let delegateQueue = OperationQueue()
  private let transfers: Transfers
  private let timeout: Double
  private let sessionTimeout: Double
  private let url: @Sendable (ID) -> URL
  private let decode: @Sendable (ID, Data) throws -> Value

  /// - Parameters:
  ///   - url: where the item is, e.g. `http://127.0.0.1:8080/emoji/1f600`.
  ///   - decode: the item from a 200 answer's body; throws if it is not the item.
  public init(
    configuration: Configuration, url: @escaping @Sendable (ID) -> URL,
    decode: @escaping @Sendable (ID, Data) throws -> Value
  ) {
    settings = URLSessionConfiguration.ephemeral
    settings.httpMaximumConnectionsPerHost = configuration.connections
    // Foundation on Linux takes whole seconds (0.5 would time out at once).
    sessionTimeout = max(1, configuration.timeout.rounded(.up))
    settings.timeoutIntervalForRequest = sessionTimeout
    settings.requestCachePolicy = .reloadIgnoringLocalCacheData
    settings.urlCache = nil
    transfers = Transfers(maximumBodyBytes: configuration.maximumBodyBytes)
    delegateQueue.name = "emoji-rater.http"
    delegateQueue.maxConcurrentOperationCount = 1
    session = Locked(URLSession(configuration: settings, delegate: transfers, delegateQueue: delegateQueue))
    timeout = configuration.timeout
    self.url = url
    self.decode = decode
  }

  deinit {
    // The session holds its delegate until it is told to let go.
    session.withLock { $0.invalidateAndCancel() }
  }

  /// Connections to the server at most, now.
  public var connections: Int {
    session.withLock { $0.configuration.httpMaximumConnectionsPerHost }
  }

  public func poolDidChange(to loads: Int) {
    session.withLock { session in
      guard session.configuration.httpMaximumConnectionsPerHost != loads else { return }
      let resized = settings.copy() as! URLSessionConfiguration
      resized.httpMaximumConnectionsPerHost = loads
      session.finishTasksAndInvalidate()
      session = URLSession(configuration: resized, delegate: transfers, delegateQueue: delegateQueue)
    }
  }

  public func start(_ id: ID, attempt: UInt64, done: @escaping @Sendable (Result<Value, LoadFailure>) -> Void)
    -> ScheduledWork
  {
    let request = URLRequest(url: url(id), timeoutInterval: sessionTimeout)
    let task = session.withLock { $0.dataTask(with: request) }
    let decode = decode
    let transfers = transfers
    transfers.begin(task) { answer in
      done(
        answer.flatMap { body in
          do { return .success(try decode(id, body)) } catch { return .failure(.server) }
        })
    }
    // The session's own timeout restarts with each byte that comes; this
    // one counts from the start.
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
      if transfers.end(task, with: .failure(.connection)) { task.cancel() }
    }
    task.resume()
    return ScheduledWork { task.cancel() }
  }

  public func loadBlocking(_ id: ID, attempt: UInt64) -> Result<Value, LoadFailure> {
    let answer = Locked<Result<Value, LoadFailure>>(.failure(.connection))
    let finished = DispatchSemaphore(value: 0)
    _ = start(id, attempt: attempt) { result in
      answer.withLock { $0 = result }
      finished.signal()
    }
    finished.wait()
    return answer.withLock { $0 }
  }

  /// Only the server knows how long it will take.
  public func firstLatency(of id: ID) -> Double? { nil }
}

/// The requests under way, by task, as the session's delegate: gathers
/// each answer's body and says once how the request ended.
private final class Transfers: NSObject, URLSessionDataDelegate, Sendable {
  private struct Transfer {
    var status = 0
    var body = Data()
    let done: @Sendable (Result<Data, LoadFailure>) -> Void
  }

  private let maximumBodyBytes: Int
  /// By task: a task's identifier is only its session's, and a resized
  /// pool has two sessions for a while.
  private let underWay = Locked([ObjectIdentifier: Transfer]())

  init(maximumBodyBytes: Int) {
    self.maximumBodyBytes = maximumBodyBytes
  }

  func begin(_ task: URLSessionTask, done: @escaping @Sendable (Result<Data, LoadFailure>) -> Void) {
    underWay.withLock { $0[ObjectIdentifier(task)] = Transfer(done: done) }
  }

  /// Ends `task`'s transfer with `result`, unless it has ended already;
  /// returns whether this was its end.
  @discardableResult
  func end(_ task: URLSessionTask, with result: Result<Data, LoadFailure>) -> Bool {
    guard let transfer = underWay.withLock({ $0.removeValue(forKey: ObjectIdentifier(task)) }) else {
      return false
    }
    transfer.done(result)
    return true
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    underWay.withLock { $0[ObjectIdentifier(dataTask)]?.status = status }
    if response.expectedContentLength > maximumBodyBytes {
      end(dataTask, with: .failure(.server))
      completionHandler(.cancel)
    } else {
      completionHandler(.allow)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooBig = underWay.withLock { transfers -> Bool in
      guard transfers[ObjectIdentifier(dataTask)] != nil else { return false }
      transfers[ObjectIdentifier(dataTask)]!.body.append(data)
      return transfers[ObjectIdentifier(dataTask)]!.body.count > maximumBodyBytes
    }
    if tooBig {
      end(dataTask, with: .failure(.server))
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let transfer = underWay.withLock({ $0[ObjectIdentifier(task)] }) else { return }
    if error != nil {
      end(task, with: .failure(.connection))
    } else if transfer.status == 200 {
      end(task, with: .success(transfer.body))
    } else {
      end(task, with: .failure(.server))
    }
  }
}
