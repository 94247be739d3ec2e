import Calibration

extension PersonaCalibration.Settings {
    /// What the simulation-based calibrations of `Reports/relentless/calibration/sbc` measured
    /// about intervals fitted with these settings, said as warnings (issue 46): below the
    /// defaults' sampler (40 replicates, 4 stages × 200 candidates) they were too narrow, and at
    /// the defaults a fit of several keys at once still was (findSeconds beside describeSeconds);
    /// one key at the defaults or above was calibrated, and gets none.
    public var narrowIntervalsWarnings: [String] {
        var warnings: [String] = []
        let defaults = PersonaCalibration.Settings(fit: fit, base: base)
        if replicates < defaults.replicates || sampler.candidatesPerStage < defaults.sampler.candidatesPerStage || sampler.stages < defaults.sampler.stages {
            warnings.append(
                "\(replicates) replicates and \(sampler.stages) × \(sampler.candidatesPerStage) candidates are below the defaults (\(defaults.replicates), \(defaults.sampler.stages) × \(defaults.sampler.candidatesPerStage)): at 24 replicates and 3 × 60, findSeconds' 90% intervals held the truth 324 times in 380 over 260 simulated fits (85%, 95% interval about 81.3–88.5%), narrower than they say (Reports/relentless/calibration/sbc)")
        }
        if fit.count > 1 {
            warnings.append(
                "\(fit.count) keys fitted at once: at the defaults, findSeconds fitted beside describeSeconds held the truth in 82 of 100 of its 90% intervals (95% interval 73–88%), narrower than they say, where findSeconds alone held it 178 times in 200 (Reports/relentless/calibration/sbc/defaults); read a key's interval as one of about 80% when it trades off against another")
        }
        return warnings
    }
}
