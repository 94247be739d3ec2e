import Diagnostics
import GameSeam
import PropertyList
import TabulaImaginarium
import TabulaImaginariumSync

/// A design as the sync model plays it (the sync model's reference, `NetworkModel.md`): `Session.plist`'s settings, or the
/// model's defaults without one, on the design's own map: its size and textures are what a
/// joining device is sent (TS5) and its tokens what a grab picks from (TS3), so no number of the
/// map is written twice.
extension TabulaImaginariumDefinition {
    public struct Playable: Sendable {
        /// The map, which `report` draws.
        public var map: TabulaMap
        /// Its background layer, as a resync sends it.
        public var textures: MapTextures
        public var settings: SessionSettings
        /// One model per session size, in the order of `settings.deviceCounts`.
        public var models: [SyncModel]
        public var mapFile: String
        /// Nil without a session file: the defaults are played.
        public var sessionFile: String?

        /// Tokens a grab picks from: the session file's, else those on the map.
        public var tokens: Int { settings.tokens ?? map.tokens.count }
    }

    /// The session file's settings and diagnostics; the defaults, with no diagnostic, without
    /// the file.
    func readSession(_ folder: any DesignFolder) throws(DesignFileError) -> (SessionSettings?, String?, [Diagnostic]) {
        guard let file = try folder.file(SessionReader.fileName) else { return (SessionSettings(), nil, []) }
        do throws(PlistError) {
            let (settings, diagnostics) = SessionReader.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path)
            return (settings, file.path, diagnostics)
        } catch {
            return (nil, file.path, [error.diagnostic(file: file.path)])
        }
    }

    /// The design ready to play, or every diagnostic of its map and session file, and of the two
    /// together (a session the model refuses, located at the key it comes from).
    func readPlayable(_ folder: any DesignFolder, map known: (TabulaMap?, [Diagnostic])? = nil) throws(DesignFileError) -> (Playable?, [Diagnostic]) {
        let (map, mapDiagnostics) = if let known { known } else { try readMap(folder) }
        let (settings, sessionFile, sessionDiagnostics) = try readSession(folder)
        let diagnostics = mapDiagnostics + sessionDiagnostics
        guard let map, let settings, !diagnostics.hasErrors else { return (nil, diagnostics) }
        let mapFile = (try folder.file(MapReader.fileName))?.path ?? MapReader.fileName
        var playable = Playable(map: map, textures: MapTextures(map), settings: settings, models: [], mapFile: mapFile, sessionFile: sessionFile)
        let problems = Self.problems(of: playable)
        guard problems.isEmpty else { return (nil, diagnostics + problems.map { Self.diagnostic($0, playable) }) }
        playable.models = Self.models(of: playable)
        return (playable, diagnostics)
    }

    /// Every problem the model finds with the sessions of `playable`, one a parameter: sessions
    /// differ only in their devices, and the first size with a problem names it.
    static func problems(of playable: Playable) -> [SyncProblem] {
        var found: [SyncProblem] = []
        let sizes = playable.settings.deviceCounts
        for devices in sizes {
            for var problem in playable.settings.parameters(devices: devices, map: playable.textures, tokens: playable.tokens).problems
            where !found.contains(where: { $0.parameter == problem.parameter }) {
                if sizes.count > 1, problem.parameter != "devices" { problem.message = "with \(devices) devices, " + problem.message }
                found.append(problem)
            }
        }
        return found
    }

    /// The models of a design whose ``problems(of:)`` are none.
    static func models(of playable: Playable) -> [SyncModel] {
        playable.settings.deviceCounts.compactMap { devices in
            try? SyncModel(playable.settings.parameters(devices: devices, map: playable.textures, tokens: playable.tokens))
        }
    }

    /// A problem where it comes from: a key of the session file, else the map's background,
    /// whose textures the resync sends.
    static func diagnostic(_ problem: SyncProblem, _ playable: Playable) -> Diagnostic {
        if !problem.parameter.hasPrefix("map") {
            let key = problem.parameter
            let path = key.split(separator: ".").reduce(PlistPath()) { $0.appending(String($1)) }
            return Diagnostic(
                .error, problem.message, file: playable.sessionFile ?? SessionReader.fileName,
                location: playable.settings.places[key] ?? playable.settings.places[String(key.prefix { $0 != "." })] ?? .start, keyPath: path.description,
                rule: problem.rule)
        }
        let place = playable.map.background.standardPlace
        return Diagnostic(
            .error, "the background a joining device is sent: \(problem.message)", file: playable.mapFile, location: place.location ?? .start,
            keyPath: place.path.description, rule: problem.rule)
    }
}

extension TabulaImaginariumDefinition {
    /// What `check` prints under a session without errors.
    static func describe(_ playable: Playable) -> String {
        let shared = playable.settings.shared
        let sizes = playable.settings.deviceCounts.map(String.init).joined(separator: ", ")
        let from = playable.sessionFile == nil ? "no \(SessionReader.fileName): the sync model's defaults" : SessionReader.fileName
        var text = "  sync session (\(from)): \(sizes) devices; \(shared.editsPerMinute.designerText) edits and \(shared.grabsPerMinute.designerText) grabs a minute a device, "
            + "\(counted(playable.tokens, "token"))\(playable.settings.tokens == nil ? " (the map's)" : ""), \(shared.latencySeconds.designerText) s a message, "
            + "\(shared.sessionMinutes.designerText) minutes (TS1–TS8)\n"
        if let model = playable.models.first, model.resyncs.count == 2 {
            text += "  a join's resync of the \(playable.textures.width)x\(playable.textures.height) map: \(model.resyncs[0].messages) messages, \(model.resyncs[0].bytes) bytes tile by tile; "
                + "\(model.resyncs[1].messages) messages, \(model.resyncs[1].bytes) bytes grouped (TS5)\n"
        }
        return text
    }
}
