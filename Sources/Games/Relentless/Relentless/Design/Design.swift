import Diagnostics
import PropertyList

/// A Relentless design: its catalogue, its parameters and, optionally, demo parameters (C1).
public struct Design: Sendable {
    public var catalogue: Catalogue
    public var parameters: Parameters
    public var demoParameters: Parameters?
}

/// The files of a design as bytes, named as the user should see them in messages. Reading them
/// from disk (or from the copy embedded in the binary) is the caller's job: this module does no I/O.
public struct DesignSources: Sendable {
    public struct File: Sendable {
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public static let catalogueFileName = "GameConfig.plist"
    public static let parametersFileName = "DefaultGameParameters.plist"
    public static let demoParametersFileName = "DemoGameParameters.plist"

    public var catalogue: File?
    public var parameters: File?
    public var demoParameters: File?

    public init(catalogue: File?, parameters: File?, demoParameters: File? = nil) {
        self.catalogue = catalogue
        self.parameters = parameters
        self.demoParameters = demoParameters
    }
}

/// Reads and checks a design: C2–C8, every mistake as a located `Diagnostic`.
///
/// ```swift
/// let result = DesignLoader.load(sources)
/// if result.diagnostics.hasErrors { /* print them, exit 1 */ }
/// let round = result.design?.parameters.resolved(difficulty: 1, players: 4)
/// ```
public enum DesignLoader {
    public struct Result: Sendable {
        /// Nil when a file is missing or not a property list at all.
        public var design: Design?
        public var diagnostics: [Diagnostic]
    }

    /// - Parameters:
    ///   - sources: the design's files, as bytes with the names messages give them.
    ///   - alsoUsed: parameters that commands beyond the rules read (C8).
    ///   - coverage: the games whose difficulties the parameters are evaluated at (M3): those a
    ///     command plays from the default start, or every start, as `check` covers them.
    ///   - limits: how large and deep a file may be before it is refused.
    public static func load(
        _ sources: DesignSources, alsoUsed: Set<ParameterKey> = [], coverage: StartCoverage = .minimum, limits: PlistLimits = .design
    ) -> Result {
        var diagnostics: [Diagnostic] = []
        func parse(_ file: DesignSources.File?, role: String) -> (PlistNode, String)? {
            guard let file else {
                diagnostics.append(Diagnostic(.error, "the design has no \(role)", rule: "C1"))
                return nil
            }
            do {
                return (try PlistReader.read(bytes: file.bytes, limits: limits), file.name)
            } catch {
                diagnostics.append(error.diagnostic(file: file.name))
                return nil
            }
        }
        let catalogueTree = parse(sources.catalogue, role: "catalogue (\(DesignSources.catalogueFileName))")
        let parametersTree = parse(sources.parameters, role: "parameters (\(DesignSources.parametersFileName))")
        var demoTree: (PlistNode, String)?
        if sources.demoParameters != nil { demoTree = parse(sources.demoParameters, role: "demo parameters") }

        var catalogue: Catalogue?
        if let (tree, name) = catalogueTree {
            let (read, found) = CatalogueReader.read(tree, file: name)
            diagnostics += found
            diagnostics += CatalogueChecks.check(read)
            catalogue = read
        }
        func parameters(_ tree: (PlistNode, String)?) -> Parameters? {
            guard let (node, name) = tree else { return nil }
            let (read, found) = ParametersReader.read(node, file: name)
            diagnostics += found
            diagnostics += ParameterChecks.check(read, alsoUsed: alsoUsed, coverage: coverage)
            return read
        }
        let defaults = parameters(parametersTree)
        let demo = parameters(demoTree)
        guard let catalogue, let defaults, sources.demoParameters == nil || demo != nil else {
            return Result(design: nil, diagnostics: diagnostics)
        }
        return Result(design: Design(catalogue: catalogue, parameters: defaults, demoParameters: demo), diagnostics: diagnostics)
    }
}
