import Diagnostics
import GameSeam
import PropertyList
import TabulaImaginarium
import TabulaImaginariumReports
import TabulaImaginariumSync

/// Tabula Imaginarium, the iPad app that draws role-playing maps during play and shares them live
/// (seeds/004; rule ids TI… and TS…), on the seam: a directory with `TabulaMap.plist` (a map's
/// four layers), optionally `Generator.plist` (the map generator's parameters, an extension) and
/// `Session.plist` (the sync session: devices, rates, latency). The app enforces no game rules and
/// leaves dice to real dice, so what is played is its network: `simulate` plays sessions of the
/// sync model (TabulaImaginariumSync) on the design's own map, one lineup per session size;
/// `check` judges the map and the session, `report` draws the map with the sessions' numbers,
/// `generate` makes maps.
public struct TabulaImaginariumDefinition: GameDefinition {
    public let name = "TabulaImaginarium"
    public let summary = "the iPad app that draws role-playing maps during play: its maps checked, drawn and generated, its network's sessions simulated (seeds/004)"
    public let designFileName = MapReader.fileName
    public var inputFileNames: [String] { [MapReader.fileName, GeneratorReader.fileName, SessionReader.fileName] }
    public let commands = [
        "check": """
            the map's four layers (TI1): images declared (TI2), pieces on the grid (TI3), walls snapped to the grid \
            net (TI4), doors over two adjacent tiles in their image's direction (TI5), objects not on one another \
            (TI6), token numbers unique (TI7) and the counter past them (TI8); then Generator.plist's parameters \
            (TI9) and --samples maps generated from --seed on, each connected (TI10); then Session.plist's \
            session on the map (TS1–TS8)
            """,
        "generate": "a map of rooms, corridors and doors from Generator.plist and --seed, always connected (TI10): a sketch, or the map file itself with --format plist",
        "simulate": """
            --games sessions of the sync model for each session size of Session.plist (its defaults without one) on \
            the design's map: messages an edit (TS2), a join's resync tile by tile and grouped in messages and \
            bytes (TS5, TS6), grab collisions, conflicts, drops and the host's wins (TS3, TS4), with intervals; \
            --replay N prints session N's counts
            """,
        "report": "the map drawn as a page, whole and layer by layer (report.html), with its images and tokens, and the sessions' numbers by size",
        "gate": "Balance.plist's targets on a session size's metrics",
        "sweep": "devices, rates, tokens, latency and session length (--set), each session size's metrics with intervals",
        "tune": "a number (--param) at which a session size's metric meets --target",
        "sensitivity": "how conflicts a session move with each number moved ±--step, session by session: paired effects and elasticities",
        "diff": "two designs' sessions of each shared size on the same seeds: the paired change in conflicts, and each parameter changed alone",
        "params": "every number --set can change: its value, values and effect",
    ]
    public let fileOptions: [DesignFileOption] = []
    public let checkOptions: Set<CheckOption> = [.samples, .seed]
    public var rules: [RulesArticle] {
        [RulesArticle(catalog: TabulaMapReference.catalog, markdown: TabulaMapReference.article), RulesArticle(catalog: TabulaSyncReference.catalog, markdown: TabulaSyncReference.article)]
    }

    /// Seeds `check` generates maps from unless `--samples` says otherwise.
    public static let defaultSamples = 20

    public init() {}

