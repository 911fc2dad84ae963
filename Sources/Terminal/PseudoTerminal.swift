import CNcurses
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal the process opens and reads itself, so that real
/// ncurses output can be produced — and its bytes counted — without a person's
/// terminal (the benchmark runs in CI this way). Keys can be typed into it,
/// as a person would at a real one.
///
/// A thread drains the master side all the time: a pty holds only some 17 KB,
/// less than one full repaint of a large screen, and ncurses would block.
/// It notes when each piece of output arrived (`outputTimes`): what an
/// observer outside the app sees of its frames.
public final class PseudoTerminal: @unchecked Sendable {
  // @unchecked: the descriptors are set once; the byte count is atomic.
  public let size: Size
  /// The terminal side, handed to ncurses.
  public let slave: Int32
  private let master: Int32
  private let drained = ByteCounter()
  private let arrivals = TimeLog()
  private let typing = TimeLog()
  private let drainer: Thread

  public init(size: Size) throws(TerminalError) {
    self.size = size
    guard let (master, slave) = Platform.openPseudoTerminal() else {
      throw .cannotStart("no pseudo-terminal (\(String(cString: strerror(errno))))")
    }
    _ = er_set_window_size(slave, Int32(size.rows), Int32(size.columns))
    self.master = master
    self.slave = slave
    let counter = drained
    let log = arrivals
    let source = master
    drainer = Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(source, &buffer, buffer.count)
        if count > 0 {
          log.append(Platform.monotonicNanoseconds())
          counter.add(count)
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          // EIO: the terminal side is closed. This thread alone closes its
          // side, so a pty opened later cannot reuse the number under a read.
          Glibc.close(source)
          return
        }
      }
    }
    drainer.name = "pty drain"
    drainer.start()
  }

  /// Bytes the terminal has received so far. Call `settle()` first for an
  /// exact figure.
  public var bytesReceived: UInt64 { drained.total }

  /// When each read of the app's output returned (`Platform.monotonicNanoseconds`),
  /// in order. A read may hold several frames, if they came out faster than
  /// the drain thread woke.
  public var outputTimes: [UInt64] { arrivals.times }

  /// Types `bytes` into the terminal, as a keyboard would, and notes when
  /// (`typedTimes`). Returns when they are in the terminal's input queue
  /// (at once, unless the app has stopped reading and the queue is full).
  /// Any thread may type.
  public func type(_ bytes: [UInt8]) {
    typing.append(Platform.monotonicNanoseconds())
    Platform.write(bytes, to: master)
  }

  /// When each `type` began, in order.
  public var typedTimes: [UInt64] { typing.times }

  /// Waits (briefly) until everything written so far has been read.
  public func settle() {
    for _ in 0..<1_000 where er_bytes_readable(master) > 0 { usleep(100) }
    usleep(1_000)
  }

  /// Closes the terminal side; the drain thread sees the hang-up, closes
  /// the other side and ends.
  public func close() {
    Glibc.close(slave)
  }
}

/// Times noted by one thread and read by another.
private final class TimeLog: @unchecked Sendable {
  // @unchecked: `list` is only touched under `lock` (a pthread mutex, which
  // Thread Sanitizer understands).
  private let lock = NSLock()
  private var list: [UInt64] = []

  func append(_ time: UInt64) {
    lock.lock()
    list.append(time)
    lock.unlock()
  }

  var times: [UInt64] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}

/// A count shared with the drain thread.
private final class ByteCounter: Sendable {
  private let count = Atomic<UInt64>(0)

  func add(_ bytes: Int) { count.add(UInt64(bytes), ordering: .relaxed) }

  var total: UInt64 { count.load(ordering: .relaxed) }
}
