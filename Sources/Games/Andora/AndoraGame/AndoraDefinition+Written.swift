import Andora
import GameSeam
import PropertyList

/// Where Andora.plist writes what `--set` changes. Each parameter sets every variant or every
/// MCTS agent at once, while one edit writes one value: a parameter is written when one entry
/// of the file is all the setting changes (a design of one variant, say), else not at all.
extension AndoraDefinition {
    public func written(_ name: String, value: String, in playable: Playable) -> WrittenValue? {
        let variants = playable.design.variants
        switch name {
        case "miniFieldStrategy":
            // R1.4: `variants[i].miniFieldStrategy`, a choice word.
            guard MiniFieldStrategy(rawValue: value) != nil, let i = WrittenValue.onlyChanged(variants.map(\.rules.strategy.rawValue), toEach: value) else { return nil }
            return WrittenValue(file: designFileName, path: PlistPath([.key("variants"), .index(i), .key("miniFieldStrategy")]), value: .string(value))
        case "whenTargetIsFull":
            // R1.9.2: `variants[i].whenTargetIsFull`, a choice word.
            guard FullTargetRule(rawValue: value) != nil, let i = WrittenValue.onlyChanged(variants.map(\.rules.whenTargetIsFull.rawValue), toEach: value) else { return nil }
            return WrittenValue(file: designFileName, path: PlistPath([.key("variants"), .index(i), .key("whenTargetIsFull")]), value: .string(value))
        case "playouts":
            return writtenPlayouts(value, in: playable)
        default:
            return nil
        }
    }

    /// `matchups[i]`, the one matchup with an MCTS agent whose playouts differ, spelled whole
    /// ("mcts:500,random"). Matchups `--agents` names are a choice of play, in no file.
    private func writtenPlayouts(_ value: String, in playable: Playable) -> WrittenValue? {
        guard let playouts = Int(value), playable.matchups == playable.design.matchups else { return nil }
        func stronger(_ agent: AgentKind) -> AgentKind {
            if case .mcts = agent { return .mcts(playouts: playouts) }
            return agent
        }
        let searching = playable.matchups.indices.filter { i in
            [playable.matchups[i].first, playable.matchups[i].second].contains { if case .mcts = $0 { true } else { false } }
        }
        let changed = searching.map { i in Matchup(stronger(playable.matchups[i].first), stronger(playable.matchups[i].second)) }
        guard let k = WrittenValue.onlyChanged(searching.map { playable.matchups[$0] }, to: changed) else { return nil }
        return WrittenValue(file: designFileName, path: PlistPath([.key("matchups"), .index(searching[k])]), value: .string(changed[k].description))
    }
}
