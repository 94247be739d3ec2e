import Randomness
import Relentless

/// G1: which categories a round uses.
public protocol CategoryChooser: GenerationCommand {
    func chooseCategories(_ context: RoundContext, using random: inout RandomSource) throws(GenerationError) -> [Int]
}

/// G1 as the rules say: numOfCategories distinct categories, uniformly among those with order
/// items (all of them, in random order, when there are fewer).
public struct UniformCategoryChooser: CategoryChooser {
    public init() {}
    public var name: String { "uniform" }
    public var rules: String { "G1" }
    public var parametersRead: [ParameterKey] { [.numOfCategories] }

    /// G1: a partial Fisher–Yates over the candidates, numOfCategories draws.
    public func chooseCategories(_ context: RoundContext, using random: inout RandomSource) throws(GenerationError) -> [Int] {
        var candidates = context.design.orderCategories
        guard !candidates.isEmpty else { throw .noOrderCategories }
        let k = max(0, min(context.parameters.numOfCategories, candidates.count))
        random.choosePrefix(k, of: &candidates)
        return Array(candidates.prefix(k))
    }
}
