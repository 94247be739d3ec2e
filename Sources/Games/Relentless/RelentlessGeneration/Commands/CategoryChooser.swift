import Randomness
import Relentless

/// G1: which categories a round uses.
public protocol CategoryChooser: GenerationCommand {
    func chooseCategories(_ context: RoundContext, using random: inout RandomSource) throws(GenerationError) -> [Int]

    /// The same categories, written over `categories` (the last round's, whose storage may be
    /// reused). By default, ``chooseCategories(_:using:)``'s result.
    func chooseCategories(
        _ context: RoundContext, using random: inout RandomSource, into categories: inout [Int]) throws(GenerationError)
}

extension CategoryChooser {
    public func chooseCategories(
        _ context: RoundContext, using random: inout RandomSource, into categories: inout [Int]
    ) throws(GenerationError) {
        categories = try chooseCategories(context, using: &random)
    }
}

/// G1 as the rules say: numOfCategories distinct categories, uniformly among those with order
/// items (all of them, in random order, when there are fewer).
public struct UniformCategoryChooser: CategoryChooser {
    /// Up to this many candidates, a copy shuffled in place is cheaper than remembering swaps;
    /// either way gives the same categories from the same draws (not a setting of G1).
    let copiedCandidates: Int

    public init() { copiedCandidates = 256 }

    init(copiedCandidates: Int) { self.copiedCandidates = copiedCandidates }

    public var name: String { "uniform" }
    public var rules: String { "G1" }
    public var parametersRead: [ParameterKey] { [.numOfCategories] }

    /// G1: a partial Fisher–Yates over the candidates, numOfCategories draws.
    public func chooseCategories(_ context: RoundContext, using random: inout RandomSource) throws(GenerationError) -> [Int] {
        var categories: [Int] = []
        try chooseCategories(context, using: &random, into: &categories)
        return categories
    }

    /// The candidates are shuffled in `categories`' own storage, kept from round to round.
    public func chooseCategories(
        _ context: RoundContext, using random: inout RandomSource, into categories: inout [Int]
    ) throws(GenerationError) {
        let candidates = context.design.orderCategories
        guard !candidates.isEmpty else { throw .noOrderCategories }
        let k = max(0, min(context.parameters.numOfCategories, candidates.count))
        categories.removeAll(keepingCapacity: true)
        // The same draws and categories either way: a catalogue of many categories is not copied
        // for each round (50,000 of them made sampling solvability cost more than reading).
        if candidates.count > copiedCandidates {
            categories.append(contentsOf: random.choosePrefixPositions(k, ofCount: candidates.count).lazy.map { candidates[$0] })
            return
        }
        categories.append(contentsOf: candidates)
        random.choosePrefix(k, of: &categories)
        categories.removeSubrange(k...)
    }
}
