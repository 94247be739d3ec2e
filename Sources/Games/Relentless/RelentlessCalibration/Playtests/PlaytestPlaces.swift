import Diagnostics

/// Where each value of a playtest stood in its file, so that the checks every format shares
/// (``PlaytestChecks``) can point at it: a node of a property list, a cell of a CSV file.
struct PlaytestPlaces {
    var playtest: SourceLocation?
    var fields: [String: SourceLocation] = [:]
    var rounds: [RoundPlaces] = []

    /// Round `r`'s places; none known for a round past those read.
    func round(_ r: Int) -> RoundPlaces { r < rounds.count ? rounds[r] : RoundPlaces() }
}

struct RoundPlaces {
    var round: SourceLocation?
    var fields: [String: SourceLocation] = [:]
    var players: [[String: SourceLocation]] = []
}
