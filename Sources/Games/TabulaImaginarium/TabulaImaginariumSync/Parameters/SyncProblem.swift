/// Why parameters cannot be played: the parameter's path, what is wrong with it and the rule id
/// it breaks, as `devices: 0 devices: a session has its host (TS1) [TS8]`.
public struct SyncProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The parameter's path: `devices`, `map.textures[2].tiles`.
    public var parameter: String
    public var message: String
    public var rule: String

    public init(_ parameter: String, _ message: String, rule: String) {
        self.parameter = parameter
        self.message = message
        self.rule = rule
    }

    public var description: String { "\(parameter): \(message) [\(rule)]" }
}

/// Parameters a model refused, with every problem they have.
public struct SyncParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [SyncProblem]

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
