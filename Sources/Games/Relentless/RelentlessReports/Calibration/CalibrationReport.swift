import Calibration
import Diagnostics
import RelentlessCalibration
import RelentlessSimulation
import ReportKit

/// A fit's results for people (text), tools (JSON) and the page with the predictive check's
/// charts.
public struct CalibrationReport: Sendable {
    public var result: CalibrationResult
    /// How messages name the design, and the logs read.
    public var design: String
    public var version: String
    public var logs: [String]

    public init(result: CalibrationResult, design: String, version: String, logs: [String]) {
        self.result = result
        self.design = design
        self.version = version
        self.logs = logs
    }

    var level: Int { Int((result.settings.level * 100).rounded()) }

    static func name(_ f: FittedValue) -> String { f.seat.map { "\(f.parameter.rawValue) (seat \($0 + 1))" } ?? f.parameter.rawValue }

    static func name(_ s: PredictiveCheck.Summary) -> String {
        let name = summaryNames[s.summary] ?? s.summary.rawValue
        return s.seat.map { "seat \($0 + 1): \(name)" } ?? name
    }

    static func value(_ f: FittedValue, _ x: Double) -> String {
        let number = CalibrationNumbers.significant(x, 3)
        switch f.parameter {
        case .describeSeconds, .identifySeconds, .misunderstandChance: return "×\(number)"
        case .findSeconds, .packSeconds, .assembleSeconds, .passSeconds: return "\(number) s"
        default: return number
        }
    }

    static let summaryNames: [PlaytestSummary: String] = [
        .correctPerRound: "correct per round", .wrongPerRound: "wrong per round", .timedOutPerRound: "timed out per round",
        .satisfactionRanOutShare: "rounds ended by satisfaction", .allOrdersDoneShare: "rounds ended all done",
        .endSecondsPerRound: "seconds a round lasted", .moneyChangePerRound: "money gained per round", .roundsReachedShare: "rounds reached",
        .lostShare: "playtests lost",
    ]

    var settingsLine: String {
        let s = result.settings
        return "persona \(s.base.name) \(s.perSeat ? "fitted seat by seat" : "on every seat"); \(s.sampler.stages) stages × \(s.sampler.candidatesPerStage) candidates, \(s.replicates) simulated studies each (common random numbers), summaries projected by \(s.pilot) pilot studies; seed \(s.seed)"
    }

    /// What `calibrate` prints.
    public var text: String {
        var lines = [
            "Fitted to \(counted(result.playtests, "playtest")) (\(counted(result.rounds, "round"))) of \(design) (\(version))",
            settingsLine, "",
        ]
        let rows = result.fitted.map { f in
            [
                Self.name(f), Self.value(f, f.median), "\(Self.value(f, f.interval.lowerBound)) … \(Self.value(f, f.interval.upperBound))",
                "\(Self.value(f, f.range.lowerBound)) … \(Self.value(f, f.range.upperBound))",
                f.pinnedDown ? "" : "not pinned down: the interval covers \(Int((f.shareOfRange * 100).rounded()))% of the range",
            ]
        }
        lines.append(TextTable.render(["parameter", "median", "\(level)% interval", "range searched", ""], rows))
        lines.append("effective sample size \(Int(result.effectiveSampleSize.rounded())) of \(result.settings.sampler.candidatesPerStage * result.settings.sampler.stages) candidates")
        lines.append("")
        let check = result.predictive
        lines.append(
            "Predictive check: p = \(CalibrationNumbers.significant(check.pValue, 2)) over \(counted(check.studies, "simulated study", "simulated studies")) from the fit. "
                + (check.flagged
                    ? "The logs lie outside what the fitted model plays (p ≤ \(PredictiveCheck.flagThreshold.designerText)): something the model leaves out matters; see the summaries with small p."
                    : "The logs look like the fitted model's playtests."))
        let summaryRows = check.summaries.map { s in
            [
                Self.name(s), CalibrationNumbers.significant(s.observed, 3),
                "\(CalibrationNumbers.significant(s.band.lowerBound, 3)) … \(CalibrationNumbers.significant(s.band.upperBound, 3))",
                CalibrationNumbers.significant(s.pValue, 2),
            ]
        }
        lines.append(TextTable.render(["summary", "observed", "fitted model (5%–95%)", "p"], summaryRows))
        return lines.joined(separator: "\n")
    }

    /// What `calibrate --format json` prints, and calibration.json.
    public var json: CalibrationJSON {
        CalibrationJSON(
            design: design, version: version, logs: logs, playtests: result.playtests, rounds: result.rounds, persona: result.settings.base.name,
            perSeat: result.settings.perSeat,
            level: result.settings.level, seed: result.settings.seed, replicates: result.settings.replicates, pilot: result.settings.pilot,
            candidatesPerStage: result.settings.sampler.candidatesPerStage, stages: result.settings.sampler.stages,
            effectiveSampleSize: result.effectiveSampleSize,
            fitted: result.fitted.map {
                .init(
                    parameter: $0.parameter.rawValue, seat: $0.seat.map { $0 + 1 }, quantity: $0.parameter.fittedQuantity, median: $0.median, lower: $0.interval.lowerBound,
                    upper: $0.interval.upperBound, rangeLower: $0.range.lowerBound, rangeUpper: $0.range.upperBound, shareOfRange: $0.shareOfRange,
                    pinnedDown: $0.pinnedDown)
            },
            predictive: .init(
                pValue: result.predictive.pValue, distance: result.predictive.distance, studies: result.predictive.studies, flagged: result.predictive.flagged,
                summaries: result.predictive.summaries.map {
                    .init(summary: $0.summary.rawValue, seat: $0.seat.map { $0 + 1 }, observed: $0.observed, mean: $0.mean, p5: $0.band.lowerBound, p95: $0.band.upperBound, pValue: $0.pValue)
                },
                rounds: result.predictive.rounds.enumerated().map { r, kinds in
                    .init(round: r + 1, correct: kinds[0].map(CalibrationJSON.Band.init), wrong: kinds[1].map(CalibrationJSON.Band.init), timedOut: kinds[2].map(CalibrationJSON.Band.init))
                }))
    }

