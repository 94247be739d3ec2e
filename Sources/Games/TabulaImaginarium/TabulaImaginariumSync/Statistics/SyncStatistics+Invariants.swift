extension SyncStatistics {
    /// Why statistics read from a file cannot be those of `expected` sessions played, or nil: what
    /// every played session holds, summed (TS2–TS5).
    public func invariantViolation(sessions expected: Int) -> String? {
        guard sessions == expected, sessions >= 0 else { return "\(sessions) sessions where \(expected) were played" }
        let t = totals
        let counts = [
            t.hostEdits, t.peerEdits, t.editMessages, t.editRelayed, t.editHops, t.joins, t.hostGrabs, t.peerGrabs, t.grabMessages, t.droppedGrabs,
            t.conflicts, t.hostWins, t.peerWins, t.windowGrabs, t.windowConflicts, conflictSquares,
        ]
        guard counts.allSatisfy({ $0 >= 0 }), (t.resyncMessages + t.resyncBytes).allSatisfy({ $0 >= 0 }) else { return "a negative count" }
        guard t.resyncMessages.count == ResyncStrategy.allCases.count, t.resyncBytes.count == ResyncStrategy.allCases.count else {
            return "resync totals for \(t.resyncMessages.count) strategies, not \(ResyncStrategy.allCases.count)"
        }
        guard !t.hostEdits.addingReportingOverflow(t.peerEdits).overflow, !t.hostGrabs.addingReportingOverflow(t.peerGrabs).overflow else {
            return "more edits or grabs than a count holds"
        }
        let wins = t.hostWins.addingReportingOverflow(t.peerWins)
        guard !wins.overflow, wins.partialValue == t.conflicts else { return "\(t.hostWins) + \(t.peerWins) wins of \(t.conflicts) conflicts" }
        guard t.windowConflicts <= t.windowGrabs, t.windowGrabs <= t.grabs else { return "\(t.windowConflicts) collisions of \(t.windowGrabs) grabs with a window" }
        guard t.droppedGrabs <= t.peerGrabs, t.droppedGrabs <= t.conflicts else { return "\(t.droppedGrabs) dropped grabs of \(t.peerGrabs) peers' and \(t.conflicts) conflicts" }
        guard t.editRelayed <= t.editMessages, t.conflicts <= t.grabs else { return "more relayed messages than sent, or conflicts than grabs" }
        return nil
    }
}
