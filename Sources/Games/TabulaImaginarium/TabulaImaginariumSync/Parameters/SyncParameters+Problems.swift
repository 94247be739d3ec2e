/// The limits parameters are held to (TS8): each keeps a session's play finite and quick and its
/// sizes within `Int`, and each refusal says which parameter and why.
extension SyncParameters {
    /// The most devices a session may have: the seed's sessions had three to five iPads; a star
    /// of 256 already sends 255 messages an edit.
    public static let deviceLimit = 256
    public static let tokenLimit = 10_000
    /// A day: the seed's sessions last an evening.
    public static let sessionMinuteLimit = 1_440.0
    /// A minute: beyond it the window no longer reads as a network's delay.
    public static let latencyLimit = 60.0
    /// The most events (edits, grabs, reconnects) a session may expect: what keeps one session's
    /// play well under a second.
    public static let expectedEventLimit = 10_000_000.0
    /// 10⁸ tiles: what keeps a resync's byte count far from `Int`'s range.
    public static let tileLimit = 100_000_000
    /// Bytes of a texture's name.
    public static let nameLimit = 1_024
    /// Bytes of each part of the byte model.
    public static let partLimit = 64
    /// The most a session file or `--set` may give a rate, edits or grabs a minute, reconnects an
    /// hour: a bound to write in a parameter's values; the expected events bound what is played.
    public static let rateLimit = 10_000.0

    /// Everything that keeps these parameters from being played, in the order of their fields;
    /// empty when they can be.
    public var problems: [SyncProblem] {
        var found: [SyncProblem] = []
        if !(1...Self.deviceLimit).contains(devices) {
            found.append(SyncProblem("devices", "\(devices) devices: a session has its host and up to \(Self.deviceLimit - 1) peers (TS1)", rule: "TS8"))
        }
        func rate(_ name: String, _ value: Double, _ unit: String, rule: String) {
            if !value.isFinite || value < 0 { found.append(SyncProblem(name, "\(value) \(unit): a rate is a finite number ≥ 0 (TS7)", rule: rule)) }
        }
        rate("editsPerMinute", editsPerMinute, "edits a minute", rule: "TS8")
        rate("grabsPerMinute", grabsPerMinute, "grabs a minute", rule: "TS8")
        rate("reconnectsPerHour", reconnectsPerHour, "reconnects an hour", rule: "TS8")
        if !(1...Self.tokenLimit).contains(tokens) {
            found.append(SyncProblem("tokens", "\(tokens) tokens: a grab picks one of 1 to \(Self.tokenLimit) tokens (TS3)", rule: "TS8"))
        }
        if !latencySeconds.isFinite || !(0...Self.latencyLimit).contains(latencySeconds) {
            found.append(SyncProblem("latencySeconds", "\(latencySeconds) s: a message takes 0 to \(Int(Self.latencyLimit)) seconds (TS1)", rule: "TS8"))
        }
        if !sessionMinutes.isFinite || !(sessionMinutes > 0 && sessionMinutes <= Self.sessionMinuteLimit) {
            found.append(SyncProblem("sessionMinutes", "\(sessionMinutes) minutes: a session lasts more than 0 and at most \(Int(Self.sessionMinuteLimit)) minutes", rule: "TS8"))
        }
        if found.isEmpty {
            // Only for numbers already known finite and in range.
            let minutes = sessionMinutes
            let expected = Double(devices) * (editsPerMinute + grabsPerMinute) * minutes + Double(devices - 1) * reconnectsPerHour * minutes / 60
            if !(expected <= Self.expectedEventLimit) {
                found.append(
                    SyncProblem(
                        "sessionMinutes", "a session would expect \(Int(expected.rounded())) edits, grabs and reconnects; at most \(Int(Self.expectedEventLimit)) keep it quick",
                        rule: "TS8"))
            }
        }
        found += mapProblems
        for (name, value) in [("tagBytes", bytes.tagBytes), ("separatorBytes", bytes.separatorBytes), ("endMarkerBytes", bytes.endMarkerBytes)]
        where !(0...Self.partLimit).contains(value) {
            found.append(SyncProblem("bytes.\(name)", "\(value) bytes: a part of a message weighs 0 to \(Self.partLimit) bytes", rule: "TS6"))
        }
        return found
    }

    /// The map's problems: a size in range, and textures that cover every tile once (TS5).
    var mapProblems: [SyncProblem] {
        var found: [SyncProblem] = []
        let tiles = map.tileCount
        if map.width < 1 || map.height < 1 {
            found.append(SyncProblem("map", "a \(map.width) × \(map.height) map: width and height are at least 1 tile", rule: "TS5"))
        } else if tiles.map({ $0 > Self.tileLimit }) ?? true {
            found.append(SyncProblem("map", "a \(map.width) × \(map.height) map: at most \(Self.tileLimit) tiles", rule: "TS5"))
        }
        if map.textures.isEmpty { found.append(SyncProblem("map.textures", "no texture: every tile shows one, the main background at least", rule: "TS5")) }
        var seen: Set<String> = []
        var covered = 0
        var countsAreWhole = true
        for (index, texture) in map.textures.enumerated() {
            let path = "map.textures[\(index)]"
            if texture.name.isEmpty {
                found.append(SyncProblem("\(path).name", "an empty name: a resync sends the image's name", rule: "TS5"))
            } else if texture.name.contains(ByteModel.separator) {
                found.append(SyncProblem("\(path).name", "\"\(texture.name)\" holds \"|\", the messages' separator (TS6)", rule: "TS5"))
            } else if texture.name.utf8.count > Self.nameLimit {
                found.append(SyncProblem("\(path).name", "a name of \(texture.name.utf8.count) bytes: at most \(Self.nameLimit)", rule: "TS5"))
            } else if !seen.insert(texture.name).inserted {
                found.append(SyncProblem("\(path).name", "\"\(texture.name)\" is named twice: give its tiles once", rule: "TS5"))
            }
            if !(1...Self.tileLimit).contains(texture.tiles) {
                found.append(SyncProblem("\(path).tiles", "\(texture.tiles) tiles: a texture on the map covers 1 to \(Self.tileLimit) tiles", rule: "TS5"))
                countsAreWhole = false
            } else {
                covered = min(covered + texture.tiles, Self.tileLimit + 1)  // capped: no overflow from many textures
            }
        }
        if let tiles, tiles <= Self.tileLimit, map.width >= 1, map.height >= 1, !map.textures.isEmpty, countsAreWhole, covered != tiles {
            found.append(
                SyncProblem("map.textures", "the textures cover \(covered > Self.tileLimit ? "over \(Self.tileLimit)" : "\(covered)") tiles of \(tiles): every tile shows one texture", rule: "TS5"))
        }
        return found
    }
}
