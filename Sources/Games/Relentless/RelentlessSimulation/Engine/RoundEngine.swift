import RelentlessGeneration
import Relentless

/// Plays one generated round for a team of modelled players, every player on one clock
/// (P1–P7).
///
/// ## Time
/// The game's clock ticks once a second: orders appear on ticks (P2), count down and drain
/// satisfaction on ticks (P3) and run out on ticks (P6). Players act in continuous time (a
/// delivery can land at 12.4 s). The engine is discrete-event: it jumps from one event to the
/// next (an order appearing, an action of some player ending, an order running out, the tick
/// on which draining would take a player's satisfaction to the minimum, the end of the round)
/// and drains, in one step, satisfactionUnitDecrease × (ticks passed) × (active orders) in
/// between. Since the active orders only change at events, this equals ticking second by
/// second, exactly; it is just cheaper.
///
/// At one instant: the tick's drain first, then time-outs, then new orders, then the actions
/// that end there, so a package landing on the very tick its order runs out is too late, and a
/// perfect player's package lands after the order it fills has appeared.
///
/// ## Players act at once, and no seat goes first (P4)
/// Every player is a small state machine that does one action at a time: find and pack an
/// item of its own, describe items to a teammate, pass a package, assemble, deliver; or, when
/// asked, help. A request (a package passed to a teammate with a description) waits for the
/// teammate's current action to end and is served first come, first served, before the
/// teammate's own work; a helper identifies each item described, finds and packs it, and
/// passes the package back, and does nothing else meanwhile. Actions that end at the same
/// instant are taken in an order drawn from the round's own stream
/// (``Generation/StreamPath/Purpose/contention``), never by seat, so identical players have
/// identical chances whatever their seat, and any permutation of a team plays the same game
/// in distribution.
///
/// ## Readings where RULES.md is silent
/// - Satisfaction stays within [minSatisfaction, maxSatisfaction] after every change (P5 clamps
///   after deliveries; draining and time-outs are clamped too, so a round ended by P7's minimum
///   counts the minimum, not less, in M1).
/// - `timeLeft` is the order's countdown as the game shows it: its limit minus whole seconds
///   since it appeared.
/// - `numOfDifferences` between a package and an order (multisets) is the larger of "order items
///   missing from the package" and "package items not in the order": a wrong item counts once.
/// - The player model (who knows what, how long things take, what a player does with an order it
///   cannot finish) is this project's and documented on ``Persona`` and in the README.
public enum RoundEngine {
    /// P2: seconds between one order appearing and the next, for each player.
    public static let appearanceInterval = 15

    /// Plays one round with buffers of its own. To play many rounds, reuse a ``RoundTable``.
    public static func play(
        _ round: Round, design: PreparedDesign, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules
    ) -> RoundOutcome {
        var table = RoundTable(design: design)
        return table.play(round, parameters: parameters, team: team, rules: rules)
    }
}

/// Where rounds of one design are played, one after another: the engine's buffers, kept between
/// rounds so that a round allocates almost nothing. One per thread (it is a value; copies are
/// independent).
public struct RoundTable {
    public let design: PreparedDesign
    var state: RoundState

    public init(design: PreparedDesign) {
        self.design = design
        state = RoundState(setup: RoundSetup(design: design))
    }

    /// - Parameter timeline: record every action (for a replay's timeline); it costs time.
    public mutating func play(_ round: FlatRound, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules, timeline: Bool = false) -> RoundOutcome {
        precondition(team.count == round.warehouses.count, "a persona per player")
        // Its ids are keys of the design it was made for (``ItemID``).
        precondition(round.items.design === design, "a round made for another design")
        state.load(round, design: design, parameters: parameters, team: team, rules: rules)
        state.timeline = timeline ? [] : nil
        return state.run()
    }

    /// Numbers `round` for play (``RoundSetup``) without playing it: ``play(loaded:parameters:averages:rules:)``
    /// then plays it for one team after another, the round's numbering done once.
    mutating func load(_ round: FlatRound) -> LoadedRound {
        precondition(round.items.design === design, "a round made for another design")
        state.setup.load(round, design: design)
        return LoadedRound(players: round.warehouses.count, streams: RoundStreams(seed: round.seed, game: round.game, round: round.round))
    }

    /// Plays `round`, the last one ``load(_:)`` numbered, for the team `averages` are of: the
    /// same outcome as ``play(_:parameters:team:rules:timeline:)`` of the round.
    mutating func play(loaded round: LoadedRound, parameters: RoundParameters, averages: AverageTimes, rules: SatisfactionRules) -> RoundOutcome {
        precondition(averages.team.count == round.players, "a persona per player")
        state.averages = averages
        state.load(team: averages.team, for: round.streams, parameters: parameters, rules: rules)
        state.timeline = nil
        return state.run()
    }

    /// What the team's part of a round needs of the round ``load(_:)`` numbered.
    struct LoadedRound {
        var players: Int
        var streams: RoundStreams
    }

    /// Plays a round given as a tree (one made by hand, say).
    public mutating func play(_ round: Round, parameters: RoundParameters, team: [Persona], rules: SatisfactionRules, timeline: Bool = false) -> RoundOutcome {
        play(FlatRound(round, design: design), parameters: parameters, team: team, rules: rules, timeline: timeline)
    }
}
