import Relentless

/// Solvability by sampling: for every team size and difficulty asked for (by default those
/// reached from minDifficultyLevel; `check` asks for every start's, ``Relentless/StartCoverage``), generate `samples`
/// rounds and check that generation terminates with a round (G1–G8), that every player holds
/// at least one item (G5), that a package limit leaves room to pack every order (G8, P4, see
/// ``PackingNeed``), and that every order has a ``BuildPlan`` (P4). Each failure names the
/// (game, round) streams that reproduce it with `playbench generate`.
///
/// Sample `s` at the `l`-th difficulty uses game `l`, round `s` of the seed, so a
/// failure is replayed by the same arguments whatever else was sampled.
public enum SamplingSolvability {
    public struct Failure: Sendable, Hashable {
        public var rule: String
        public var message: String
        public var players: Int
        public var difficulty: Double
        public var seed: UInt64
        public var game: UInt64
        public var round: UInt64
        /// How many sampled rounds failed the same way.
        public var occurrences: Int
        /// The category the first failure is about (where a check locates it), if one.
        public var category: String?
        /// The parameter it is about, if one (a package limit: G8).
        public var parameter: ParameterKey?
    }

    public struct Summary: Sendable {
        /// The first failure of each kind, in the order found.
        public var failures: [Failure]
        public var roundsSampled: Int
    }

    /// - Parameter difficulties: the difficulties to sample, in order (sample `s` at the `l`-th
    ///   uses game `l`); nil for those reached from minDifficultyLevel.
    public static func check(
        _ prepared: PreparedDesign, samples: Int, seed: UInt64, pipeline: Pipeline = .default, difficulties: [Double]? = nil
    ) -> Summary {
        let parameters = prepared.design.parameters
        guard let teams = parameters.teamSizes, samples > 0 else { return Summary(failures: [], roundsSampled: 0) }
        var failures: [String: Failure] = [:]
        var order: [String] = []
        var sampled = 0
        var supply = BuildPlan.Supply(design: prepared)
        let peaks = PackingNeed.categoryPeaks(in: prepared)
        var flat = FlatRound()  // made into round after round, keeping its buffers
        func record(
            _ kind: String, _ rule: String, _ message: String, _ players: Int, _ d: Double, _ game: Int, _ round: Int,
            category: String? = nil, parameter: ParameterKey? = nil
        ) {
            if failures[kind] == nil {
                order.append(kind)
                failures[kind] = Failure(
                    rule: rule, message: message, players: players, difficulty: d, seed: seed, game: UInt64(game),
                    round: UInt64(round), occurrences: 0, category: category, parameter: parameter)
            }
            failures[kind]?.occurrences += 1
        }
        for (level, difficulty) in (difficulties ?? parameters.reachableDifficulties()).enumerated() {
            for players in teams {
                let roundParameters = parameters.resolved(difficulty: difficulty, players: players)
                for s in 0..<samples {
                    sampled += 1
                    let round: Round
                    do {
                        try pipeline.makeRound(
                            into: &flat, prepared, parameters: roundParameters, seed: seed, game: UInt64(level), round: UInt64(s))
                        round = Round(flat)
                    } catch {
                        record("generation \(error.rule)", error.rule, error.message, players, difficulty, level, s, category: error.categories.first)
                        continue
                    }
                    if let empty = round.players.firstIndex(where: { $0.warehouse.isEmpty }) {
                        record("empty warehouse", "G5", "player \(empty + 1) holds no item", players, difficulty, level, s)
                    }
                    // Per round, one pass over the orders, each item a lookup: a category's
                    // packing need is found once per design, who holds what once per round.
                    if let limit = round.packageLimit,
                       let tight = firstOrder(of: round, where: { PackingNeed.peak(of: $0, categoryPeaks: peaks) > limit }) {
                        let need = PackingNeed.peak(of: tight, categoryPeaks: peaks)
                        let names = tight.items.map { prepared.name(of: $0) }.joined(separator: " + ")
                        record("package limit", "G8", "the package limit \(limit) is below the \(need) items one package must hold to fill the order \(names)",
                               players, difficulty, level, s, parameter: .probOfHavingPackageLimit)
                    }
                    supply.load(round)
                    if let unfillable = firstOrder(of: round, where: { !supply.canFill($0) }) {
                        let names = unfillable.items.map { prepared.name(of: $0) }.joined(separator: " + ")
                        let missing = supply.firstMissing(in: unfillable).map { prepared.catalogue.categories[$0.category].name }
                        record("unsuppliable order", "P4", "no player holds or can assemble every item of the order \(names)",
                               players, difficulty, level, s, category: missing)
                    }
                }
            }
        }
        return Summary(failures: order.compactMap { failures[$0] }, roundsSampled: sampled)
    }

    /// The first order, player by player and house by house (``Round/allOrders``' order), that
    /// `fails`; without collecting the orders into an array first.
    static func firstOrder(of round: Round, where fails: (Order) -> Bool) -> Order? {
        for player in round.players {
            for house in player.houses {
                for order in house.orders where fails(order) { return order }
            }
        }
        return nil
    }
}
