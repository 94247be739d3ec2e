@testable import ReportKit
import Testing

/// The line chart's axes, empty state and formatters.
@Suite struct SVGChartTests {
    @Test func ticksAreRoundAndCoverTheRange() {
        for (low, high) in [(0.0, 1.0), (0, 3126), (-250, 1800), (0, 0.004), (1, 30)] {
            let ticks = SVGChart.ticks(low...high)
            #expect(ticks.count >= 3 && ticks.count <= 11, "\(low)...\(high): \(ticks)")
            #expect(ticks.first! >= low - 1e-9 && ticks.last! <= high + 1e-9)
            let steps = Set(zip(ticks, ticks.dropFirst()).map { (($1 - $0) * 1e9).rounded() })
            #expect(steps.count == 1, "uneven ticks \(ticks)")
        }
        #expect(SVGChart.ticks(1...30, integers: true).allSatisfy { $0 == $0.rounded() })
    }

    @Test func aChartWithoutDataSaysSo() {
        var chart = SVGChart(title: "nothing", x: "round", y: "money")
        chart.add(.line([], colour: "#000", label: "median"))
        #expect(chart.render().contains(">no data</text>"))
        var some = SVGChart(title: "something", x: "round", y: "money")
        some.add(.line([(1, 5), (2, 7)], colour: "#000", label: "median"))
        #expect(!some.render().contains("no data"))
    }

    @Test func percentagesKeepSmallShares() {
        #expect(SVGChart.percent(0.5) == "50%")
        #expect(SVGChart.percent(0.005) == "0.5%")
        #expect(SVGChart.percent(0) == "0%")
    }
}
