extension SyncSessionRecord {
    /// Field by field sums, saturating at `Int.max`: a count read from a file (a hostile part)
    /// cannot make a merge trap, and counts of sessions actually played come nowhere near it.
    mutating func add(_ other: SyncSessionRecord) {
        func sum(_ a: inout Int, _ b: Int) {
            let total = a.addingReportingOverflow(b)
            a = total.overflow ? (b < 0 ? .min : .max) : total.partialValue
        }
        sum(&hostEdits, other.hostEdits)
        sum(&peerEdits, other.peerEdits)
        sum(&editMessages, other.editMessages)
        sum(&editRelayed, other.editRelayed)
        sum(&editHops, other.editHops)
        sum(&joins, other.joins)
        // One total a strategy, even in a record decoded from a hostile file.
        let strategies = ResyncStrategy.allCases.count
        if resyncMessages.count != strategies { resyncMessages = (0..<strategies).map { resyncMessages.indices.contains($0) ? resyncMessages[$0] : 0 } }
        if resyncBytes.count != strategies { resyncBytes = (0..<strategies).map { resyncBytes.indices.contains($0) ? resyncBytes[$0] : 0 } }
        for strategy in 0..<strategies {
            sum(&resyncMessages[strategy], other.resyncMessages.indices.contains(strategy) ? other.resyncMessages[strategy] : 0)
            sum(&resyncBytes[strategy], other.resyncBytes.indices.contains(strategy) ? other.resyncBytes[strategy] : 0)
        }
        sum(&hostGrabs, other.hostGrabs)
        sum(&peerGrabs, other.peerGrabs)
        sum(&grabMessages, other.grabMessages)
        sum(&droppedGrabs, other.droppedGrabs)
        sum(&conflicts, other.conflicts)
        sum(&hostWins, other.hostWins)
        sum(&peerWins, other.peerWins)
        sum(&windowGrabs, other.windowGrabs)
        sum(&windowConflicts, other.windowConflicts)
    }
}
