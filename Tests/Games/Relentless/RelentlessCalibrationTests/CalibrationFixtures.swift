import Foundation
import PropertyList
import Relentless
import RelentlessCalibration
import RelentlessGeneration
import RelentlessSimulation
import TestSupport
import Testing

enum CalibrationFixtures {
    static func shipped() throws -> (design: PreparedDesign, parameters: Parameters, version: String) {
        let sources = try Fixtures.shippedDesignSources()
        let result = DesignLoader.load(sources)
        let design = try #require(result.design)
        let files = [try #require(sources.catalogue), try #require(sources.parameters)].map { (name: $0.name, bytes: $0.bytes) }
        return (try PreparedDesign(design), design.parameters, DesignVersion.of(files))
    }

    static func persona(_ name: String) throws -> Persona {
        let url = Fixtures.shippedDesign.appendingPathComponent(PlayersReader.fileName)
        let (model, _) = PlayersReader.read(try PlistReader.read(bytes: try Fixtures.bytes(url)), file: url.path)
        return try #require(model?.persona(named: name))
    }
}
