/// The alternatives a user can pick by name (`playbench generate --orders own-item`).
public enum OrderMakerChoice: String, CaseIterable, Sendable {
    /// G6 as the rules say.
    case uniform
    /// C8: probOfSelectingOwnItem is the chance an order item is the player's own.
    case ownItem = "own-item"

    public var command: any OrderMaker {
        switch self {
        case .uniform: UniformOrderMaker()
        case .ownItem: OwnItemOrderMaker()
        }
    }
}

/// Item allocators a user can pick by name (`playbench generate --items even-categories`).
public enum ItemAllocatorChoice: String, CaseIterable, Sendable {
    /// G5 as the rules say.
    case shuffle
    /// G5 sizes, with every category spread evenly over the players.
    case evenCategories = "even-categories"

    public var command: any ItemAllocator {
        switch self {
        case .shuffle: ShuffleItemAllocator()
        case .evenCategories: EvenCategoryItemAllocator()
        }
    }
}

extension Pipeline {
    /// The default pipeline with the named alternatives.
    public static func with(orders: OrderMakerChoice = .uniform, items: ItemAllocatorChoice = .shuffle) -> Pipeline {
        var pipeline = Pipeline(allocation: items.command, orders: orders.command)
        pipeline.choice = PipelineChoice(orders: orders, items: items)
        return pipeline
    }
}
