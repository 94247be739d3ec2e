import Relentless

/// What every step of a ``Pipeline`` is: a value that carries its own settings and can say
/// exactly what it is, so a run can print or save the pipeline that made a round.
///
/// ```swift
/// let maker = UniformOrderMaker(attemptsPerOrder: 64)
/// maker.description        // uniform(attemptsPerOrder: 64)
/// maker.parametersRead     // [.numOfOrdersPerPlayer, .maxNumOfItemsPerOrder, .timeForEachItem]
/// ```
public protocol GenerationCommand: Sendable, CustomStringConvertible {
    /// The name a user selects it by (`--orders own-item`).
    var name: String { get }
    /// The rules it implements, e.g. `G6`.
    var rules: String { get }
    /// Its own settings, in a fixed order (not the design's parameters).
    var settings: [CommandSetting] { get }
    /// The round parameters it reads, to print with their values for the round.
    var parametersRead: [ParameterKey] { get }
}

extension GenerationCommand {
    public var settings: [CommandSetting] { [] }

    /// `name(setting: value, …)`, or the bare name without settings.
    public var description: String {
        settings.isEmpty ? name : "\(name)(\(settings.map { "\($0.key): \($0.value)" }.joined(separator: ", ")))"
    }
}

/// One setting of a command, as text (numbers printed exactly as used).
public struct CommandSetting: Sendable, Hashable, Codable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// What a command may read about the round being made: the prepared design and the round's
/// parameters. Random draws come separately, from the stream of the step (see ``StreamPath``).
public struct RoundContext: Sendable {
    public let design: PreparedDesign
    public let parameters: RoundParameters

    public init(design: PreparedDesign, parameters: RoundParameters) {
        self.design = design
        self.parameters = parameters
    }

    public var players: Int { parameters.players }

    /// Names of categories, for messages.
    func names(_ categories: [Int]) -> [String] { categories.map { design.categoryName($0) } }
}
