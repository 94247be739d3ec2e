import ArgumentParser

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the parts of a sharded simulate, sweep, gate, sensitivity, calibrate --sbc study or spec tune into the result one machine would give.",
        discussion: """
            A long run can be spread over the machines of a cluster: run the same command with \
            --shard I/N on N machines (or let the scheduler set I: --shard auto/N), each writes a \
            part, then merge the N parts. The parts hold the statistics of fixed blocks of 256 \
            games; merge folds them in the order one machine would have, so the output is \
            exactly, byte for byte, that of the command without --shard: same seeds, same \
            numbers, whatever the number of shards or threads.

            A spec's tune (several --param or --target) is sharded differently: its shards run \
            at once and meet in --exchange DIR at every point; merge DIR/*.json replays the \
            search from what they left there, without playing (see tune --help).

            Merge replays the command the parts name (their --output, --report, --junit and other \
            options included), from the directory it is run in: the design, players and balance \
            files must be the ones the shards played (each part carries their fingerprint).

            Examples:
              playbench simulate --games 100000 --shard 0/4 --part p0.json   # … and 1/4, 2/4, 3/4
              playbench merge p0.json p1.json p2.json p3.json
              playbench merge parts/*.json

            Each part (format playbench-seam-part/1, whatever the game) is validated before \
            anything is merged: its checksum (a part changed after its shard wrote it, by a \
            damaged copy or an edit, is refused), its format (a part of an older playbench is \
            named as such), that the parts make one job of the design's lineups, and every \
            block's statistics by the game's own rules (counts that fit the games of the block, \
            rounds and a team the command's design plays), then folds them as one machine does.

            Exits as the merged command does (gate: 1 when a target is missed), 65 when a part is \
            refused (its name and the reason on stderr) or the parts do not make one whole job (a \
            shard missing or twice, parts of different commands or files), 66 when a part is \
            missing.
            """)

    @Argument(help: ArgumentHelp("The parts the shards wrote, all N of them, in any order.", valueName: "part"))
    var parts: [String]

    func validate() throws {
        if parts.isEmpty { throw ValidationError("name the parts to merge (playbench merge part-0-of-4.json …)") }
    }

    func run() throws {
        // Every part names its format and the command that made it; the command reads them.
        let first = try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(parts[0]) }
        guard let header = SeamParts.header(first) else {
            Output.error("\(parts[0]): not a playbench part (no format or command a part names)")
            throw ExitCode(65)
        }
        guard header.format == SeamParts.format || header.format == SpecParts.format else {
            let older = header.format.hasPrefix("playbench-part/")
            Output.error(
                "\(parts[0]): a part of \(older ? "an older playbench (format '\(header.format)')" : "format '\(header.format)'"); this playbench reads \(SeamParts.format) and \(SpecParts.format)\(older ? ": play the shard again" : "")")
            throw ExitCode(65)
        }
        try mergeSeamParts(command: header.command, format: header.format)
    }

    private func mergeSeamParts(command named: [String], format: String) throws {
        var files: [(path: String, bytes: [UInt8])] = []
        for path in parts { files.append((path, try Output.exitingOnFileError { () throws(FileError) in try FileIO.read(path) })) }
        var arguments = named
        if format == SpecParts.format {
            // A spec's shards may be given different outputs: merge writes shard 0's.
            guard let command = SpecParts.commandOfShardZero(files) else {
                Output.error("no part of shard 0 at evaluation 0 (00000-0-of-N.json) among the parts: merge replays shard 0's command")
                throw ExitCode(65)
            }
            arguments = command
        }
        let command: ParsableCommand
        do {
            command = try Playbench.parseAsRoot(arguments)
        } catch {
            // The first part named the command: a damaged part, or one of another playbench.
            Output.error("\(parts[0]): names '\(PartProblem.spelled(arguments))', which this playbench cannot run: \(Playbench.message(for: error))")
            throw ExitCode(65)
        }
        guard var shardable = command as? SeamShardableCommand else {
            Output.error("\(parts[0]): names '\(PartProblem.spelled(arguments))', which is not a command whose games can be sharded")
            throw ExitCode(65)
        }
        do {
            try shardable.execute(seamParts: SeamParts(files: files, command: arguments))
        } catch let problem as PartProblem {
            Output.error(problem.description)
            throw ExitCode(65)
        }
    }
}
