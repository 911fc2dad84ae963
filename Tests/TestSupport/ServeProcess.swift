import Foundation

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `emoji-rater serve` running in the background for a test: started on a
/// free loopback port (or the one given), which it says on its first line;
/// stopped with SIGTERM as a person's Ctrl-C would, within bounded time.
/// Its ratings database is in a folder of its own, unless the arguments
/// name one.
public final class ServeProcess {
  public let port: Int
  /// The folder of its database (unless the arguments name one), removed with it.
  private let home: DataHome
  private let pid: pid_t
  private let outputPath: String
  private var isRunning = true

  public init(_ arguments: [String] = [], port: Int = 0) throws {
    outputPath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("serve-\(UUID().uuidString.prefix(8)).out").path
    home = try DataHome()
    let database = arguments.contains("--database") ? [] : ["--database", home.path + "/server.sqlite"]
    let command = [AppBinary.path, "serve", "--port", String(port)] + database + arguments
    let pid = try Subprocess.start(command, output: outputPath)
    self.pid = pid
    // The first line says where it listens: "… listening on http://127.0.0.1:PORT".
    var found: Int?
    for _ in 0..<500 where found == nil {
      found = Self.port(in: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
      if found == nil { usleep(10_000) }
    }
    guard let found else {
      Glibc.kill(pid, SIGKILL)
      _ = Self.reap(pid, within: 5)
      throw SubprocessError(
        arguments: command,
        reason:
          "it said no port within 5 s: \((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")")
    }
    self.port = found
  }

  deinit {
    _ = stop()
    unlink(outputPath)
  }

  /// What it printed so far, standard error included.
  public var output: String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  public var address: String { "http://127.0.0.1:\(port)" }

  /// Stops it with SIGTERM (SIGKILL after 5 s); returns its exit status.
  @discardableResult
  public func stop() -> Int32? {
    guard isRunning else { return nil }
    isRunning = false
    Glibc.kill(pid, SIGTERM)
    if let status = Self.reap(pid, within: 5) { return status }
    Glibc.kill(pid, SIGKILL)
    return Self.reap(pid, within: 5)
  }

  /// Kills it at once (SIGKILL), as a crash or a power cut would: no
  /// chance to finish a write or close a file.
  public func kill() {
    guard isRunning else { return }
    isRunning = false
    Glibc.kill(pid, SIGKILL)
    _ = Self.reap(pid, within: 5)
  }

  /// Its `GET /stats`, as the numbers it holds; nil if it did not answer.
  public func stats() -> [String: Int]? {
    let answer = LockedBox<Data?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: URL(string: "\(address)/stats")!) { data, _, _ in
      answer.set(data)
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 5) == .success, let data = answer.get(),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object.compactMapValues { $0 as? Int }
  }

  /// An answer: its status and its JSON object.
  public struct Answer {
    public var status: Int
    public var json: [String: Any]
  }

  /// Sends a request (with a voter's token and a body, if given) and
  /// waits up to 5 s for the answer; nil without one.
  public func request(_ method: String, _ path: String, token: String? = nil, body: String? = nil) -> Answer?
  {
    var request = URLRequest(url: URL(string: "\(address)\(path)")!)
    request.httpMethod = method
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.httpBody = body.map { Data($0.utf8) }
    let answer = LockedBox<Answer?>(nil)
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, _ in
      if let status = (response as? HTTPURLResponse)?.statusCode {
        let object = data.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        answer.set(Answer(status: status, json: object ?? [:]))
      }
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 5) == .success else { return nil }
    return answer.get()
  }

  /// Registers a new voter and sends its vote (`up`, `down` or `none`) on
  /// `emoji`, cast at a fixed time, with key `id`: the answer's status, or
  /// nil without one.
  public func voteAsNewVoter(_ vote: String, on emoji: String, id: String) -> Int? {
    guard let token = request("POST", "/voters")?.json["token"] as? String else { return nil }
    return request(
      "PUT", "/votes/\(emoji)", token: token,
      body: #"{"vote": "\#(vote)", "time": "2026-11-26T07:00:00Z", "id": "\#(id)"}"#)?.status
  }

  private static func port(in output: String) -> Int? {
    guard let range = output.range(of: "listening on http://127.0.0.1:") else { return nil }
    let digits = output[range.upperBound...].prefix { $0.isNumber }
    return output[range.upperBound...].dropFirst(digits.count).first == "\n" ? Int(digits) : nil
  }

  /// Waits up to `seconds` for `pid` to end; its exit status, or nil.
  private static func reap(_ pid: pid_t, within seconds: Double) -> Int32? {
    var status: Int32 = 0
    for _ in 0..<Int(seconds * 100) {
      if waitpid(pid, &status, WNOHANG) == pid {
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      }
      usleep(10_000)
    }
    return nil
  }
}

/// A value handed from a callback's thread to the waiting one, or shared
/// by a test's tasks.
public final class LockedBox<Value>: @unchecked Sendable {
  // @unchecked: every access goes through `lock`.
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func set(_ newValue: Value) {
    update { $0 = newValue }
  }

  public func update(_ change: (inout Value) -> Void) {
    lock.lock()
    change(&value)
    lock.unlock()
  }

  public func get() -> Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
