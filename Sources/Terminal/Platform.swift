import CNcurses
import Support

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// All libc and terminal ioctl code in one place.
public enum Platform {
  /// Whether `fd` is a terminal (a person is there to see the screen).
  public static func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
  }

  /// Adopts the user's locale (it must happen before ncurses starts, or wide
  /// characters draw as blanks) and tells whether it is UTF-8.
  ///
  /// A UTF-8 locale that is named but not installed (`LANG=de_DE.UTF-8` in
  /// a container without generated locales) still gets UTF-8, from C.UTF-8:
  /// the character set is what the grid needs, and it is what was asked for.
  @discardableResult
  public static func adoptLocale() -> Bool {
    if setlocale(LC_ALL, "") == nil {
      let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap(environment).first { !$0.isEmpty } ?? ""
      let upper = named.uppercased()
      if upper.hasSuffix(".UTF-8") || upper.hasSuffix(".UTF8") || upper.contains(".UTF-8@") {
        setlocale(LC_CTYPE, "C.UTF-8")
      }
    }
    guard let codeset = er_codeset() else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }

  /// Adopts the user's locale, or C.UTF-8 if theirs is not UTF-8: for a
  /// screen of our own (the benchmark's), which draws wide characters
  /// whatever the user's locale.
  public static func adoptUTF8Locale() {
    if !adoptLocale() { setlocale(LC_ALL, "C.UTF-8") }
  }

  /// The size of the terminal on `fd`, straight from the kernel.
  public static func windowSize(of fd: Int32 = STDOUT_FILENO) -> Size? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard er_window_size(fd, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
    return Size(rows: Int(rows), columns: Int(columns))
  }

  public static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// Writes raw bytes to a file descriptor whole (`FileDescriptor.write`).
  @discardableResult
  public static func write(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    FileDescriptor.write(bytes, to: fd)
  }

  @discardableResult
  public static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
    FileDescriptor.write(buffer, to: fd)
  }

  /// Opens a pseudo-terminal pair: (the controlling side, the terminal side),
  /// neither inherited by a program this process starts.
  public static func openPseudoTerminal() -> (master: Int32, slave: Int32)? {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard er_openpty(&master, &slave) == 0 else { return nil }
    for fd in [master, slave] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (master, slave)
  }

  /// The colours terminfo gives `TERM` (for the terminal on `fd`), nil
  /// when the terminal type is unknown.
  public static func terminalColors(for fd: Int32) -> Int? {
    var status: Int32 = 0
    guard setupterm(nil, fd, &status) == OK, status == 1 else { return nil }
    let colors = Int(tigetnum("colors"))
    return colors >= 0 ? colors : 0
  }

  /// The locale's character set, after `adoptLocale`.
  public static var codeset: String {
    er_codeset().map { String(cString: $0) } ?? "unknown"
  }

  /// The monotonic clock, in nanoseconds.
  public static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  /// Stops this process the way Ctrl-Z would have without our handler, and
  /// returns once the shell continues it (`fg`).
  public static func stopSelf() {
    signal(SIGTSTP, SIG_DFL)
    kill(getpid(), SIGTSTP)
  }
}
