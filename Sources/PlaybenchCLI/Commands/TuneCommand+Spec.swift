import ArgumentParser
import Balance
import Diagnostics
import GameSeam
import MonteCarlo

/// `tune` of a spec: several parameters and several targets at once (``Balance/SpecSearch``).
extension TuneCommand {
    /// Options that belong to the one-target search alone.
    func validateSpec() throws {
        if coefficientOption.number != nil { throw ValidationError("--coefficient moves one number of one parameter's expression: tune it with one --param and one --target METRIC=VALUE") }
        if tolerance != nil { throw ValidationError("--tolerance is the one-target search's: a spec's answer is a point whose every interval lies in its band") }
        for text in target where !text.contains("<") && !text.contains(">") {
            throw ValidationError("--target \(text): with several targets or parameters, each target is a band: \(SpecTargetText.form)")
        }
        if param.count > 1 {
            for text in range where !text.contains("=") { throw ValidationError("--range \(text): with several --param, say whose: KEY=lo...hi") }
        }
        guard Set(param).count == param.count else { throw ValidationError("--param: each parameter once") }
        // The surrogate's length scales are chosen from a grid of 6^d: beyond four parameters a
        // fit would take minutes.
        guard param.count <= 4 else { throw ValidationError("--param: a spec searches at most 4 parameters at once, not \(param.count)") }
        let keys = range.map { $0.contains("=") ? String($0.prefix { $0 != "=" }) : param[0] }
        guard Set(keys).count == keys.count else { throw ValidationError("--range: one range for each parameter") }
        for (text, key) in zip(range, keys) where !param.contains(key) {
            throw ValidationError("--range \(text): \(key) is not one of the --param given")
        }
    }

