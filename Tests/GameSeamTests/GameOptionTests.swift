import GameSeam
import Testing

/// A game's declaration of an option (`GameOption`) is the one place its values and default live:
/// reading a value through it checks the value and supplies the default, in the words every
/// command prints.
@Suite struct GameOptionTests {
    static let rounds = GameOption("max-rounds", .integer(1...10_000), default: .integer(30), help: "Stop after this many rounds.")
    static let orders = GameOption("orders", .choice(["uniform", "own-item"]), help: "The order maker.")
    static let start = GameOption("start-difficulty", .number, help: "The first round's difficulty.")
    static let team = GameOption("team", .texts, help: "A team.")
    static let seed = GameOption("seed", .seed, default: .seed(1), help: "A seed.")
    static let explain = GameOption("explain", .flag, help: "Say why.")

    @Test func aValueInsideTheDeclarationIsReadAsGiven() throws {
        let options: GameOptionValues = [
            "max-rounds": .integer(10_000), "orders": .text("own-item"), "start-difficulty": .number(2.5), "team": .texts(["a,b", "c"]),
            "seed": .seed(UInt64.max), "explain": .flag,
        ]
        #expect(try options.integer(Self.rounds) == 10_000)
        #expect(try options.text(Self.orders) == "own-item")
        #expect(try options.number(Self.start) == 2.5)
        #expect(try options.texts(Self.team) == ["a,b", "c"])
        #expect(try options.seed(Self.seed) == UInt64.max)
        #expect(options.isOn(Self.explain))
        #expect(options.names == ["explain", "max-rounds", "orders", "seed", "start-difficulty", "team"])
    }

    @Test func anOptionNotGivenReadsAsItsDefaultOrNothing() throws {
        let none: GameOptionValues = [:]
        #expect(try none.integer(Self.rounds) == 30)
        #expect(try none.seed(Self.seed) == 1)
        #expect(try none.text(Self.orders) == nil)
        #expect(try none.number(Self.start) == nil)
        #expect(try none.texts(Self.team) == [])
        #expect(!none.isOn(Self.explain))
        #expect(none.isEmpty)
    }

    @Test(arguments: [
        (rounds, GameOptionValue.integer(0), "--max-rounds takes a whole number in 1...10000, not 0"),
        (rounds, .integer(10_001), "--max-rounds takes a whole number in 1...10000, not 10001"),
        (rounds, .text("8"), "--max-rounds takes a whole number"),
        (orders, .text("fair"), "--orders fair is not one of uniform, own-item"),
        (team, .text("a,b"), "--team takes values"),
        (explain, .integer(1), "--explain takes no value"),
    ])
    func aValueOutsideTheDeclarationIsAnOptionError(option: GameOption, value: GameOptionValue, message: String) throws {
        #expect(option.problem(with: value) == message)
        let error = try #require(throws: PlayLoadError.self) { try GameOptionValues([option.name: value]).value(option) }
        guard case .option(let text) = error else { Issue.record("not an option error: \(error)"); return }
        #expect(text == message)
    }

    @Test func aNumberIsTheGamesToCheck() {
        // The design says which numbers it takes (a difficulty in its ramp): the declaration
        // passes every number on, not-a-number too, for the game to refuse in its own words.
        #expect(Self.start.problem(with: .number(.nan)) == nil)
        #expect(Self.start.problem(with: .number(-.infinity)) == nil)
    }

    @Test func mergingKeepsTheLaterValueAndAsWrittenSpellsEachOnce() {
        let a: GameOptionValues = ["max-rounds": .integer(8), "team": .texts(["a"])]
        let b: GameOptionValues = ["team": .texts(["b", "c"]), "start-difficulty": .number(2.5), "explain": .flag, "seed": .seed(7)]
        let merged = a.merging(b)
        #expect(merged["team"] == .texts(["b", "c"]))
        #expect(merged["max-rounds"] == .integer(8))
        #expect(merged.asWritten == ["max-rounds": ["8"], "team": ["b", "c"], "start-difficulty": ["2.5"], "explain": [], "seed": ["7"]])
    }

    @Test func gatheringKeepsEveryRepeatedValueOnceAndTheLaterOfOthers() {
        let a: GameOptionValues = ["team": .texts(["a,b"]), "max-rounds": .integer(8), "agents": .texts(["x"])]
        let b: GameOptionValues = ["team": .texts(["c,d", "a,b"]), "max-rounds": .integer(9), "seed": .seed(3)]
        let gathered = a.gathering(b)
        #expect(gathered["team"] == .texts(["a,b", "c,d"]))
        #expect(gathered["max-rounds"] == .integer(9))
        #expect(gathered["agents"] == .texts(["x"]) && gathered["seed"] == .seed(3))
        #expect(GameOptionValues().gathering(b)["team"] == .texts(["c,d", "a,b"]))
        #expect(a.gathering(["team": .integer(4)])["team"] == .integer(4), "a value of another kind replaces repeated ones")
    }

    @Test func theDomainIsWhatHelpShows() {
        #expect(Self.rounds.domain == "1...10000")
        #expect(Self.orders.domain == "uniform | own-item")
        #expect(Self.start.domain == "a number")
    }
}
