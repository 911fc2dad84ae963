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

  /// The delay that `fraction` of loads stay under, in milliseconds: how
  /// far ahead a prefetch must start for most loads to be done in time.
  public func quantile(_ fraction: Double) -> Double {
    switch self {
    case .none: 0
    case .fixed(let value): value
    case .uniform(let range): range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    case .logNormal(let median, let p99):
      median * exp(Self.sigma(median: median, p99: p99) * Self.standardNormalQuantile(fraction))
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
      "'\(input)' is not a latency; use \(LatencyModel.acceptedForms), up to \(Int(maximum / 1000))s"
    }
  }

  /// The longest delay accepted, in milliseconds: a minute is already no
  /// server anyone waits for, and beyond it the times overflow.
  public static let maximum: Double = 60_000

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

  /// "300ms", "1.5s" → milliseconds; a unit is required, and the value
  /// must be a number from 0 to `maximum` (not `inf`, `nan` or `1e300s`).
  private static func duration(_ text: Substring) -> Double? {
    let value: Double
    if text.hasSuffix("ms"), let number = Double(text.dropLast(2)) {
      value = number
    } else if text.hasSuffix("s"), let number = Double(text.dropLast(1)) {
      value = number * 1000
    } else {
      return nil
    }
    return value.isFinite && (0...maximum).contains(value) ? value : nil
  }

  /// The log-normal's σ from its median and 99th percentile (z₀.₉₉ ≈ 2.3263).
  private static func sigma(median: Double, p99: Double) -> Double {
    log(p99 / median) / 2.326_347_874
  }

  /// The standard normal's quantile (Acklam's rational approximation,
  /// good to about 1e-9: plenty for choosing a lead time).
  private static func standardNormalQuantile(_ p: Double) -> Double {
    let p = min(max(p, 1e-12), 1 - 1e-12)
    let a = [
      -39.696_830_286_653_76, 220.946_098_424_520_5, -275.928_510_446_968_7, 138.357_751_867_269,
      -30.664_798_066_147_16, 2.506_628_277_459_239,
    ]
    let b = [
      -54.476_098_798_224_06, 161.585_836_858_040_9, -155.698_979_859_886_6, 66.801_311_887_719_72,
      -13.280_681_552_885_72,
    ]
    let c = [
      -0.007_784_894_002_430_293, -0.322_396_458_041_136_5, -2.400_758_277_161_838, -2.549_732_539_343_734,
      4.374_664_141_464_968, 2.938_163_982_698_783,
    ]
    let d = [
      0.007_784_695_709_041_462, 0.322_467_129_070_039_8, 2.445_134_137_142_996, 3.754_408_661_907_416,
    ]
    let low = 0.024_25
    if p < low {
      let q = (-2 * log(p)).squareRoot()
      return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    if p > 1 - low { return -standardNormalQuantile(1 - p) }
    let q = p - 0.5
    let r = q * q
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
      / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
