@testable import RelentlessGeneration
import Randomness
import Relentless
import Testing

/// A catalogue of hundreds of categories takes other paths through G1, G3 and the static G4
/// search than the shipped one (issue 43: their cost no longer grows with the catalogue per
/// round). The paths must choose exactly what the small-catalogue paths choose: same draws, same
/// categories, same stock, same thinnest choice.
@Suite("Large catalogues: the same rounds by the paths for many categories")
struct LargeCatalogueTests {
    /// 300 stateful categories of 2–6 states (two in three order items; one in five not an
    /// inventory item, and then not an order item either, G3) and 60 assembled order categories
    /// of two or three of them, which G3 takes apart; categories share parts, so supplies overlap.
    static let catalogue: String = {
        let states = { (i: Int) in 2 + i % 5 }
        let stateful = (0..<300).map { i in
            let inventory = i % 5 != 4
            return MultisetFixtures.stateful(
                "S\(i)", states: (0..<states(i)).map { "S\(i)x\($0)" }, inventory: inventory, order: inventory && i % 3 != 2)
        }
        let assembled = (0..<60).map { a in
            let parts = a % 2 == 0 ? [a * 5 % 300, (a * 7 + 1) % 300] : [a * 3 % 300, (a * 11 + 2) % 300, (a * 13 + 3) % 300]
            let distinct = Array(Set(parts)).sorted()
            return MultisetFixtures.assembled(
                "A\(a)", parts: parts.map { "S\($0)" }, depth: 0, images: distinct.map { ("S\($0)", states($0)) })
        }
        return MultisetFixtures.catalogue(stateful: stateful, assembled: assembled)
    }()

    static func prepared() throws -> PreparedDesign { try RoundFixtures.prepared(catalogue: catalogue) }

    @Test("G1: remembered swaps choose the categories a shuffled copy chooses")
    func categories() throws {
        let d = try Self.prepared()
        #expect(d.orderCategoryIndices.count > 200, "enough candidates for the choice to matter")
        for k in [1, 3, 8, 500] {
            let context = RoundFixtures.context(d) { $0.numOfCategories = k }
            for seed in UInt64(0)..<50 {
                var copied = RandomSource(seed: seed), remembered = RandomSource(seed: seed)
                let a = try UniformCategoryChooser(copiedCandidates: .max).chooseCategories(context, using: &copied)
                let b = try UniformCategoryChooser(copiedCandidates: 0).chooseCategories(context, using: &remembered)
                #expect(a == b, "k \(k), seed \(seed)")
                #expect(a.count == min(k, d.orderCategoryIndices.count))
            }
        }
    }

    @Test("G1-G8: whole rounds are the same with a bitmap or a set for G3 and either G1 path")
    func rounds() throws {
        let d = try Self.prepared()
        let small = Pipeline(
            categories: UniformCategoryChooser(copiedCandidates: .max), inventory: TakeApartInventoryDeriver(bitmapItems: .max))
        let large = Pipeline(
            categories: UniformCategoryChooser(copiedCandidates: 0), inventory: TakeApartInventoryDeriver(bitmapItems: 0))
        var made = 0
        for players in [3, 6] {
            for difficulty in [1.0, 5.5, 10] {
                let parameters = d.design.parameters.resolved(difficulty: difficulty, players: players)
                for round in UInt64(0)..<10 {
                    let a = Result { () throws(GenerationError) in try small.makeRound(d, parameters: parameters, seed: 4, round: round) }
                    let b = Result { () throws(GenerationError) in try large.makeRound(d, parameters: parameters, seed: 4, round: round) }
                    #expect(a == b, "players \(players), difficulty \(difficulty), round \(round)")
                    if case .success = a { made += 1 }
                }
            }
        }
        #expect(made > 30, "most rounds are made")
    }

    @Test("G4: the greedy thinnest choice is the one summing each extended choice anew would find")
    func thinnestChoice() throws {
        let d = try Self.prepared()
        let candidates = d.orderCategoryIndices
        for k in [3, 4, 7] {
            #expect(StaticSolvability.binomial(candidates.count, k) > 50_000, "the greedy path, not the exact one")
            #expect(StaticSolvability.thinnestChoice(of: k, from: candidates, in: d) == Self.greedyBySums(k, candidates, d))
        }
    }

    /// The greedy search as first written: weakest first, then each step the candidate whose
    /// addition leaves the least supply, by ``PreparedDesign/supply(of:)`` of the whole choice.
    static func greedyBySums(_ k: Int, _ candidates: [Int], _ d: PreparedDesign) -> [Int] {
        var remaining = candidates.sorted { d.supply(of: [$0]) < d.supply(of: [$1]) }
        var chosen: [Int] = []
        while chosen.count < k, !remaining.isEmpty {
            let next = remaining.indices.min { d.supply(of: chosen + [remaining[$0]]) < d.supply(of: chosen + [remaining[$1]]) }!
            chosen.append(remaining.remove(at: next))
        }
        return chosen
    }
}
