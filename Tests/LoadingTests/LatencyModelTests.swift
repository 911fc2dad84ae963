import Loading
import Support
import Testing

@Suite struct LatencyModelTests {
  @Test(arguments: [
    ("0", LatencyModel.none),
    ("300ms", .fixed(300)),
    ("1.5s", .fixed(1500)),
    ("500-2000ms", .uniform(500...2000)),
    ("0.5s-2s", .uniform(500...2000)),
    ("200-200ms", .fixed(200)),
    ("lognormal:300ms:3s", .logNormal(median: 300, p99: 3000)),
  ])
  func parsesEveryForm(text: String, model: LatencyModel) throws {
    #expect(try LatencyModel(parsing: text) == model)
  }

  @Test(arguments: ["", "fast", "300", "-5ms", "2000-500ms", "lognormal:3s:300ms", "lognormal:300ms", "1h"])
  func refusesAnythingElseShowingTheAcceptedForms(text: String) {
    #expect {
      try LatencyModel(parsing: text)
    } throws: { error in
      (error as? LatencyModel.ParseError)?.description.contains("500-2000ms") == true
    }
  }

  @Test func meansForLittlesLaw() {
    #expect(LatencyModel.default.mean == 1250)
    #expect(LatencyModel.fixed(300).mean == 300)
    // A log-normal's mean sits above its median.
    #expect(LatencyModel.logNormal(median: 300, p99: 3000).mean > 300)
  }

  @Test func logNormalSamplesHaveTheirMedianAndTail() {
    var generator = SeededGenerator(seed: 7)
    let model = LatencyModel.logNormal(median: 300, p99: 3000)
    let samples = (0..<20_000).map { _ in model.sample(using: &generator) }.sorted()
    let median = samples[samples.count / 2]
    let p99 = samples[samples.count * 99 / 100]
    #expect(abs(median - 300) < 30)
    #expect(abs(p99 - 3000) < 600)
  }

  @Test func descriptionRoundTrips() throws {
    for model in [LatencyModel.none, .fixed(300), .uniform(500...2000), .logNormal(median: 300, p99: 3000)] {
      #expect(try LatencyModel(parsing: model.description) == model)
    }
  }
}

@Suite struct LatencyQuantileTests {
  @Test func quantilesOfEachModel() {
    #expect(LatencyModel.none.quantile(0.9) == 0)
    #expect(LatencyModel.fixed(300).quantile(0.9) == 300)
    #expect(LatencyModel.default.quantile(0.9) == 1850)
    let tail = LatencyModel.logNormal(median: 300, p99: 3000)
    #expect(abs(tail.quantile(0.5) - 300) < 0.01)
    #expect(abs(tail.quantile(0.99) - 3000) < 1)
  }
}
