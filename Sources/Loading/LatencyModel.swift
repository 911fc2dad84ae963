import Foundation

/// How long a simulated network takes to deliver one item, in milliseconds.
///
/// The default is the classic demo's: uniform between 500 and 2000 ms.
/// Written on the command line (`--latency`) as:
///
/// | form                       | meaning                                   |
/// | -------------------------- | ----------------------------------------- |
/// | `0`                        | instant                                   |
/// | `300ms`, `1.5s`            | always that long                          |
/// | `500-2000ms`, `0.5s-2s`    | uniform in the range                      |
/// | `lognormal:300ms:3s`       | heavy-tailed: median 300 ms, p99 3 s      |
public enum LatencyModel: Equatable, Sendable, CustomStringConvertible {
  case none
  case fixed(Double)
  case uniform(ClosedRange<Double>)
  case logNormal(median: Double, p99: Double)

  public static let `default` = LatencyModel.uniform(500...2000)

  /// The accepted forms, for error messages and help.
  public static let acceptedForms =
    "0, 300ms, 1.5s, 500-2000ms, or lognormal:MEDIAN:P99 (e.g. lognormal:300ms:3s)"

  /// The average delay, in milliseconds (Little's law needs it).
  public var mean: Double {
    switch self {
    case .none: 0
    case .fixed(let value): value
    case .uniform(let range): (range.lowerBound + range.upperBound) / 2
    case .logNormal(let median, let p99):
      median * exp(pow(Self.sigma(median: median, p99: p99), 2) / 2)
    }
  }

  /// One delay, in milliseconds.
  public func sample(using generator: inout some RandomNumberGenerator) -> Double {
    switch self {
    case .none: return 0
    case .fixed(let value): return value
    case .uniform(let range): return Double.random(in: range, using: &generator)
    case .logNormal(let median, let p99):
      // Box–Muller: one standard normal from two uniforms.
      let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
      let u2 = Double.random(in: 0..<1, using: &generator)
      let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
      return median * exp(Self.sigma(median: median, p99: p99) * normal)
    }
  }

  public var description: String {
    switch self {
    case .none: "0"
    case .fixed(let value): "\(Self.format(value))ms"
    case .uniform(let range): "\(Self.format(range.lowerBound))-\(Self.format(range.upperBound))ms"
    case .logNormal(let median, let p99): "lognormal:\(Self.format(median))ms:\(Self.format(p99))ms"
    }
  }

  // MARK: Parsing

  public struct ParseError: Error, Equatable, CustomStringConvertible {
    public let input: String
    public var description: String {
      "'\(input)' is not a latency; use \(LatencyModel.acceptedForms)"
    }
  }

  public init(parsing text: String) throws(ParseError) {
    let input = text.trimmingCharacters(in: .whitespaces).lowercased()
    let fail = ParseError(input: text)
    if input == "0" {
      self = .none
    } else if input.hasPrefix("lognormal:") {
      let parts = input.dropFirst("lognormal:".count).split(separator: ":")
      guard parts.count == 2, let median = Self.duration(parts[0]), let p99 = Self.duration(parts[1]),
        median > 0, p99 > median
      else { throw fail }
      self = .logNormal(median: median, p99: p99)
    } else if let dash = input.firstIndex(of: "-") {
      // "500-2000ms": a bare first number takes the second's unit.
      let second = input[input.index(after: dash)...]
      guard let high = Self.duration(second) else { throw fail }
      let unit = second.drop { $0.isNumber || $0 == "." }
      let first = input[..<dash]
      guard let low = Self.duration(first) ?? Self.duration(first + unit), low >= 0, low <= high
      else { throw fail }
      self = low == high ? .fixed(low) : .uniform(low...high)
    } else if let value = Self.duration(input[...]), value >= 0 {
      self = value == 0 ? .none : .fixed(value)
    } else {
      throw fail
    }
  }

  /// "300ms", "1.5s" → milliseconds; a unit is required.
  private static func duration(_ text: Substring) -> Double? {
    if text.hasSuffix("ms"), let value = Double(text.dropLast(2)) { return value }
    if text.hasSuffix("s"), let value = Double(text.dropLast(1)) { return value * 1000 }
    return nil
  }

  /// The log-normal's σ from its median and 99th percentile (z₀.₉₉ ≈ 2.3263).
  private static func sigma(median: Double, p99: Double) -> Double {
    log(p99 / median) / 2.326_347_874
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
