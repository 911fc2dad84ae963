import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A bare TCP client: it can go away mid-request, as a cancelled load does.
public final class RawClient {
  /// -1 once closed.
  private var descriptor: Int32

  public init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      _ = Glibc.close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  public func send(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
  }

  /// Closes the connection, once: a second close of the same number would
  /// close whatever took it meanwhile (a server's timer in a test running
  /// beside this one: SwiftNIO stops the process on that `EBADF`).
  public func close() {
    guard descriptor >= 0 else { return }
    _ = Glibc.close(descriptor)
    descriptor = -1
  }

  /// Reads until the server closes the connection (true) or `seconds` pass
  /// (false); what it sends meanwhile is returned through `received`.
  public func waitForClose(within seconds: Double, received: inout String) -> Bool {
    read(within: seconds, into: &received) { _ in false }
  }

  /// Reads until what came holds `wanted` or `seconds` pass; what came.
  public func read(until wanted: String, within seconds: Double) -> String {
    var received = ""
    _ = read(within: seconds, into: &received) { $0.contains(wanted) }
    return received
  }

  /// Reads into `received` until `enough` says so, the server closes the
  /// connection (true), or `seconds` pass.
  private func read(within seconds: Double, into received: inout String, until enough: (String) -> Bool)
    -> Bool
  {
    let end = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < end, !enough(received) {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 50) > 0 else { continue }
      let count = Glibc.read(descriptor, &buffer, buffer.count)
      if count <= 0 { return true }
      received += String(decoding: buffer[..<count], as: UTF8.self)
    }
    return false
  }

  public func waitForClose(within seconds: Double) -> Bool {
    var ignored = ""
    return waitForClose(within: seconds, received: &ignored)
  }
}
