import MonteCarlo

/// What sessions come to, as whole-number sums: merged in any order or blocking they give the
/// same values, bit for bit, so a run's results never depend on its threads.
///
/// ```swift
/// var statistics = SyncStatistics()
/// for seed in 0..<1000 { statistics.record(model.play(seed: seed)) }
/// statistics.messagesPerEdit                     // N − 1 (TS2)
/// statistics.resyncPerJoin(.grouped).messages    // textures on the map (TS5)
/// statistics.collisions.value                    // share of grabs whose token's next grab is another device's, within a latency (TS4)
/// ```
public struct SyncStatistics: MergeableStatistics, Hashable, Codable {
    public var sessions = 0
    /// Every session's counts, summed.
    public var totals = SyncSessionRecord()
    /// Each session's conflicts squared, summed: with `totals.conflicts`, their spread.
    public var conflictSquares = 0

    public init() {}

    public mutating func record(_ session: SyncSessionRecord) {
        let square = session.conflicts.multipliedReportingOverflow(by: session.conflicts)
        merge(SyncStatistics(sessions: 1, totals: session, conflictSquares: square.overflow ? .max : square.partialValue))
    }

    init(sessions: Int, totals: SyncSessionRecord, conflictSquares: Int) {
        self.sessions = sessions
        self.totals = totals
        self.conflictSquares = conflictSquares
    }

    public mutating func merge(_ other: SyncStatistics) {
        let count = sessions.addingReportingOverflow(other.sessions)
        sessions = count.overflow ? .max : count.partialValue
        totals.add(other.totals)
        let squares = conflictSquares.addingReportingOverflow(other.conflictSquares)
        conflictSquares = squares.overflow ? .max : squares.partialValue
    }

    // MARK: What they measure

    /// Messages an edit took, on average: N − 1 whoever edits (TS2); nil without edits.
    public var messagesPerEdit: Double? { ratio(totals.editMessages, totals.edits) }
    /// Messages the host relayed a peer's edit: N − 2 (TS2); nil without peers' edits.
    public var relayedPerPeerEdit: Double? { ratio(totals.editRelayed, totals.peerEdits) }
    /// Latencies until the last device had an edit, on average (TS2).
    public var hopsPerEdit: Double? { ratio(totals.editHops, totals.edits) }
    /// Share of edits the host made.
    public var hostEditShare: Proportion { Proportion(totals.hostEdits, of: totals.edits) }
    /// Joins a session, on average (TS5).
    public var joinsPerSession: Double? { ratio(totals.joins, sessions) }

    /// One join's resync by `strategy` (TS5): the same for every join of sessions of one map.
    public func resyncPerJoin(_ strategy: ResyncStrategy) -> (messages: Double, bytes: Double)? {
        guard totals.joins > 0, let index = ResyncStrategy.allCases.firstIndex(of: strategy) else { return nil }
        return (Double(totals.resyncMessages[index]) / Double(totals.joins), Double(totals.resyncBytes[index]) / Double(totals.joins))
    }

    /// Messages a grab took, on average (TS3).
    public var messagesPerGrab: Double? { ratio(totals.grabMessages, totals.grabs) }
    /// Conflicts a session, on average (TS4).
    public var conflictsPerSession: Double? { ratio(totals.conflicts, sessions) }
    /// Their sample variance from session to session (n − 1), for an interval on the mean.
    public var conflictsVariance: Double? {
        guard sessions > 1 else { return nil }
        let n = Double(sessions)
        let mean = Double(totals.conflicts) / n
        return max((Double(conflictSquares) - n * mean * mean) / (n - 1), 0)
    }
    /// Grabs whose token's next grab came within a latency from another device, of those a
    /// latency or more before the end (TS4).
    public var collisions: Proportion { Proportion(totals.windowConflicts, of: totals.windowGrabs) }
    /// Conflicts the host won: 2 / N of them (TS4).
    public var hostWins: Proportion { Proportion(totals.hostWins, of: totals.conflicts) }
    /// Grabs the host dropped (TS3).
    public var droppedGrabs: Proportion { Proportion(totals.droppedGrabs, of: totals.grabs) }

    func ratio(_ a: Int, _ b: Int) -> Double? { b > 0 ? Double(a) / Double(b) : nil }
}
