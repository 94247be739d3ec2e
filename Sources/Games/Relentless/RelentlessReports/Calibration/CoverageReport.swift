import Calibration
import Diagnostics
import MonteCarlo
import RelentlessCalibration
import RelentlessSimulation
import ReportKit

/// A coverage study's result (`calibrate --coverage`): per fitted key, how often the intervals
/// held the truth, with a 95% Wilson interval on that share.
public struct CoverageReport: Sendable {
    public var result: CoverageStudy.Result
    public var study: CoverageStudy
    public var design: String

    public init(result: CoverageStudy.Result, study: CoverageStudy, design: String) {
        self.result = result
        self.study = study
        self.design = design
    }

    var level: Int { Int((result.level * 100).rounded()) }

    public var text: String {
        let s = study.calibration
        var lines = [
            "Coverage of \(level)% intervals over \(counted(result.repetitions, "fit")) of \(design): each a study of \(counted(study.playtests, "playtest")) × \(counted(study.rounds, "round")) by \(study.players) \(s.base.name) players, its keys drawn from the ranges searched",
            "\(s.sampler.stages) stages × \(s.sampler.candidatesPerStage) candidates, \(s.replicates) simulated studies each, \(s.pilot) pilot studies; seed \(s.seed)", "",
        ]
        let rows = zip(result.keys, result.covered).map { key, covered -> [String] in
            let share = Proportion(covered, of: result.repetitions)
            let interval = share.interval(.ninetyFive)
            return [key, "\(covered) of \(result.repetitions)", "\(CalibrationNumbers.significant(share.value * 100, 3))%",
                    "\(CalibrationNumbers.significant(interval.lowerBound * 100, 3))% … \(CalibrationNumbers.significant(interval.upperBound * 100, 3))%"]
        }
        lines.append(TextTable.render(["key", "held the truth", "share", "95% interval"], rows))
        lines.append("predictive check flagged \(result.flagged) of \(counted(result.repetitions, "fit")) (the model is the truth here: about 1% should be)")
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: CoverageStudy.Result { result }
}
