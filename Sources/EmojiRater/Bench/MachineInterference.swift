import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the machine took from a run that the app did not ask for: CPU time
/// the hypervisor gave to other guests (Linux's "steal", machine-wide), and
/// how often the main thread was made to give up its core before it was
/// done (involuntary context switches). Steal in a run with a late frame
/// tick, or with every part of the frame slower at once, points at the
/// machine. Preemptions come by the hundred a second on two cores (the
/// loader's timers, the benchmark's reader), so it is their change from
/// one run to the next that tells.
struct MachineInterference: Equatable, Sendable {
  /// Milliseconds of CPU time stolen across all cores; nil where the
  /// kernel does not say (no `/proc/stat`).
  var stolenMilliseconds: Double?
  /// Times the calling (main) thread was preempted; nil where unknown.
  var mainThreadPreemptions: Int?

  /// The counters now, to subtract from a later reading. Call on the main
  /// thread: the preemptions are the calling thread's.
  static func reading() -> MachineInterference {
    let stolen = (try? String(contentsOfFile: "/proc/stat", encoding: .utf8)).flatMap(stealTicks(procStat:))
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    return MachineInterference(
      stolenMilliseconds: stolen.map { Double($0) / ticksPerSecond * 1000 },
      mainThreadPreemptions: threadPreemptions())
  }

  /// What happened between `earlier` and this reading.
  func since(_ earlier: MachineInterference) -> MachineInterference {
    MachineInterference(
      stolenMilliseconds: both(stolenMilliseconds, earlier.stolenMilliseconds).map { $0 - $1 },
      mainThreadPreemptions: both(mainThreadPreemptions, earlier.mainThreadPreemptions).map { $0 - $1 })
  }

  /// The steal column of `/proc/stat`'s first line ("cpu  user nice system
  /// idle iowait irq softirq steal …"), in clock ticks.
  static func stealTicks(procStat: String) -> UInt64? {
    guard let line = procStat.split(separator: "\n", maxSplits: 1).first else { return nil }
    let fields = line.split(separator: " ")
    guard fields.first == "cpu", fields.count > 8 else { return nil }
    return UInt64(fields[8])
  }

  private static func threadPreemptions() -> Int? {
    #if os(Linux)
      // RUSAGE_THREAD (1): Glibc hides it behind _GNU_SOURCE, which Swift's import does not set.
      let thisThread = __rusage_who_t(1)
      var usage = rusage()
      guard getrusage(thisThread, &usage) == 0 else { return nil }
      return usage.ru_nivcsw
    #else
      return nil
    #endif
  }
}

/// Both present, or nil.
private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
