import GameSeam

/// What a fit depends on; a resumed fit must have the same.
struct CalibrationJob: ResumableJob {
    /// The design's files (``InputFingerprint``).
    var inputs: String
    /// The logs, by the names given (``InputFingerprint``).
    var logs: String
    /// Every option the fit reads, by long name.
    var options: [String: String]

    func differences(from other: CalibrationJob) -> [String] {
        var names: [String] = []
        if inputs != other.inputs { names.append("design files\(InputFingerprint.phrase(inputs, other.inputs))") }
        if logs != other.logs { names.append("logs\(InputFingerprint.phrase(logs, other.logs))") }
        for name in Set(options.keys).union(other.options.keys).sorted() where options[name] != other.options[name] { names.append("--\(name)") }
        return names
    }
}

/// A stage of the sampler as a fit keeps it: its candidates and their log-likelihoods.
struct CalibrationStage: Codable, Sendable {
    var stage: Int
    var candidates: [[Double]]
    var logLikelihoods: [Double?]
}

/// A fit's output directory (``JobStore``): `job.json`, `stages/NN.json` as each stage of the
/// sampler finishes, and at the end the fitted files. A kept stage is taken only for exactly the
/// candidates the sampler proposes again (``CalibrationStages``).
typealias CalibrationStore = JobStore<CalibrationJob, CalibrationStage>

extension JobStore where Job == CalibrationJob, Item == CalibrationStage {
    convenience init(directory: String, job: CalibrationJob, resume: Bool) throws {
        let kind = JobKind(
            job: "fit", items: "stages", item: "a stage of a fit", digits: 2, sameJob: "the same command, design and logs",
            otherJob: "other options, design files or logs")
        try self.init(directory: directory, kind: kind, job: job, resume: resume, index: \.stage) { $0.candidates.count == $0.logLikelihoods.count }
    }
}

extension JobStore: CalibrationStages where Job == CalibrationJob, Item == CalibrationStage {
    func recall(stage: Int, candidates: [[Double]]) -> [Double?]? {
        guard let kept = finished[stage], kept.candidates == candidates else { return nil }
        return kept.logLikelihoods
    }

    func keep(stage: Int, candidates: [[Double]], logLikelihoods: [Double?]) {
        keepIfPossible(CalibrationStage(stage: stage, candidates: candidates, logLikelihoods: logLikelihoods))
    }
}
