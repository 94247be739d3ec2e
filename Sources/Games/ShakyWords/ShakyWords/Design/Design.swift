/// A Shaky Words design: the quiz packs, how the game is played, the modelled teams and the
/// contests played side by side (each a lineup of teams).
public struct Design: Sendable {
    public var packs: QuizPacks
    public var rules: Rules
    public var personas: [Persona]
    /// Each contest: the personas of its teams, by index into ``personas``, in seat order.
    public var contests: [[Int]]

    public init(packs: QuizPacks, rules: Rules, personas: [Persona], contests: [[Int]]) {
        self.packs = packs
        self.rules = rules
        self.personas = personas
        self.contests = contests
    }

    /// The pack the games draw from (checked to exist, SW6).
    public var pack: QuizPack { packs.pack(named: rules.pack)! }

    /// The questions a game draws from.
    public var pool: [Question] { pack.questions(ofLevel: rules.difficulty) }

    /// How messages and tables name contest `index` ("quick vs casual").
    public func contestName(_ index: Int) -> String {
        contests[index].map { personas[$0].name }.joined(separator: " vs ")
    }
}
