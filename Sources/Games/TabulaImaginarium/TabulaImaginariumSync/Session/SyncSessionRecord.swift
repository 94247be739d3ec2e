/// What one session's traffic came to (TS2–TS5, TS7): whole counts, so that sessions add up
/// exactly in any order.
public struct SyncSessionRecord: Sendable, Hashable, Codable {
    /// Edits made by the host and by its peers (TS2).
    public var hostEdits = 0
    public var peerEdits = 0
    /// Messages the edits took, those the host relayed for a peer, and the hops until the last
    /// device had each, summed (a latency each).
    public var editMessages = 0
    public var editRelayed = 0
    public var editHops = 0
    /// Devices that joined: each peer at the start, and again after each reconnect (TS5).
    public var joins = 0
    /// Their resyncs, by strategy (the order of `ResyncStrategy.allCases`).
    public var resyncMessages: [Int] = Array(repeating: 0, count: ResyncStrategy.allCases.count)
    public var resyncBytes: [Int] = Array(repeating: 0, count: ResyncStrategy.allCases.count)
    /// Grabs made by the host and by its peers, and the messages they took (TS3).
    public var hostGrabs = 0
    public var peerGrabs = 0
    public var grabMessages = 0
    /// Grabs the host dropped: peers' grabs that lost a conflict (TS3).
    public var droppedGrabs = 0
    /// Pairs of consecutive grabs of one token that collided, and who won them (TS4).
    public var conflicts = 0
    public var hostWins = 0
    public var peerWins = 0
    /// Grabs a latency or more before the session's end, and of them those whose token's next
    /// grab came within a latency from another device: the share TS4 gives in closed form.
    public var windowGrabs = 0
    public var windowConflicts = 0

    public init() {}

    /// Saturating, for totals read from a file.
    public var edits: Int { hostEdits.addingReportingOverflow(peerEdits).overflow ? .max : hostEdits + peerEdits }
    public var grabs: Int { hostGrabs.addingReportingOverflow(peerGrabs).overflow ? .max : hostGrabs + peerGrabs }
}
