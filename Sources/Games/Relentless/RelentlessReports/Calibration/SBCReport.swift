import Calibration
import Diagnostics
import MonteCarlo
import RelentlessCalibration
import RelentlessSimulation
import ReportKit

/// A simulation-based calibration's result (`calibrate --sbc`): per fitted key, whether the
/// truth's ranks among the posterior's draws are uniform (and if not, the shape), the coverage
/// of central intervals at 50, 80, 90 and 95% and at the fit's own level, each with a 95% Wilson
/// interval; as text, as `sbc.json` and as the page `sbc.html`.
public struct SBCReport: Sendable {
    public var result: SBCStudy.Result
    public var study: SBCStudy
    public var design: String

    public init(result: SBCStudy.Result, study: SBCStudy, design: String) {
        self.result = result
        self.study = study
        self.design = design
    }

    var level: Int { Int((result.level * 100).rounded()) }
    static var confidence: Int { Int((RankUniformity.confidence * 100).rounded()) }

    var heading: String {
        "\(counted(result.repetitions, "fit")) of \(design): each a study of \(counted(study.playtests, "playtest")) × \(counted(study.rounds, "round")) by \(study.players) \(study.calibration.base.name) players, its keys drawn from the ranges searched"
    }

    var settingsLine: String {
        let s = study.calibration
        return "\(s.sampler.stages) stages × \(s.sampler.candidatesPerStage) candidates, \(s.replicates) simulated studies each, \(s.pilot) pilot studies\(s.perSeat ? ", a persona per seat" : ""); seed \(s.seed)"
    }

    /// "45.5% (38.1% … 53.2%)": a share of fits with its 95% Wilson interval.
    static func share(_ count: Int, of total: Int) -> String {
        let share = Proportion(count, of: total)
        let interval = share.interval(.ninetyFive)
        return "\(CalibrationNumbers.significant(share.value * 100, 3))% (\(CalibrationNumbers.significant(interval.lowerBound * 100, 3))% … \(CalibrationNumbers.significant(interval.upperBound * 100, 3))%)"
    }

    /// Whether a key's ranks are uniform, in words.
    static func verdict(_ ranks: RankUniformity) -> String {
        ranks.fits == 0 ? "no fit played" : ranks.shape.map { "no: \($0.rawValue)" } ?? "yes"
    }

    public var text: String {
        var lines = ["Simulation-based calibration over \(heading)", settingsLine, ""]
        let levels = RankUniformity.levels.map { "\(Int(($0 * 100).rounded()))%" }
        let rankRows = zip(result.keys, result.ranks).map { key, ranks -> [String] in
            [key, "\(ranks.fits)", CalibrationNumbers.significant(ranks.chiSquaredPValue, 2)]
                + ranks.covered.map { ranks.fits > 0 ? "\(CalibrationNumbers.significant(Double($0) / Double(ranks.fits) * 100, 3))%" : "–" }
                + [Self.verdict(ranks)]
        }
        lines.append("Ranks of the truth among \(WeightedPosterior.rankDraws) posterior draws (uniform when the fit is calibrated: ECDF within its \(Self.confidence)% simultaneous band):")
        // Each table ends in a newline, so joined by one it is followed by a blank line.
        lines.append(TextTable.render(["key", "fits", "χ² p"] + levels.map { "in \($0)" } + ["ranks uniform"], rankRows))
        let rows = zip(result.keys, result.covered).map { key, covered -> [String] in
            [key, "\(covered) of \(result.repetitions)", Self.share(covered, of: result.repetitions)]
        }
        lines.append("The fit's own \(level)% intervals:")
        lines.append(TextTable.render(["key", "held the truth", "share (95% interval)"], rows))
        lines.append("predictive check flagged \(result.flagged) of \(counted(result.repetitions, "fit")) (the model is the truth here: about 1% should be)")
        if let smallest = result.fits.compactMap(\.effectiveSampleSize).min() {
            lines.append("smallest effective sample size of a fit's posterior: \(CalibrationNumbers.significant(smallest, 3))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: SBCStudy.Result { result }

    /// The page: per key, the rank histogram with each bin's 99% band and the ECDF
    /// difference with its simultaneous band, and the coverage table.
    public var html: String {
        var page = HTMLPage.start(title: "Simulation-based calibration: \(design)", meta: "\(heading); \(settingsLine)")
        let width = (WeightedPosterior.rankDraws + 1) / RankUniformity.bins
        for (key, ranks) in zip(result.keys, result.ranks) where ranks.fits > 0 {
            var histogram = SVGChart(title: "\(key): ranks of the truth", x: "rank among \(WeightedPosterior.rankDraws) posterior draws", y: "fits")
            let centres = (0..<RankUniformity.bins).map { Double($0 * width) + Double(width - 1) / 2 }
            let edges = [Double(0)] + centres + [Double(WeightedPosterior.rankDraws)]
            histogram.add(.band(
                lower: edges.map { ($0, Double(ranks.binBand.lowerBound)) }, upper: edges.map { ($0, Double(ranks.binBand.upperBound)) },
                colour: ChartPalette.band90, label: "\(Self.confidence)% band of a bin under uniform ranks"))
            histogram.add(.stackedBars(x: centres, series: [(ranks.histogram.map(Double.init), ChartPalette.median, "fits in the bin")]))
            var ecdf = SVGChart(title: "\(key): ECDF difference", x: "fractional rank", y: "ECDF − uniform")
            ecdf.add(.band(
                lower: ranks.ecdf.map { ($0.z, $0.lower) }, upper: ranks.ecdf.map { ($0.z, $0.upper) }, colour: ChartPalette.band90,
                label: "\(Self.confidence)% simultaneous band"))
            ecdf.add(.reference([(0, 0), (1, 0)], colour: ChartPalette.median, label: "uniform"))
            ecdf.add(.line(ranks.ecdf.map { ($0.z, $0.difference) }, colour: ChartPalette.mean, label: "these fits"))
            let note = "Ranks uniform: \(Self.verdict(ranks)) (χ² p = \(CalibrationNumbers.significant(ranks.chiSquaredPValue, 2)); location z = \(CalibrationNumbers.significant(ranks.locationZ, 2)), spread z = \(CalibrationNumbers.significant(ranks.spreadZ, 2))). A ∪-shaped histogram means intervals too narrow, ∩ too wide, a slope a bias."
            page += HTMLPage.section("ranks-\(key)", key, note, [("rank histogram", histogram.render()), ("ECDF difference", ecdf.render())])
        }
        let header = ["key"] + RankUniformity.levels.map { "in \(Int(($0 * 100).rounded()))% interval" }
        let rows = zip(result.keys, result.ranks).map { key, ranks in [key] + ranks.covered.map { Self.share($0, of: ranks.fits) } }
        page += "<section data-section=\"coverage\"><h2>Coverage</h2><p class=\"note\">Fits whose truth lay in the central interval, with 95% Wilson intervals; a calibrated fit holds each level. Predictive check flagged \(result.flagged) of \(counted(result.repetitions, "fit")).</p><div class=\"row\">"
        page += HTMLPage.table("coverage", header, rows, numeric: 1)
        page += "</div></section>\n"
        return page + HTMLPage.end
    }
}
