import Diagnostics
import MonteCarlo
import PropertyList

/// What every game's Balance.plist sets at its top, whatever its targets: the confidence all
/// verdicts hold with together, the looks (firstGames, doubled up to maxGames) and the seed.
public struct GateSettings: Sendable, Hashable {
    public var confidence: Confidence
    public var schedule: LookSchedule
    public var seed: UInt64

    public static let defaultConfidence = Confidence(0.95)
    public static let defaultFirstGames = 500
    public static let defaultMaxGames = 8000

    public init(confidence: Confidence = defaultConfidence, schedule: LookSchedule = LookSchedule(first: defaultFirstGames, cap: defaultMaxGames), seed: UInt64 = 1) {
        self.confidence = confidence
        self.schedule = schedule
        self.seed = seed
    }

    /// The keys these settings read.
    public static let keys = ["confidence", "firstGames", "maxGames", "seed"]

    /// Reads `confidence`, `firstGames`, `maxGames` and `seed` of a balance file's top, each
    /// optional; a wrong one is reported at its value and its default used.
    public static func read(_ top: PlistDictionary, _ path: PlistPath, _ log: inout DiagnosticLog) -> GateSettings {
        var confidence = defaultConfidence
        if let node = top["confidence"] {
            if let x = node.value.number, x >= 0.5, x <= 0.999_999 {
                confidence = Confidence(x)
            } else {
                log.error("must be a number in 0.5...0.999999 (0.95 for 95%)", at: node.location, path.appending("confidence"), rule: nil)
            }
        }
        let first = integer("firstGames", in: top, default: defaultFirstGames, 1...100_000_000, path, &log)
        let cap = integer("maxGames", in: top, default: max(first, defaultMaxGames), 1...1_000_000_000, path, &log)
        if cap < first, let node = top["maxGames"] {
            log.error("must be at least firstGames (\(first))", at: node.location, path.appending("maxGames"), rule: nil)
        }
        var seed: UInt64 = 1
        if let node = top["seed"] {
            if case .integer(let i) = node.value, let s = i.uint64Value { seed = s } else {
                log.error("must be an integer in 0...\(UInt64.max)", at: node.location, path.appending("seed"), rule: nil)
            }
        }
        return GateSettings(confidence: confidence, schedule: LookSchedule(first: first, cap: max(first, cap)), seed: seed)
    }

    /// An optional integer of the top in `range`; its default when absent or wrong.
    public static func integer(
        _ key: String, in top: PlistDictionary, default value: Int, _ range: ClosedRange<Int>, _ path: PlistPath, _ log: inout DiagnosticLog
    ) -> Int {
        guard let node = top[key], let n = log.integer(node, path.appending(key), rule: nil) else { return value }
        guard range.contains(n) else {
            log.error("must be in \(range.lowerBound)...\(range.upperBound), not \(n)", at: node.location, path.appending(key), rule: nil)
            return value
        }
        return n
    }

    /// Each verdict's interval level: the confidence split over every look at every target, so
    /// that all verdicts of a run together hold with ``confidence``.
    public func perLookConfidence(targets: Int) -> Confidence { confidence.split(schedule.looks.count * max(1, targets)) }
}

extension Band {
    /// A target's `atLeast` and `atMost` (one or both): numbers, shares in 0...1 when `isShare`,
    /// the lower not above the upper.
    public static func read(_ d: PlistDictionary, _ node: PlistNode, _ path: PlistPath, isShare: Bool, _ log: inout DiagnosticLog) -> Band {
        func bound(_ key: String) -> Double? {
            guard let b = d[key] else { return nil }
            guard let x = b.value.number, x.isFinite else {
                log.error("expected a number, found \(b.value.typeName)", at: b.location, path.appending(key), rule: nil)
                return nil
            }
            if isShare && !(0...1).contains(x) {
                log.error("a share is in 0...1 (0.4 for 40%), not \(x.designerText)", at: b.location, path.appending(key), rule: nil)
            }
            return x
        }
        let band = Band(atLeast: bound("atLeast"), atMost: bound("atMost"))
        if d["atLeast"] == nil && d["atMost"] == nil {
            log.error("a target needs atLeast, atMost or both", at: node.location, path, rule: nil)
        }
        if let low = band.atLeast, let high = band.atMost, low > high, let b = d["atMost"] {
            log.error("atMost (\(high.designerText)) is below atLeast (\(low.designerText))", at: b.location, path.appending("atMost"), rule: nil)
        }
        return band
    }
}
