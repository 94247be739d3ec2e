import GameSeam
import PropertyList
import TurnTracker

/// Where Sessions.plist writes what `--set` changes: a game's numbers under `games.GAME` (TT7,
/// TT9), a persona's under `personas.PERSONA` (TT10), both dicts keyed by name. A parameter of
/// every game or persona is written when one entry is all the setting changes (one edit writes
/// one value); `players` and `actionScale` are what-ifs that no one value of the file holds.
extension TurnTrackerDefinition {
    public func written(_ name: String, value: String, in playable: Playable) -> WrittenValue? {
        guard let number = Double(value), number.isFinite else { return nil }
        let design = playable.design
        if let (base, argument) = Self.split(name) {
            if Self.perGame.contains(where: { $0.name == base }) {
                guard let g = design.games.firstIndex(where: { $0.name == argument }), let timing = design.timings[g] else { return nil }
                return Self.written(base, ofGame: design.games[g].name, timing, value)
            }
            guard design.personas.contains(where: { $0.name == argument }) else { return nil }
            return written(base, ofPersona: argument, value, in: playable)
        }
        switch name {
        case "rounds", "turnTimer":
            // The games with session settings: a setting changes no other (TT7).
            let played = design.timings.indices.compactMap { g in design.timings[g].map { (game: g, timing: $0) } }
            let changed =
                name == "rounds"
                ? WrittenValue.onlyChanged(played.map { if case .fixed(let n) = $0.timing.rounds { n } else { nil } }, toEach: Int(value))
                : WrittenValue.onlyChanged(played.map { $0.timing.turnTimer ?? 0 }, toEach: number)
            guard let k = changed else { return nil }
            return Self.written(name, ofGame: design.games[played[k].game].name, played[k].timing, value)
        case "forgetReady":
            guard let p = WrittenValue.onlyChanged(design.personas.map(\.forgetReady), toEach: number) else { return nil }
            return written("forgetReady", ofPersona: design.personas[p].name, value, in: playable)
        default:
            // players: every table's seats rewritten (arrays of personas, TT11); actionScale:
            // every time of every game scaled (TT8). Neither is one value of the file.
            return nil
        }
    }

    /// `games.GAME.rounds` (TT7, a whole number) or `games.GAME.turnTimer` (TT9), of a game
    /// whose settings are `timing`. A timer of 0 is no timer, which the file writes by leaving
    /// the key out, and rounds `{min, max}` are a dict: one value can neither remove a key nor
    /// replace a dict.
    private static func written(_ key: String, ofGame game: String, _ timing: GameTiming, _ value: String) -> WrittenValue? {
        if key == "turnTimer", Double(value) == 0 { return nil }
        if key == "rounds", case .range = timing.rounds { return nil }
        guard let number = WrittenValue.numeric(value) else { return nil }
        return WrittenValue(file: SessionsReader.fileName, path: PlistPath([.key("games"), .key(game), .key(key)]), value: number)
    }

    /// `personas.PERSONA.KEY` (TT10). `notice[PERSONA]` is the mean of a time (TT8), written as
    /// the file writes that time: a number of seconds, an exponential's `mean`, or a
    /// log-normal's `median` (its sigma kept), each as ``setting(_:_:to:)`` scales it.
    private func written(_ key: String, ofPersona name: String, _ value: String, in playable: Playable) -> WrittenValue? {
        let path = PlistPath([.key("personas"), .key(name), .key(key)])
        guard key == "notice" else { return WrittenValue.numeric(value).map { WrittenValue(file: SessionsReader.fileName, path: path, value: $0) } }
        guard let before = playable.design.personas.first(where: { $0.name == name })?.notice,
            let set = try? setting(playable, "notice[\(name)]", to: value), let after = set.design.personas.first(where: { $0.name == name })?.notice
        else { return nil }
        switch (before, after) {
        case (.exponential, .exponential(let mean)):
            return WrittenValue(file: SessionsReader.fileName, path: path.appending("mean"), value: .real(mean))
        case (.logNormal, .logNormal(let median, _)):
            return WrittenValue(file: SessionsReader.fileName, path: path.appending("median"), value: .real(median))
        case (.fixed, .fixed(let seconds)):
            // A fixed time may also be written `{distribution: fixed, seconds: N}`, which the
            // playable does not tell apart: the plain number, the usual spelling, is written
            // (the editor refuses to replace a dict with it, so that spelling is told, not lost).
            return WrittenValue(file: SessionsReader.fileName, path: path, value: .real(seconds))
        default:
            // A time of mean 0 set to more becomes a fixed time: a dict one value cannot replace.
            return nil
        }
    }
}
