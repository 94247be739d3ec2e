import Foundation

/// CI's smoke run of the benchmarks: `PLAYBENCH_BENCHMARK_SMOKE=1 swift package benchmark`
/// runs each benchmark once, on a smaller workload where one takes seconds, so a benchmark that
/// no longer builds or runs fails CI within minutes. Its figures are not measurements.
public enum SmokeRun {
    public static let isOn = ProcessInfo.processInfo.environment["PLAYBENCH_BENCHMARK_SMOKE"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// `normal` iterations, or one in a smoke run.
    public static func iterations(_ normal: Int) -> Int { isOn ? 1 : normal }

    /// `normal`, or `smoke` in a smoke run: a workload's size.
    public static func size(_ normal: Int, smoke: Int) -> Int { isOn ? smoke : normal }
}
