import Diagnostics
import PropertyList
import Relentless

/// Values a check rejected for leaving the game's range, read as the nearest value the game
/// defines, so that solvability can still say what the design's rounds do
/// (``SolvabilityScope``): team sizes reaching outside 3...6 as the sizes both allow (C6), a
/// chance below 0 or above 1 as 0 or 1 (it draws so: a package limit never or always, G8).
/// Any other error on a key that making a round reads leaves the model undefined.
enum ValueReading {
    enum Outcome {
        /// The parameters with their ``Relentless/Parameters/clamps`` set, and a located note for
        /// each reading.
        case read(Parameters, [Diagnostic])
        /// This key's error has no nearest value: solvability cannot be checked.
        case undefined(ParameterKey)
    }

    static let teamSizeKeys: [ParameterKey] = [.minNumOfPlayers, .maxNumOfPlayers]

    /// - Parameter broken: the keys making a round reads that have errors.
    static func within(_ parameters: Parameters, broken: Set<ParameterKey>, coverage: StartCoverage) -> Outcome {
        var read = parameters
        var notes: [Diagnostic] = []
        if let key = teamSizeKeys.first(where: broken.contains) {
            guard let sizes = parameters.teamSizes, let playable = parameters.playableTeamSizes else { return .undefined(key) }
            let game = ParameterKey.gameTeamSizes
            for key in teamSizeKeys { read.clamps[key] = Double(game.lowerBound)...Double(game.upperBound) }
            notes.append(note(key, parameters, teamSizes: sizes, playable: playable))
        }
        let teams = read.playableTeamSizes ?? ParameterKey.gameTeamSizes
        let ramp = parameters.reachableDifficulties(from: coverage.start)
        let levels = coverage == .everyStart ? ramp + parameters.startGrid() : ramp
        for key in ParameterKey.allCases where broken.contains(key) && !teamSizeKeys.contains(key) {
            guard key.domain == .probability else { return .undefined(key) }
            var above: Double?, below: Double?
            for d in levels {
                for n in teams {
                    let raw = parameters.rawValue(key, difficulty: d) ?? parameters.fallback(key, difficulty: d, players: n)
                    guard raw.isFinite else { return .undefined(key) }
                    if raw > 1, above == nil { above = d }
                    if raw < 0, below == nil { below = d }
                }
            }
            // Within 0...1 everywhere: the error is another one (a typo, say), not the range.
            guard above != nil || below != nil else { return .undefined(key) }
            read.clamps[key] = 0...1
            let readings = [above.map { "as 1 where it is above 1 (first at difficulty \($0.designerText))" }, below.map { "as 0 where it is below 0 (first at difficulty \($0.designerText))" }]
            notes.append(Diagnostic(
                .note,
                "solvability read \(key.rawValue) \(readings.compactMap { $0 }.joined(separator: ", and ")): a chance outside 0...1 draws as never or always",
                file: parameters.file, location: parameters.entries[key]?.location, keyPath: key.rawValue, rule: "C6"))
        }
        return .read(read, notes)
    }

    /// "solvability was checked for teams of 3 to 6 players, …; teams of 1 to 2 players were
    /// skipped: …", at the team-size key with the error.
    private static func note(_ key: ParameterKey, _ parameters: Parameters, teamSizes sizes: ClosedRange<Int>, playable: ClosedRange<Int>) -> Diagnostic {
        func text(_ range: ClosedRange<Int>) -> String { range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)" }
        var skipped: [String] = []
        if sizes.lowerBound < playable.lowerBound { skipped.append(text(sizes.lowerBound...(playable.lowerBound - 1))) }
        if sizes.upperBound > playable.upperBound { skipped.append(text((playable.upperBound + 1)...sizes.upperBound)) }
        let why = skipped.isEmpty ? "" : "; teams of \(skipped.joined(separator: " and ")) players were skipped: \(ParameterKey.gameTeamSizesText)"
        return Diagnostic(
            .note,
            "solvability was checked for teams of \(text(playable)) players, the sizes both minNumOfPlayers...maxNumOfPlayers (\(sizes.lowerBound)...\(sizes.upperBound)) and the game allow\(why)",
            file: parameters.file, location: parameters.entries[key]?.location, keyPath: key.rawValue, rule: "C6")
    }
}
