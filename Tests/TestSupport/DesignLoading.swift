import Foundation
import Relentless

extension DesignFixtures {
    /// Inline texts as a design's files, named as messages should show them.
    public static func sources(catalogue: String = validCatalogue, parameters: String = validParameters) -> DesignSources {
        DesignSources(
            catalogue: .init(name: DesignSources.catalogueFileName, bytes: Array(catalogue.utf8)),
            parameters: .init(name: DesignSources.parametersFileName, bytes: Array(parameters.utf8)))
    }
}

extension Fixtures {
    /// The shipped design's files as they are on disk, demo parameters included; or those of
    /// another design directory (`harsherDesign`).
    public static func shippedDesignSources(_ directory: URL = shippedDesign) throws -> DesignSources {
        func file(_ name: String) throws -> DesignSources.File {
            .init(name: name, bytes: try bytes(directory.appendingPathComponent(name)))
        }
        return DesignSources(
            catalogue: try file(DesignSources.catalogueFileName), parameters: try file(DesignSources.parametersFileName),
            demoParameters: try file(DesignSources.demoParametersFileName))
    }
}
