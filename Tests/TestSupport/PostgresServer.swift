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
  private let pid: pid_t
  private let isRunning = LockedBox(true)

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
    let data = folder + "/data"
    let initdb = try Subprocess.run(
      prefix + ["\(bin)/initdb", "-D", data, "-U", "emoji", "--auth=trust", "-E", "UTF8", "--no-sync"])
    guard initdb.status == 0 else {
      throw Failure(description: "initdb failed (\(initdb.status)): \(initdb.output)")
    }
    port = try Self.freePort()
    pid = try Subprocess.start(
      prefix + [
        "\(bin)/postgres", "-D", data, "-p", String(port), "-k", folder, "-c", "listen_addresses=127.0.0.1",
        "-c", "fsync=off", "-c", "max_connections=200",
      ], output: folder + "/server.log")
    // Up once createdb can reach it.
    var created = Subprocess.Result(status: -1, output: "", bytes: [])
    for _ in 0..<100 {
      created = try Subprocess.run([
        "\(bin)/createdb", "-h", "127.0.0.1", "-p", String(port), "-U", "emoji", "ratings",
      ])
      if created.status == 0 { break }
      usleep(100_000)
    }
    guard created.status == 0 else {
      stop()
      throw Failure(description: "the server did not start: \(created.output)")
    }
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
