import ArgumentParser
import Balance
import Diagnostics
import GameSeam

/// `tune --target "LINEUP: METRIC >= VALUE"`: a balance target in words, as a Balance.plist
/// target writes it in keys. `METRIC >= V` (at least), `METRIC <= V` (at most) or
/// `LO <= METRIC <= HI` (between), edges included as the gate's are (`>` and `<` read the
/// same, and `0.5 <= METRIC` as `METRIC >= 0.5`); a share as 0.5 or 50%; `LINEUP:` names the lineup, which a design with one lineup, or
/// `--lineup`, may leave out.
enum SpecTargetText {
    static let form = "\"LINEUP: METRIC >= VALUE\", \"METRIC <= VALUE\" or \"LO <= METRIC <= HI\""

    static func parse<Game: PlayableGame>(_ text: String, game: Game, lineups: [String], defaultLineup: String?) throws -> MetricTarget {
        var rest = Substring(text)
        var lineup = defaultLineup
        if let colon = text.lastIndex(of: ":") {
            let named = text[..<colon].trimmingSpaces
            guard lineups.contains(named) else {
                let near = Suggestion.nearest(to: named, in: lineups).map { " (did you mean \($0)?)" } ?? ""
                throw ValidationError("--target \(text): '\(named)' is not a lineup of this design (\(lineups.joined(separator: "; ")))\(near)")
            }
            lineup = named
            rest = text[text.index(after: colon)...]
        }
        guard let lineup else {
            throw ValidationError("--target \(text): name its lineup, as \"LINEUP: \(rest.trimmingSpaces)\" (\(lineups.joined(separator: "; ")))")
        }
        let normalized = String(rest).replacing(">=", with: ">").replacing("<=", with: "<")
        let pieces = normalized.split(whereSeparator: { $0 == "<" || $0 == ">" }).map { String($0).trimmingSpaces }
        let operators = normalized.filter { $0 == "<" || $0 == ">" }
        func number(_ s: String) throws -> Double {
            let percent = s.hasSuffix("%")
            guard let x = Double(percent ? String(s.dropLast()) : s), x.isFinite else { throw ValidationError("--target \(text): '\(s)' is not a number") }
            return percent ? x / 100 : x
        }
        let metricName: String
        let band: Band
        // "0.5 <= wins" says "wins >= 0.5": the number on the left, the metric on the right.
        let numberFirst = pieces.count == 2 && (try? number(pieces[0])) != nil && (try? number(pieces[1])) == nil
        switch (operators, pieces.count) {
        case (">", 2) where numberFirst: (metricName, band) = (pieces[1], Band(atMost: try number(pieces[0])))
        case ("<", 2) where numberFirst: (metricName, band) = (pieces[1], Band(atLeast: try number(pieces[0])))
        case (">", 2): (metricName, band) = (pieces[0], Band(atLeast: try number(pieces[1])))
        case ("<", 2): (metricName, band) = (pieces[0], Band(atMost: try number(pieces[1])))
        case ("<<", 3): (metricName, band) = (pieces[1], Band(atLeast: try number(pieces[0]), atMost: try number(pieces[2])))
        default: throw ValidationError("--target \(text): write a target as \(form)")
        }
        guard let metric = game.metric(named: metricName) else {
            let names = game.metrics.map(\.name)
            let near = Suggestion.nearest(to: metricName, in: names).map { " (did you mean \($0)?)" } ?? ""
            throw ValidationError("--target \(text): '\(metricName)' is not a metric of \(game.name) designs (\(names.joined(separator: ", ")))\(near)")
        }
        if let low = band.atLeast, let high = band.atMost, low > high { throw ValidationError("--target \(text): the band is empty (\(low) > \(high))") }
        if metric.kind == .proportion, [band.atLeast, band.atMost].contains(where: { $0.map { !(0...1).contains($0) } ?? false }) {
            throw ValidationError("--target \(text): a share is in 0...1 (0.5 or 50%)")
        }
        return MetricTarget(name: text.trimmingSpaces, lineup: lineup, metric: metric.name, band: band)
    }
}
