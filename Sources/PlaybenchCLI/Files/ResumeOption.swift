import ArgumentParser

/// `--resume`: continue a job in its output directory (``JobStore``), doing only what it does not
/// have yet. One flag for every command whose job resumes (calibrate, sweep, tune of a spec).
struct ResumeOption: ParsableArguments {
    static let flag = "--resume"

    @Flag(name: .customLong("resume"), help: "Continue the job in --output-dir: play only what it does not have yet (a fit's stages, a sweep's points, a tune's points).")
    var isOn = false

    /// The error for `--resume` with something it cannot continue.
    static func refusal(_ why: String) -> ValidationError { ValidationError("\(flag) \(why)") }
}
