import Diagnostics
import GameSeam
import PropertyList
import TabulaImaginarium
import TabulaImaginariumReports

/// `playbench generate` for Tabula Imaginarium: a map made from Generator.plist's parameters (or
/// their defaults) and `--seed`, written in the map format with `--format plist` (what `check`
/// and `report` read), as the map file's JSON with `--format json`, or as a sketch.
extension TabulaImaginariumDefinition: GeneratingGame {
    public var generateOptions: [GameOption] { [] }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        let seed = request.seed
        let (read, file, diagnostics): (GeneratorParameters?, String, [Diagnostic])
        do throws(DesignFileError) {
            // A directory without the map is no design of this game, even though a map is not read.
            guard try folder.file(MapReader.fileName) != nil else {
                throw DesignFileError(kind: .missing, path: folder.label, reason: "no \(MapReader.fileName)")
            }
            (read, file, diagnostics) = try readGenerator(folder)
        } catch {
            throw .file(error)
        }
        let replay = Self.replay(folder, seed: seed)
        if let impossible = diagnostics.first(where: { $0.rule == "TI10" }), diagnostics.filter({ $0.severity == .error }).count == 1 {
            throw .failed("\(file): \(impossible.message) [TI10]\n  reproduce: \(replay)")
        }
        guard !diagnostics.hasErrors else { throw .design(label: folder.label, diagnostics: diagnostics) }
        let parameters = read ?? GeneratorParameters()
        let map: TabulaMap
        switch MapGenerator(parameters).generate(seed: seed) {
        case .success(let made): map = made
        case .failure(let failure): throw .failed("seed \(seed) made no map: \(Self.reason(failure)) [TI10]\n  reproduce: \(replay)")
        }
        switch request.format {
        case .plist:
            return .bytes(MapWriter.bytes(map))
        case .json:
            do throws(PlistError) { return .bytes(try JSONPlistWriter.write(MapWriter.node(map))) } catch { throw .failed(error.description) }
        case .text:
            var out = "A map of \(parameters.columns)x\(parameters.rows) tiles from seed \(seed) (replay: \(replay); --format plist writes \(MapReader.fileName))\n"
            out += "  \(counted(parameters.rooms, "room")), \(counted(parameters.rooms - 1, "corridor")), \(counted(map.objects.count, "door")), \(counted(map.walls.count, "wall")), \(counted(map.tokens.count, "token")); every floor tile reachable (TI10)\n\n"
            out += MapSketch.render(map, floor: parameters.floor)
            out += "\n# rock  . room  , corridor  D door  1-9 a token's number\n"
            return .text(out)
        }
    }
}