    /// Where a sharded spec's evaluations come from: the parts at merge, --exchange for a
    /// shard; nil on one machine.
    private func specExchange<Game: PlayableGame>(_ game: Game, job: TuneSpecJob, shard: Shard?, parts: SeamParts?) throws -> SpecExchange<Game>? {
        let key = try SpecParts.jobKey(job)
        let source: SpecExchange<Game>.Source
        let command: [String]
        if let parts {
            (source, command) = (.parts(parts.files), parts.command)
        } else if let shard, let directory = sharding.exchange {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.createDirectory(directory) }
            (source, command) = (.shard(shard, directory: directory, timeout: sharding.shardTimeout), ShardOptions.commandWithoutSharding())
        } else {
            return nil
        }
        do throws(PartProblem) {
            return try SpecExchange(game: game, job: key, command: command, source: source)
        } catch {
            Output.error(error.description)
            throw ExitCode(65)
        }
    }

    /// The values of `--param`s that meet every target, played as `tune` plays.
    /// - Parameter parts: at `merge`, the parts a sharded search left in its --exchange, and the
    ///   command they name: every evaluation is taken from them, none played.
    func tuneSpec<Game: PlayableGame>(_ game: Game, _ design: DesignDirectory, parts: SeamParts? = nil) throws {
        var base = try SeamPlay.load(game, design, command: "tune", options: GameOptionValues(play))
        var goals: [MetricTarget] = []
        // The --targets file as the gate's reader read it: it joins the job's fingerprint.
        var targetsFile: [UInt8]?
        if let targets {
            let reading = try SeamPlay.gatePlan(game, design, balance: targets, playable: base)
            let (plan, playable) = try reading.usable()
            goals = plan.targets
            base = playable
            targetsFile = reading.bytes
        }
        let names = game.lineups(of: base).map(\.name)
        let defaultLineup = try lineup.index(in: names).map { names[$0] } ?? (names.count == 1 ? names[0] : nil)
        goals += try target.map { try SpecTargetText.parse($0, game: game, lineups: names, defaultLineup: defaultLineup) }
        var lineupOf: [Int] = []
        for goal in goals {
            guard let index = names.firstIndex(of: goal.lineup) else { throw ValidationError("target \(goal.name): no lineup \(goal.lineup) in this design") }
            if let why = game.unmeasurable(goal.metric, lineup: index, in: base) { throw ValidationError("target \(goal.name): \(why)") }
            lineupOf.append(index)
        }
        let dimensions = try param.map { name -> SpecSearch.Dimension in
            guard let definition = game.parameter(named: name), let domain = definition.numericRange else {
                let numeric = game.parameters.filter(\.isNumeric).map(\.name)
                let near = Suggestion.nearest(to: name, in: numeric).map { "; did you mean \($0)?" } ?? ""
                throw ValidationError("--param \(name): tune searches number parameters of \(game.name) designs (\(numeric.joined(separator: ", ")))\(near)")
            }
            let given = param.count == 1 && !(range.first?.contains("=") ?? false)
                ? range.first : range.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
            let searched = try searchRange(game, base, name: name, definition: definition, domain: domain, current: game.value(of: name, in: base), given: given)
            return SpecSearch.Dimension(name: name, range: searched, integral: definition.isIntegral)
        }
        let job = TuneSpecJob(
            inputs: try SeamPlay.fingerprint(game, design, more: targetsFile.map { [(name: "spec targets", bytes: $0)] } ?? []), parameters: dimensions,
            targets: goals, options: GameOptionValues(play).asWritten, firstGames: firstGames, maxGames: maxGames, maxPoints: maxPoints, seed: seed,
            confidence: confidence.value)
        let shard = try sharding.resolve()
        let exchange = try specExchange(game, job: job, shard: shard, parts: parts)
        // Shard 0 writes what one machine would; the other shards print the same result.
        let writes = (shard?.index ?? 0) == 0
        let store: JobStore<TuneSpecJob, TuneSpecEvaluation<Game.Statistics>>? = try outputDir.flatMap { directory in
            // A shard started again keeps writing where it wrote: what it plays comes from the
            // exchange, not from the kept points.
            writes ? try JobStore.tuneSpec(directory: directory, job: job, resume: resume.isOn || shard != nil, merging: parts != nil) : nil
        }
        defer { store?.close() }
        let kept = exchange == nil ? store?.finished ?? [:] : [:]
        var evaluationsMade = 0
        let lineupsPlayed = Set(lineupOf).sorted()
        let perTarget = confidence.level.split(goals.count)
        let first = Self.blocksRoundedUp(firstGames), most = Self.blocksRoundedUp(maxGames)
        let blocks = GameBlocks(games: most)
        let interruption = Interruption()
        defer { interruption.end() }
        let bar = ProgressBar(label: "tune")
        // Each point's games so far, per lineup a target names: more games extend them.
        var played: [[Double]: [Int: (statistics: Game.Statistics, games: Int)]] = [:]
        var failure: String?
        let metrics = goals.map { game.metric(named: $0.metric)! }
        func evaluate(_ point: [Double], _ games: Int) throws -> SpecSearch.Evaluation? {
            let settings = zip(dimensions, point).map { d, x in (d.name, d.integral ? String(Int64(x)) : "\(x)") }
            let shown = settings.map { "\($0) = \($1)" }.joined(separator: ", ")
            let playable: Game.Playable
            do throws(PlayLoadError) {
                playable = try game.setting(base, settings)
            } catch {
                failure = Self.failure(error, at: shown)
                return nil
            }
            var statistics: [Int: Game.Statistics] = [:]
            // An evaluation an earlier run of the same job made, in the same order: taken, not
            // played (the search is a function of its evaluations, so it asks for the same ones).
            let order = evaluationsMade
            evaluationsMade += 1
            if let earlier = kept[order], earlier.point == point, earlier.games == games, earlier.lineups == lineupsPlayed,
                earlier.statistics.count == lineupsPlayed.count
            {
                for (index, folded) in zip(earlier.lineups, earlier.statistics) {
                    played[point, default: [:]][index] = (folded, games)
                    statistics[index] = folded
                }
            } else if let exchange {
                let from = played[point]?.values.first?.games ?? 0
                guard
                    let blocksOf = try exchange.blocks(
                        evaluation: order, point: point, shown: shown, from: from, games: games, lineups: lineupsPlayed,
                        mismatch: { game.mismatch(of: $1, games: $2, lineup: $0, in: playable) }, cancellation: interruption.cancellation,
                        play: { lineup, indices in
                            self.play(game, playable, lineup: lineup, indices: indices, blocks: blocks, cancellation: interruption.cancellation, bar: bar)
                        })
                else { return nil }
                for index in lineupsPlayed {
                    var folded = played[point]?[index]?.statistics ?? game.emptyStatistics()
                    GameBlocks.fold(blocksOf[index] ?? [], into: &folded)
                    played[point, default: [:]][index] = (folded, games)
                    statistics[index] = folded
                }
                store?.keepIfPossible(TuneSpecEvaluation(index: order, point: point, games: games, lineups: lineupsPlayed, statistics: lineupsPlayed.map { statistics[$0]! }))
            } else {
                for index in lineupsPlayed {
                    guard
                        let folded = extend(
                            game, playable, lineup: index, played[point]?[index], to: games, blocks: blocks, cancellation: interruption.cancellation, bar: bar)
                    else { return nil }
                    played[point, default: [:]][index] = (folded, games)
                    statistics[index] = folded
                }
                store?.keepIfPossible(TuneSpecEvaluation(index: order, point: point, games: games, lineups: lineupsPlayed, statistics: lineupsPlayed.map { statistics[$0]! }))
            }
            var estimates: [Double] = [], lower: [Double] = [], upper: [Double] = []
            for (t, goal) in goals.enumerated() {
                if let e = game.estimate(goal.metric, of: statistics[lineupOf[t]]!, confidence: perTarget) {
                    estimates.append(e.value)
                    lower.append(e.lower)
                    upper.append(e.upper)
                } else if metrics[t].noValueIsLeast {
                    // No value where none means the least there is: below any band.
                    estimates.append(-.infinity)
                    lower.append(-.infinity)
                    upper.append(-.infinity)
                } else {
                    failure = "\(shown): the games give no \(goal.metric); narrow --range"
                    return nil
                }
            }
            return .init(point: point, games: games, estimates: estimates, lower: lower, upper: upper)
        }
        let search = SpecSearch(
            dimensions: dimensions, bands: goals.map(\.band), games: first...most, maxPoints: maxPoints, regionPoints: 2 * dimensions.count + 2,
            confidence: perTarget)
        let found: SpecSearch.Result?
        do {
            found = try search.run(evaluate)
        } catch let problem as PartProblem {
            bar.finish()
            Output.error(problem.description)
            throw ExitCode(65)
        } catch let timeout as SpecExchangeTimeout {
            bar.finish()
            Output.error(timeout.description)
            throw ExitCode(75)
        }
        bar.finish()
        interruption.end()
        guard let found else {
            if let failure {
                Output.error(failure)
                throw ExitCode(1)
            }
            Output.error("\(Interruption.word): no point found" + (outputDir.map { "; the points played are kept in \($0)/points: run the same command with \(ResumeOption.flag) to continue" } ?? ""))
            throw ExitCode(Interruption.exitStatus)
        }
        let result = SpecTuneResult(
            design: design.label, parameters: dimensions, targets: goals, metrics: metrics, playedAs: game.playedAs(base), seed: seed,
            confidence: confidence.value, search: found, gridPoints: search.candidates().count, lineups: Set(lineupOf).count,
            profiles: SpecTuneResult.centre(of: found).map { search.profiles(found, through: $0) } ?? [])
        if let report, writes {
            try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(Array(result.html.utf8), to: report) }
        }
        let json = DiagnosticRenderer.json(result)
        if let store {
            if let failure = store.keepFailure { Output.warning("a point could not be kept for \(ResumeOption.flag): \(failure)") }
            try store.finish([("tune.json", Array(json.utf8)), ("tune.txt", Array(result.text.utf8))])
        }
        Output.standard(format == .json ? json : result.text)
        if found.answer == nil { throw ExitCode(1) }
    }
}
