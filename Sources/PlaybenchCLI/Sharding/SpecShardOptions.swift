import ArgumentParser
import MonteCarlo

/// `--shard`, `--exchange` and `--shard-timeout`: the options that spread a spec's `tune` over
/// shards that run at the same time and meet in a shared directory (``SpecExchange``). Unlike
/// the other commands' shards (``ShardOptions``), which play ahead and write one part each, a
/// spec's shards wait for one another at every point the search plays.
struct SpecShardOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            """
            With several targets or parameters: play only shard I of N (0-based) of each point's \
            games, meeting the other shards in --exchange; every shard must run at the same \
            time. 'auto' or 'auto/N' takes I from the scheduler, as the other commands' --shard \
            does.
            """, valueName: "I/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "With --shard: a directory every shard reads and writes (a cluster's shared filesystem), where each writes its games of each point; 'playbench merge DIR/*.json' replays the search from them.",
            valueName: "dir"))
    var exchange: String?

    @Option(help: ArgumentHelp("With --shard: how long a shard waits for another's games of a point before it stops (exit 75).", valueName: "seconds"))
    var shardTimeout: Double = 3600

    func validate() throws {
        if shard != nil && exchange == nil { throw ValidationError("--shard: a spec's shards meet in a directory they all see: name it with --exchange DIR") }
        if exchange != nil && shard == nil { throw ValidationError("--exchange is where a spec's shards meet: give each one its --shard I/N") }
        if let shard = try resolve(), shard.count > Shard.maxCount { throw ValidationError("--shard: at most \(Shard.maxCount) shards") }
        guard shardTimeout > 0, shardTimeout <= 1e7 else { throw ValidationError("--shard-timeout must be in (0, 10000000] seconds") }
    }

    func resolve() throws -> Shard? { try ShardOptions.resolve(shard) }

    /// Only a spec's search is sharded, and a shard is not resumed: it takes what --exchange holds.
    func refuse(spec: Bool, resuming: Bool) throws {
        guard shard != nil else { return }
        if !spec { throw ValidationError("--shard spreads a spec's games (several --param or --target); one value's search is short: run it on one machine") }
        if resuming { throw ResumeOption.refusal("continues a search played here; a shard takes what --exchange holds: start it again as it was") }
    }
}