    /// The page: the fitted values with their intervals, and per round the observed counts
    /// against the fitted model's 5–95% band.
    public var html: String {
        var page = HTMLPage.start(title: "Calibration: \(design)", meta: "\(counted(result.playtests, "playtest")), \(counted(result.rounds, "round")); \(settingsLine)")
        let fittedRows = result.fitted.map { f in
            [Self.name(f), Self.value(f, f.median), "\(Self.value(f, f.interval.lowerBound)) … \(Self.value(f, f.interval.upperBound))", f.pinnedDown ? "yes" : "no"]
        }
        page += "<section data-section=\"fitted\"><h2>Fitted parameters</h2><p class=\"note\">Posterior medians and central \(level)% intervals under flat priors over the ranges searched.</p><div class=\"row\">"
        page += HTMLPage.table("fitted", ["parameter", "median", "\(level)% interval", "pinned down"], fittedRows, numeric: 1, last: false)
        page += "</div></section>\n"
        let names = ["Orders correct", "Orders wrong", "Orders timed out"]
        let charts = names.indices.map { k -> (label: String, svg: String) in
            var chart = SVGChart(title: names[k] + " per round", x: "round", y: "orders")
            let bands = result.predictive.rounds.enumerated().compactMap { r, kinds in kinds[k].map { (x: Double(r + 1), band: $0) } }
            chart.add(.band(lower: bands.map { ($0.x, $0.band.band.lowerBound) }, upper: bands.map { ($0.x, $0.band.band.upperBound) }, colour: ChartPalette.band90, label: "fitted model 5%–95%"))
            chart.add(.line(bands.map { ($0.x, $0.band.mean) }, colour: ChartPalette.median, label: "fitted model mean", dashed: true))
            chart.add(.line(bands.map { ($0.x, $0.band.observed) }, colour: ChartPalette.mean, label: "playtests"))
            return (names[k], chart.render())
        }
        let check = result.predictive
        page += HTMLPage.section(
            "predictive", "Predictive check", "p = \(CalibrationNumbers.significant(check.pValue, 2))\(check.flagged ? ": the logs lie outside what the fitted model plays" : ""). The playtests' average per round against studies simulated from the fit.",
            charts)
        let summaryRows = check.summaries.map { s in
            [
                Self.name(s), CalibrationNumbers.significant(s.observed, 3),
                "\(CalibrationNumbers.significant(s.band.lowerBound, 3)) … \(CalibrationNumbers.significant(s.band.upperBound, 3))", CalibrationNumbers.significant(s.pValue, 2),
            ]
        }
        page += "<section data-section=\"summaries\"><h2>Summaries</h2><div class=\"row\">"
        page += HTMLPage.table("summaries", ["summary", "observed", "fitted model (5%–95%)", "p"], summaryRows, numeric: 1)
        page += "</div></section>\n"
        return page + HTMLPage.end
    }
}

/// calibration.json.
public struct CalibrationJSON: Codable, Sendable {
    public struct Fitted: Codable, Sendable {
        public var parameter: String
        /// 1-based, in a per-seat fit.
        public var seat: Int?
        public var quantity: String
        public var median: Double
        public var lower: Double
        public var upper: Double
        public var rangeLower: Double
        public var rangeUpper: Double
        public var shareOfRange: Double
        public var pinnedDown: Bool
    }

    public struct Summary: Codable, Sendable {
        public var summary: String
        /// 1-based, for a seat's own summary.
        public var seat: Int?
        public var observed: Double
        public var mean: Double
        public var p5: Double
        public var p95: Double
        public var pValue: Double
    }

    public struct Band: Codable, Sendable {
        public var observed: Double
        public var mean: Double
        public var p5: Double
        public var p95: Double

        init(_ band: PredictiveCheck.RoundBand) {
            observed = band.observed
            mean = band.mean
            p5 = band.band.lowerBound
            p95 = band.band.upperBound
        }
    }

    public struct Round: Codable, Sendable {
        public var round: Int
        public var correct: Band?
        public var wrong: Band?
        public var timedOut: Band?
    }

    public struct Predictive: Codable, Sendable {
        public var pValue: Double
        public var distance: Double
        public var studies: Int
        public var flagged: Bool
        public var summaries: [Summary]
        public var rounds: [Round]
    }

    public var design: String
    public var version: String
    public var logs: [String]
    public var playtests: Int
    public var rounds: Int
    public var persona: String
    public var perSeat: Bool
    public var level: Double
    public var seed: UInt64
    public var replicates: Int
    /// Studies simulated from the prior to fit the summaries' projection.
    public var pilot: Int
    public var candidatesPerStage: Int
    public var stages: Int
    public var effectiveSampleSize: Double
    public var fitted: [Fitted]
    public var predictive: Predictive
}
