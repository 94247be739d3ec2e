import ArgumentParser
import GameSeam

/// An option a game declares (``GameSeam/GameOption``), as the command line takes it: each is
/// declared here once, for every command that offers it, with the help its games' declarations
/// give. A command lists the groups it offers (each one's ``GameOptionGroup/given``), and those are what
/// it refuses for a design whose game does not take them and hands the game as typed values.
protocol GameOptionGroup: ParsableArguments {
    /// The long name, which the games' declarations share.
    static var name: String { get }
    /// The value given on the command line; nil when the option was not.
    var value: GameOptionValue? { get }
}

extension GameOptionGroup {
    var given: (name: String, value: GameOptionValue?) { (Self.name, value) }
}

/// A group of one whole-number option.
protocol IntegerOptionGroup: GameOptionGroup {
    var number: Int? { get }
}

extension IntegerOptionGroup {
    var value: GameOptionValue? { number.map(GameOptionValue.integer) }
}

/// A group of one repeatable option.
protocol RepeatedOptionGroup: GameOptionGroup {
    var texts: [String] { get }
}

extension RepeatedOptionGroup {
    var value: GameOptionValue? { texts.isEmpty ? nil : .texts(texts) }
}

extension GameOptionValues {
    /// The values given of `groups`' options, by name.
    init(_ groups: [(name: String, value: GameOptionValue?)]) {
        self.init()
        for (name, value) in groups where value != nil { self[name] = value }
    }
}

/// `--players N`.
struct PlayersOption: IntegerOptionGroup {
    static let name = "players"
    @Option(name: .customLong(PlayersOption.name), help: GameHelp.declared(PlayersOption.name))
    var number: Int?
}

/// `--team a,b,c`, repeated for several.
struct TeamOption: RepeatedOptionGroup {
    static let name = "team"
    @Option(name: .customLong(TeamOption.name), help: GameHelp.declared(TeamOption.name))
    var texts: [String] = []
}

/// `--agents A,B`, repeated for several.
struct AgentsOption: RepeatedOptionGroup {
    static let name = "agents"
    @Option(name: .customLong(AgentsOption.name), help: GameHelp.declared(AgentsOption.name))
    var texts: [String] = []
}

/// `--max-rounds N`.
struct MaxRoundsOption: IntegerOptionGroup {
    static let name = "max-rounds"
    @Option(name: .customLong(MaxRoundsOption.name), help: GameHelp.declared(MaxRoundsOption.name))
    var number: Int?
}

/// `--start-difficulty D`.
struct StartOption: GameOptionGroup {
    static let name = "start-difficulty"
    @Option(name: .customLong(StartOption.name), help: GameHelp.declared(StartOption.name))
    var number: Double?
    var value: GameOptionValue? { number.map(GameOptionValue.number) }
}

/// `--timeline R`.
struct TimelineOption: IntegerOptionGroup {
    static let name = "timeline"
    @Option(name: .customLong(TimelineOption.name), help: GameHelp.declared(TimelineOption.name))
    var number: Int?
}

/// `--round R`.
struct RoundOption: IntegerOptionGroup {
    static let name = "round"
    @Option(name: .customLong(RoundOption.name), help: GameHelp.declared(RoundOption.name))
    var number: Int?
}

/// `--coefficient k` (tune).
struct CoefficientOption: IntegerOptionGroup {
    static let name = "coefficient"
    @Option(name: .customLong(CoefficientOption.name), help: GameHelp.declared(CoefficientOption.name))
    var number: Int?
}

/// `--personas` (sensitivity).
struct PersonasOption: GameOptionGroup {
    static let name = "personas"
    @Flag(name: .customLong(PersonasOption.name), help: GameHelp.declared(PersonasOption.name))
    var isOn = false
    var value: GameOptionValue? { isOn ? .flag : nil }
}
