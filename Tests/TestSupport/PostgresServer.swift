import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A PostgreSQL server of a test's own, from Debian's `postgresql`
/// package: a cluster made by `initdb` in a temporary folder, listening
/// on a free loopback port, with a database `ratings` its user `emoji` may
/// use without a password; stopped (and its folder removed) when the
/// instance goes. As root, the server runs as the `postgres` user, as
/// PostgreSQL will not run as root.
public final class PostgresServer: Sendable {
  public let port: Int
  /// `postgres://emoji@127.0.0.1:PORT/ratings`.
  public var url: String { "postgres://emoji@127.0.0.1:\(port)/ratings" }
  private let folder: String
  private let bin: String
  /// What runs a program as the server's user (empty unless root).
  private let prefix: [String]
  private let pid = LockedBox<pid_t>(0)
  private let isRunning = LockedBox(false)

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Where Debian's package puts the server's programs (the newest
  /// version, if several).
  static func programs() throws -> String {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    guard let newest = versions.compactMap(Int.init).max() else {
      throw Failure(description: "no PostgreSQL under \(root): install Debian's postgresql (make test does)")
    }
    return "\(root)/\(newest)/bin"
  }

  public init() throws {
    let bin = try Self.programs()
    self.bin = bin
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("emoji-rater-postgres-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let asPostgres = getuid() == 0
    // As root: the folder is the postgres user's, and so is every program.
    var prefix: [String] = []
    if asPostgres, let user = getpwnam("postgres") {
      chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
      prefix = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"]
    }
    self.prefix = prefix
    let data = folder + "/data"
    let initdb = try Subprocess.run(
      prefix + ["\(bin)/initdb", "-D", data, "-U", "emoji", "--auth=trust", "-E", "UTF8", "--no-sync"])
    guard initdb.status == 0 else {
      throw Failure(description: "initdb failed (\(initdb.status)): \(initdb.output)")
    }
    port = try Self.freePort()
    try start()
    let created = try Subprocess.run([
      "\(bin)/createdb", "-h", "127.0.0.1", "-p", String(port), "-U", "emoji", "ratings",
    ])
    guard created.status == 0 else {
      stop()
      throw Failure(description: "createdb ratings: \(created.output)")
    }
  }

  private var data: String { folder + "/data" }

  /// Starts the server on its folder and port, and waits until it answers.
  private func start() throws {
    pid.set(
      try Subprocess.start(
        prefix + [
          "\(bin)/postgres", "-D", data, "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1",
          "-c", "fsync=off", "-c", "max_connections=200",
        ], output: folder + "/server.log"))
    isRunning.set(true)
    var ready = Subprocess.Result(status: -1, output: "", bytes: [])
    for _ in 0..<100 {
      ready = try Subprocess.run([
        "\(bin)/pg_isready", "-h", "127.0.0.1", "-p", String(port), "-U", "emoji", "-d", "postgres",
      ])
      if ready.status == 0 { return }
      usleep(100_000)
    }
    stop()
    throw Failure(description: "the server did not start: \(ready.output)")
  }

  /// The number a query on the `ratings` database answers (through psql).
  public func count(_ sql: String) throws -> Int {
    let result = try Subprocess.run([
      "\(bin)/psql", "-h", "127.0.0.1", "-p", String(port), "-U", "emoji", "-d", "ratings", "-tAc", sql,
    ])
    guard result.status == 0, let number = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw Failure(description: "psql \(sql): \(result.output)") }
    return number
  }

  /// Stops the server and starts it again on the same data and port
  /// after `downtime`, as an administrator's restart does: its clients'
  /// connections break.
  public func restart(after downtime: Duration = .zero) async throws {
    stop()
    try await Task.sleep(for: downtime)
    try start()
  }

  /// A new, empty database on it, for one test: its URL.
  public func makeDatabase() throws -> String {
    let name = "t\(UUID().uuidString.prefix(8).lowercased())"
    let created = try Subprocess.run([
      "\(bin)/createdb", "-h", "127.0.0.1", "-p", String(port), "-U", "emoji", name,
    ])
    guard created.status == 0 else { throw Failure(description: "createdb \(name): \(created.output)") }
    return "postgres://emoji@127.0.0.1:\(port)/\(name)"
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Stops it (a fast shutdown: SIGINT), waiting for it to go.
  public func stop() {
    let wasRunning = isRunning.get()
    isRunning.set(false)
    guard wasRunning else { return }
    let pid = pid.get()
    kill(pid, SIGINT)
    var status: Int32 = 0
    for _ in 0..<500 where waitpid(pid, &status, WNOHANG) != pid { usleep(10_000) }
  }

  /// A port nothing listens on now, from the kernel (for a server to
  /// start on, or a test of a server not there).
  public static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
