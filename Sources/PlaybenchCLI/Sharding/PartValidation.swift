import Diagnostics
import MonteCarlo
import RelentlessRuns

extension PartFile {
    /// Checks that the part is as a shard wrote it and says something a shard could have played,
    /// so that merging it can neither trap nor fold in numbers no game produced. A problem names
    /// the part (`name`) and the reason.
    ///
    /// - the checksum matches the content (``PartChecksum``);
    /// - the shard is I/N with 0 ≤ I < N, the job's shape has no negative run and its units
    ///   (``Shard/units(of:)``) can be computed without overflow, one start per run, each finite;
    /// - every block is a block of the job, within this shard's units, listed once, of a run with
    ///   games to play, and holds 1 to ``GameBlocks/standardSize`` games;
    /// - its statistics keep their invariants (``SimulationStatistics/invariantViolation``), and
    ///   their first round starts at the run's start.
    ///
    /// What a part alone cannot tell (that each block holds exactly the games the command plays in
    /// it, and its exemplars are games of that block) ``MergedParts/verify(inputs:runs:)`` checks.
    func validate(name: String, checkingChecksum: Bool = true) throws(MergedParts.Problem) {
        func refuse(_ reason: String) -> MergedParts.Problem { MergedParts.Problem(description: "\(name): \(reason)") }
        if checkingChecksum {
            guard let checksum else { throw refuse("no checksum") }
            let expected: String
            do { expected = try PartChecksum.of(self) } catch { throw refuse("cannot encode it again to check its checksum (\(error))") }
            guard checksum == expected else {
                throw refuse("its checksum does not match its content: the part was changed after its shard wrote it (a damaged copy, or an edit)")
            }
        }
        guard shard.count >= 1, shard.index >= 0, shard.index < shard.count else { throw refuse("shard \(shard) is not I/N with 0 ≤ I < N") }
        guard !command.isEmpty else { throw refuse("no command") }
        guard runs.allSatisfy({ $0 >= 0 }) else { throw refuse("a run of a negative number of blocks (\(runs))") }
        // Shard.units(of:) multiplies the job's units by at most N.
        var units = 0
        for count in runs {
            let (sum, overflow) = units.addingReportingOverflow(count)
            guard !overflow else { throw refuse("a job of more blocks (\(runs)) than can be counted") }
            units = sum
        }
        guard !units.multipliedReportingOverflow(by: shard.count).overflow else {
            throw refuse("a job of more blocks (\(runs)) than can be counted")
        }
        guard startDifficulties.count == runs.count else {
            throw refuse("\(startDifficulties.count) starts for \(runs.count) runs")
        }
        if let start = startDifficulties.first(where: { $0.map { !$0.isFinite } ?? false }) {
            throw refuse("a start difficulty of \(start.map { "\($0)" } ?? "nil")")
        }
        let mine = shard.units(of: units)
        var firstUnit: [Int] = []
        var total = 0
        for count in runs {
            firstUnit.append(total)
            total += count
        }
        var seen = Set<[Int]>()
        for block in blocks {
            let which = "block \(block.block) of run \(block.run)"
            guard block.run >= 0, block.run < runs.count, block.block >= 0, block.block < runs[block.run] else {
                throw refuse("\(which) is not a block of the job (\(runs.count) runs of \(runs) blocks)")
            }
            guard mine.contains(firstUnit[block.run] + block.block) else { throw refuse("\(which) is not shard \(shard)'s to play") }
            guard seen.insert([block.run, block.block]).inserted else { throw refuse("\(which) is listed twice") }
            guard let start = startDifficulties[block.run] else { throw refuse("\(which) of a run with nothing to play") }
            let statistics = block.statistics
            guard statistics.games >= 1, statistics.games <= GameBlocks.standardSize else {
                throw refuse("\(which) holds \(counted(statistics.games, "game")); a block holds 1 to \(GameBlocks.standardSize)")
            }
            if let problem = statistics.invariantViolation { throw refuse("\(which): \(problem)") }
            guard statistics.rounds.first?.difficulty == start else {
                throw refuse("\(which) starts at difficulty \(statistics.rounds.first?.difficulty ?? .nan), its run at \(start)")
            }
        }
    }
}
