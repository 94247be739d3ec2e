import Diagnostics
import MonteCarlo

/// A game whose games compare one by one: two designs' games from one seed (`diff`), a design
/// against itself with a parameter moved (`sensitivity`), paired so that the noise common to both
/// cancels. What a game adds to ``PlayableGame`` to be served by those commands; they refuse a
/// design of a game that does not.
public protocol ComparingGame: PlayableGame {
    /// The metrics every single game has a value of (whether it was won, how long it lasted),
    /// whose mean over games is what each measures: what comparisons set game against game,
    /// two designs' game from one seed (paired), so that the noise common to both cancels.
    var gameMetrics: [MetricDefinition] { get }

    /// Game number `game` of lineup `lineup` from `seed`, played as ``play(_:lineup:game:seed:into:)``
    /// plays it: its value of each of ``gameMetrics``, in order.
    func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> [Double]

    /// The same game measured and recorded into `statistics` as ``play(_:lineup:game:seed:into:)``
    /// records it, for a comparison that also reads each design's own games. Default: the game
    /// played twice, once each way; a game that can do both at once says so here.
    func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout Statistics) -> [Double]

    /// Game number `game` of each of `designs` (a lineup of each) from `seed`, measured: what
    /// ``measure(_:lineup:game:seed:)`` of each gives, for a comparison that plays one game of
    /// many designs (a sensitivity's variants). A game whose designs share work (rounds a moved
    /// parameter does not change) plays them together. Default: one after another.
    func measure(_ designs: [(design: Playable, lineup: Int)], game: UInt64, seed: UInt64) -> [[Double]]

    /// Every difference between two designs, each applied alone to `old`: what `diff` plays to
    /// say which change moved what. Default: each parameter whose value differs.
    func changes(from old: Playable, to new: Playable) -> DesignChanges<Playable>

    /// What the game says of each of two designs from their own games, beside the paired
    /// comparison (`old` and `new` are each one lineup's games). Default: nothing.
    func comparisonNotes(old: Statistics, new: Statistics, of playable: Playable, confidence: Confidence) -> [ComparisonNote]

    /// Every parameter of the design moved down and up by `step` (0.1: ±10%), alone: what
    /// `sensitivity` plays. `subject` names another set of the game's parameters than the
    /// design's (the player model's assumptions, say) by the option that asks for it, one the
    /// game lists in ``GameDefinition/playOptions``. Default: each number parameter with a value, times
    /// 1 ∓ `step` (a whole-number one to the next whole values).
    func moves(of playable: Playable, step: Double, subject: String?) -> ParameterMoves<Playable>

    /// The options under which another design of the game plays lineup `lineup` of this one (a
    /// lineup by the names of its players' models), for `diff` when two designs' own lineups
    /// differ; nil when no option names it (the lineups of a design file). Default: nil.
    func options(playing lineup: Int, of playable: Playable) -> GameOptionValues?
}

extension ComparingGame {
    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout Statistics) -> [Double] {
        play(playable, lineup: lineup, game: game, seed: seed, into: &statistics)
        return measure(playable, lineup: lineup, game: game, seed: seed)
    }

    public func measure(_ designs: [(design: Playable, lineup: Int)], game: UInt64, seed: UInt64) -> [[Double]] {
        designs.map { measure($0.design, lineup: $0.lineup, game: game, seed: seed) }
    }

    public func changes(from old: Playable, to new: Playable) -> DesignChanges<Playable> {
        DesignChanges(changes: parameters.compactMap { change($0, from: old, to: new) }, nothing: "no parameter differs")
    }

    /// `parameter`'s change between two designs applied alone to `old`; nil when its value is
    /// the same in both: what the default ``changes(from:to:)`` lists for each parameter, for a
    /// game that lists more (one a game makes of a name, say).
    public func change(_ parameter: ParameterDefinition, from old: Playable, to new: Playable) -> DesignChanges<Playable>.Change? {
        let (a, b) = (value(of: parameter.name, in: old), value(of: parameter.name, in: new))
        guard a != b else { return nil }
        let (was, now) = (a ?? "(not set)", b ?? "(not set)")
        guard let b else { return .init(name: parameter.name, old: was, new: now, design: nil, reason: "alone it cannot be undone: the new design has no one value of it") }
        do throws(PlayLoadError) {
            return .init(name: parameter.name, old: was, new: now, design: try setting(old, [(parameter.name, b)]))
        } catch {
            return .init(name: parameter.name, old: was, new: now, design: nil, reason: "alone it makes no design: \(error.message)")
        }
    }

    public func comparisonNotes(old: Statistics, new: Statistics, of playable: Playable, confidence: Confidence) -> [ComparisonNote] { [] }

    public func moves(of playable: Playable, step: Double, subject: String?) -> ParameterMoves<Playable> {
        ParameterMoves(moves: parameters.compactMap { move($0, of: playable, step: step) }, sentence: Self.movesSentence(step))
    }

    /// How the default ``moves(of:step:subject:)`` moves a design, in a clause.
    public static func movesSentence(_ step: Double) -> String {
        let percent = (step * 100 == (step * 100).rounded() ? (step * 100).decimalText(0) : (step * 100).decimalText(1)) + "%"
        return "each parameter moved down and up alone (numbers −\(percent) and +\(percent), a whole-number one to the next whole values)"
    }

    /// `parameter` moved down and up by `step` alone, as the default ``moves(of:step:subject:)``
    /// moves each number parameter with a value (a whole-number one to the next whole values);
    /// nil for one that is no number or has no value: for a game that moves more parameters.
    public func move(_ parameter: ParameterDefinition, of playable: Playable, step: Double) -> ParameterMoves<Playable>.Move? {
        guard parameter.isNumeric, let text = value(of: parameter.name, in: playable), let x = Double(text) else { return nil }
        var low = x * (1 - step), high = x * (1 + step)
        if parameter.isIntegral {
            // The next whole values below and above: ±10% of 2 is 1 and 3, not 2 and 2.
            (low, high) = (min(low.rounded(.down), x - 1), max(high.rounded(.up), x + 1))
        }
        if let range = parameter.numericRange { (low, high) = (max(low, range.lowerBound), min(high, range.upperBound)) }
        // To nine decimals: 0.8 × 0.9 is 0.72, not the 0.7200000000000001 a double holds.
        (low, high) = ((low * 1e9).rounded() / 1e9, (high * 1e9).rounded() / 1e9)
        let (lowText, highText) = (Self.number(low, parameter.isIntegral), Self.number(high, parameter.isIntegral))
        func change(_ y: Double) -> Double? { x == 0 ? nil : y / x - 1 }
        guard x != 0 else { return .init(name: parameter.name, current: text, low: lowText, high: highText, designs: nil, reason: "0 moved by a fraction is still 0") }
        guard low < x || high > x else { return .init(name: parameter.name, current: text, low: lowText, high: highText, designs: nil, reason: "its values hold no neighbour of \(text)") }
        do throws(PlayLoadError) {
            let designs = (try setting(playable, [(parameter.name, lowText)]), try setting(playable, [(parameter.name, highText)]))
            return .init(name: parameter.name, current: text, low: lowText, high: highText, designs: designs, lowChange: change(low), highChange: change(high))
        } catch {
            return .init(name: parameter.name, current: text, low: lowText, high: highText, designs: nil, reason: error.message)
        }
    }

    /// A moved value as `--set` writes it.
    private static func number(_ x: Double, _ integral: Bool) -> String { integral ? String(Int64(x.rounded())) : x.designerText }

    public func options(playing lineup: Int, of playable: Playable) -> GameOptionValues? { nil }
}
