import Relentless

/// What a team's actions take on average, as a player foresees them when it judges whether it can
/// finish an order (``RoundState/averageSeconds(ofOrder:player:)``, ``RoundState/appendAverageTerms(ofSteps:player:)``):
/// its personas' times with no noise, no misunderstanding and no wrong teammate. Each sum is made
/// once per team, in the order the estimates always added it up, so every estimate is the same
/// double as before the table. A simulator makes its team's once (``GameSimulator``), so that
/// teams playing the same rounds in turn do not make theirs again every round.
struct AverageTimes: Sendable {
    /// The team the tables are of.
    private(set) var team: [Persona] = []
    private var players = 0
    /// find + pack, per player.
    private(set) var ownItem: [Double] = []
    private(set) var assemble: [Double] = []
    private(set) var pass: [Double] = []
    /// describe (the asker's) + identify + find + pack (the holder's), per asker, holder and kind.
    private var askedItem: [Double] = []
    /// The asker's pass + the holder's pass back, per asker and holder.
    private var trip: [Double] = []

    init() {}

    init(_ team: [Persona]) { load(team) }

    /// The tables of `team`, made again only when it is another team than the last.
    mutating func load(_ team: [Persona]) {
        guard team != self.team else { return }
        self.team = team
        players = team.count
        ownItem.removeAll(keepingCapacity: true)
        assemble.removeAll(keepingCapacity: true)
        pass.removeAll(keepingCapacity: true)
        askedItem.removeAll(keepingCapacity: true)
        trip.removeAll(keepingCapacity: true)
        for me in team {
            ownItem.append(me.findSeconds + me.packSeconds)
            assemble.append(me.assembleSeconds)
            pass.append(me.passSeconds)
            for holder in team {
                // Per kind in `index` order, each `describe[kind] + identify[kind] + find + pack`.
                let (describe, identify) = (me.describeSeconds, holder.identifySeconds)
                askedItem.append(describe.stateful + identify.stateful + holder.findSeconds + holder.packSeconds)
                askedItem.append(describe.titled + identify.titled + holder.findSeconds + holder.packSeconds)
                askedItem.append(describe.rhythmic + identify.rhythmic + holder.findSeconds + holder.packSeconds)
                askedItem.append(describe.assembled + identify.assembled + holder.findSeconds + holder.packSeconds)
                trip.append(me.passSeconds + holder.passSeconds)
            }
        }
    }

    @inline(__always)
    func askedItem(by asker: Int, of holder: Int, kind: CategoryKind) -> Double {
        askedItem[(asker * players + holder) * 4 + kind.index]
    }

    @inline(__always)
    func trip(by asker: Int, to holder: Int) -> Double { trip[asker * players + holder] }
}

extension CategoryKind {
    /// Its position in `allCases` (four kinds).
    @inline(__always)
    var index: Int {
        switch self {
        case .stateful: 0
        case .titled: 1
        case .rhythmic: 2
        case .assembled: 3
        }
    }
}
