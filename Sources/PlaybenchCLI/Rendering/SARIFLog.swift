import Diagnostics

/// SARIF 2.1.0, the format code-scanning services (GitHub, GitLab, Azure) import.
/// Rules are the RULES.md ids; locations use 1-based lines and columns as SARIF does.
struct SARIFLog: Encodable {
    var version = "2.1.0"
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version, runs
        case schema = "$schema"
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String?
        var level: String
        var message: Message
        var locations: [Location]
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int?
        var startColumn: Int?
        var byteOffset: Int?
    }

    init(diagnostics: [Diagnostic], tool: ToolInfo) {
        let ruleIds = Set(diagnostics.compactMap(\.rule)).sorted()
        let driver = Driver(
            name: tool.name, version: tool.version, informationUri: tool.informationURI,
            rules: ruleIds.map { Rule(id: $0, shortDescription: Message(text: "RULES.md \($0)")) })
        let results = diagnostics.map { d -> Result in
            var text = d.keyPath.isEmpty ? d.message : "\(d.keyPath): \(d.message)"
            if let suggestion = d.suggestion { text += " (\(suggestion))" }
            let region = d.location.map { l in
                l.isByteOffset ? Region(byteOffset: l.column) : Region(startLine: l.line, startColumn: l.column)
            }
            let locations = d.file.map {
                [Location(physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: $0), region: region))]
            } ?? []
            return Result(ruleId: d.rule, level: d.severity.rawValue, message: Message(text: text), locations: locations)
        }
        runs = [Run(tool: Tool(driver: driver), results: results)]
    }
}