    public func check(_ folder: any DesignFolder, _ request: CheckRequest) throws(DesignFileError) -> CheckResult {
        let mapRead = try readMap(folder)
        let (map, mapDiagnostics) = mapRead
        var diagnostics = mapDiagnostics
        var summary: String?
        if let map { summary = Self.describe(map) }
        let (parameters, generatorFile, generatorDiagnostics) = try readGenerator(folder)
        diagnostics += generatorDiagnostics
        if let parameters {
            let samples = request.samples ?? Self.defaultSamples
            let first = request.seed ?? 1
            var made = 0
            for offset in 0..<UInt64(max(0, samples)) {
                let seed = first &+ offset
                switch MapGenerator(parameters).generate(seed: seed) {
                case .success: made += 1
                case .failure(let failure):
                    diagnostics.append(Diagnostic(
                        .error, "seed \(seed) made no map: \(Self.reason(failure)); replay: \(Self.replay(folder, seed: seed))", file: generatorFile,
                        location: .start, rule: "TI10"))
                }
                if diagnostics.hasErrors { break }
            }
            if !diagnostics.hasErrors {
                summary = (summary ?? "")
                    + "  generator: \(parameters.rooms) rooms of \(parameters.smallestRoom)-\(parameters.largestRoom) tiles on \(parameters.columns)x\(parameters.rows); seeds \(first)-\(first &+ UInt64(max(0, made - 1))): \(made) maps made, each connected (TI10)\n"
            }
        }
        let (playable, sessionDiagnostics) = try readPlayable(folder, map: mapRead)
        // The map's own diagnostics were added above; the session's and the two together's here
        // (by hashing: a map of twenty thousand bad tokens has as many diagnostics).
        let mapOnes = Set(mapDiagnostics)
        diagnostics += sessionDiagnostics.filter { !mapOnes.contains($0) }
        if let playable, !diagnostics.hasErrors { summary = (summary ?? "") + Self.describe(playable) }
        return CheckResult(diagnostics: diagnostics, summary: diagnostics.hasErrors ? nil : summary, playable: diagnostics.hasErrors ? nil : playable)
    }

    /// The map file read and checked; a design without one is no design of this game.
    func readMap(_ folder: any DesignFolder) throws(DesignFileError) -> (TabulaMap?, [Diagnostic]) {
        guard let file = try folder.file(MapReader.fileName) else {
            throw DesignFileError(kind: .missing, path: folder.label, reason: "no \(MapReader.fileName)")
        }
        return MapFile.read(bytes: file.bytes, file: file.path)
    }

    /// Generator.plist's parameters; nil without the file (or with errors).
    func readGenerator(_ folder: any DesignFolder) throws(DesignFileError) -> (GeneratorParameters?, String, [Diagnostic]) {
        guard let file = try folder.file(GeneratorReader.fileName) else { return (nil, GeneratorReader.fileName, []) }
        do throws(PlistError) {
            let (parameters, diagnostics) = GeneratorReader.read(try PlistReader.read(bytes: file.bytes, limits: .design), file: file.path)
            return (parameters, file.path, diagnostics)
        } catch {
            return (nil, file.path, [error.diagnostic(file: file.path)])
        }
    }

    static func reason(_ failure: MapGenerator.Failure) -> String {
        switch failure {
        case .impossible(let why): "no seed can: \(why)"
        case .crowded(let why): why
        case .disconnected(let why): "the generator made a map that is not connected (\(why)): a fault of Playbench's, please report it"
        }
    }

    /// The command that makes the map of `seed` again.
    static func replay(_ folder: any DesignFolder, seed: UInt64) -> String {
        "playbench generate \(ShellWord.quoted(folder.directory ?? folder.label)) --seed \(seed)"
    }

    /// What `check` prints under a map without errors.
    static func describe(_ map: TabulaMap) -> String {
        func n(_ count: Int, _ noun: String) -> String { counted(count, noun) }
        return "Tabula Imaginarium map: \(map.grid.columns)x\(map.grid.rows) tiles\n"
            + "  background: \(map.background.standard) and \(n(map.background.painted.count, "painted area")) (\(n(map.images.textures.count, "texture")) declared)\n"
            + "  drawing: \(n(map.walls.count, "wall")), \(n(map.freehand.count, "free-hand line"))\n"
            + "  objects: \(n(map.objects.count, "object")) (\(n(map.objects.count { map.images.object($0.image)?.door != nil }, "door")))\n"
            + "  tokens: \(n(map.tokens.count, "token")), numbers \(map.tokens.map(\.number).sorted().map(String.init).joined(separator: ", ")); the next is \(map.nextTokenNumber)\n"
    }
}
