/// The statistics of several things played on the same games, one value each (a game's lineups
/// played together): merging merges each with its own, so every member comes out exactly as a
/// run of it alone over the same chunks would have made it.
public struct SideBySideStatistics<Member: MergeableStatistics>: MergeableStatistics {
    public var members: [Member]

    public init(_ members: [Member]) { self.members = members }

    public mutating func merge(_ other: Self) {
        precondition(other.members.count == members.count, "\(other.members.count) statistics merged into \(members.count)")
        for i in members.indices { members[i].merge(other.members[i]) }
    }
}
