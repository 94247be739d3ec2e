import GameSeam
import MonteCarlo
import TabulaImaginariumSync

/// A number sessions of the sync model measure (the sync model's reference, `NetworkModel.md`): what the network carries per
/// edit and per join, and how often grabs of one token collide and who wins.
///
/// Shares of grabs and of conflicts are means of a per-grab (per-conflict) value, not shares of
/// sessions, so they are `.mean` metrics with Wilson intervals over the grabs: a token's grabs
/// are a Poisson process, so whether one grab's token is next grabbed by another device within a
/// latency barely depends on another grab's. An edit's messages and a join's resync are the same
/// for every edit and join of a design (TS2, TS5): their interval is their value.
public enum SyncMetric: String, Sendable, Hashable, CaseIterable, Codable {
    case messagesPerEdit, tileResyncMessages, tileResyncBytes, groupedResyncMessages, groupedResyncBytes
    case collisionShare, hostWinShare, droppedGrabShare, conflictsPerSession

    public var summary: String {
        switch self {
        case .messagesPerEdit: "messages an edit takes through the host, N − 1 (TS2)"
        case .tileResyncMessages: "messages a joining device is sent tile by tile, as the app does: one a tile (TS5)"
        case .tileResyncBytes: "bytes a joining device is sent tile by tile (TS5, TS6)"
        case .groupedResyncMessages: "messages a joining device is sent grouped, as seeds/004 proposes: one a texture the map shows (TS5)"
        case .groupedResyncBytes: "bytes a joining device is sent grouped (TS5, TS6)"
        case .collisionShare:
            "share of grabs (those a latency or more before the session's end) whose token's next grab, if by another device, "
                + "falls within the window w, a latency: (1 − e^(−Λw))(N − 1)/N (TS4)"
        case .hostWinShare: "share of grab conflicts the host wins, 2/N (TS4)"
        case .droppedGrabShare: "share of grabs the host drops, a peer's that lost a conflict (TS3)"
        case .conflictsPerSession: "grab conflicts a session (TS4)"
        }
    }

    public var withoutValue: String? {
        switch self {
        case .messagesPerEdit: "no edit was made"
        case .tileResyncMessages, .tileResyncBytes, .groupedResyncMessages, .groupedResyncBytes: "no device joined: a session of the host alone"
        case .collisionShare: "no grab was made a latency before a session's end"
        case .hostWinShare: "no grabs conflicted"
        case .droppedGrabShare: "no grab was made"
        case .conflictsPerSession: nil
        }
    }

    public var decimals: Int {
        switch self {
        case .messagesPerEdit, .conflictsPerSession: 2
        case .tileResyncMessages, .tileResyncBytes, .groupedResyncMessages, .groupedResyncBytes: 0
        case .hostWinShare: 3
        case .collisionShare, .droppedGrabShare: 4
        }
    }

    public var definition: MetricDefinition {
        MetricDefinition(name: rawValue, kind: .mean, summary: summary, decimals: decimals, withoutValue: withoutValue)
    }

    /// Its value in one session, for the metrics every session has one of (what `diff` and
    /// `sensitivity` pair session by session).
    public static let perSession: [SyncMetric] = [.conflictsPerSession]

    public func value(of session: SyncSessionRecord) -> Double? {
        self == .conflictsPerSession ? Double(session.conflicts) : nil
    }

    /// Its estimate from sessions' statistics at `confidence`; nil when they give none.
    public func estimate(_ s: SyncStatistics, confidence: Confidence) -> MetricEstimate? {
        func exact(_ value: Double?, _ sample: Int) -> MetricEstimate? { value.map { MetricEstimate(value: $0, interval: $0...$0, sample: sample) } }
        func share(_ p: Proportion) -> MetricEstimate? {
            p.trials > 0 ? MetricEstimate(value: p.value, interval: p.interval(confidence), sample: p.trials) : nil
        }
        switch self {
        case .messagesPerEdit: return exact(s.messagesPerEdit, s.totals.edits)
        case .tileResyncMessages: return exact(s.resyncPerJoin(.tileByTile)?.messages, s.totals.joins)
        case .tileResyncBytes: return exact(s.resyncPerJoin(.tileByTile)?.bytes, s.totals.joins)
        case .groupedResyncMessages: return exact(s.resyncPerJoin(.grouped)?.messages, s.totals.joins)
        case .groupedResyncBytes: return exact(s.resyncPerJoin(.grouped)?.bytes, s.totals.joins)
        case .collisionShare: return share(s.collisions)
        case .hostWinShare: return share(s.hostWins)
        case .droppedGrabShare: return share(s.droppedGrabs)
        case .conflictsPerSession:
            guard let mean = s.conflictsPerSession, let variance = s.conflictsVariance else { return nil }
            let half = confidence.z * (variance / Double(s.sessions)).squareRoot()
            // Never below none: a session's conflicts are a count.
            return MetricEstimate(value: mean, interval: max(0, mean - half)...(mean + half), sample: s.sessions)
        }
    }
}
