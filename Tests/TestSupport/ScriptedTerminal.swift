import Foundation
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The other end of a pseudo-terminal, playing a terminal that answers
/// cursor position requests (`CSI 6n`) as a test scripts it: the text
/// printed since the last carriage return is measured by `columns`, and
/// the answer is that column (`ESC [ row ; column R`). Or it answers
/// nothing, or garbage around its answers, or one byte at a time.
public final class ScriptedTerminal: @unchecked Sendable {
  // @unchecked: the descriptors are set once; the thread owns the rest.
  public enum Behaviour: Sendable {
    case answers(split: Bool, garbage: Bool)
    case silent
  }

  /// The side the program under test uses (its terminal).
  public let slave: Int32
  private let master: Int32

  /// Starts answering on a thread of its own. `typed` is sent first, as if
  /// the person typed it while the probe ran; `row` says which row each
  /// answer names (by request, from 0).
  /// `joinsAcrossReads: false` plays tmux 3.3a: a joiner that ends one
  /// read is forgotten, so `columns` sees 👩💻 for 👩‍ read apart from 💻.
  /// `modes` are answered to DECRQM (`ESC [ ? mode $ p`) with their
  /// setting; a mode not in it gets no answer, as from a terminal that does
  /// not know the question.
  public init(
    behaviour: Behaviour, typed: [UInt8] = [], row: @escaping @Sendable (Int) -> Int = { _ in 5 },
    joinsAcrossReads: Bool = true, modes: [Int: Int] = [:], columns: @escaping @Sendable (String) -> Int
  ) throws {
    guard let (master, slave) = Platform.openPseudoTerminal() else {
      throw SubprocessError(arguments: [], reason: "no pseudo-terminal")
    }
    self.master = master
    self.slave = slave
    Thread.detachNewThread {
      if !typed.isEmpty { Platform.write(typed, to: master) }
      var line: [UInt8] = []
      var escape: [UInt8]?
      var requests = 0
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else {
          // The terminal side is closed (deinit): this thread alone closes its
          // side, so no other test's new terminal can reuse the number under it.
          close(master)
          return
        }
        defer {
          let joiner = Array("\u{200D}".utf8)
          if !joinsAcrossReads, escape == nil, line.count >= 3, Array(line.suffix(3)) == joiner {
            line.removeLast(3)
          }
        }
        for byte in buffer[..<count] {
          if var sequence = escape {
            sequence.append(byte)
            escape = sequence
            // A CSI ends at its final byte (@ to ~), after ESC [.
            guard sequence.count > 2, (0x40...0x7E).contains(byte) else { continue }
            escape = nil
            let text = String(decoding: sequence, as: UTF8.self)
            if let match = text.wholeMatch(of: /\x1B\[\?(\d+)\$p/), let mode = Int(match.1),
              let setting = modes[mode], case .answers = behaviour
            {
              Platform.write(Array("\u{1B}[?\(mode);\(setting)$y".utf8), to: master)
              continue
            }
            guard sequence == Array("\u{1B}[6n".utf8) else {
              if sequence == Array("\u{1B}[H".utf8) { line.removeAll() }
              continue
            }
            let column = 1 + columns(String(decoding: line, as: UTF8.self))
            let answer = Array("\u{1B}[\(row(requests));\(column)R".utf8)
            requests += 1
            switch behaviour {
            case .silent: break
            case .answers(let split, let garbage):
              if garbage { Platform.write(Array("\u{1B}[1;2".utf8) + [0x71], to: master) }
              if split {
                for piece in answer {
                  Platform.write([piece], to: master)
                  usleep(1_000)
                }
              } else {
                Platform.write(answer, to: master)
              }
            }
          } else if byte == 0x1B {
            escape = [byte]
          } else if byte == 0x0D {
            line.removeAll()
          } else {
            line.append(byte)
          }
        }
      }
    }
  }

  deinit {
    close(slave)
  }
}
