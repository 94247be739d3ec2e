import Diagnostics
import Expressions
import PropertyList

/// The checks of C5–C8 that need values: every parameter evaluated at every difficulty the game
/// can reach (from the start, minDifficultyLevel unless the host chose another, to the maximum
/// in difficultyChange steps, M3), for every team size; for ``StartCoverage/everyStart``, at
/// every difficulty of ``Parameters/startGrid()`` too, since each is a start the host may choose.
public enum ParameterChecks {
    /// - Parameters:
    ///   - parameters: the design's parameters, as read.
    ///   - alsoUsed: keys that commands outside the rules read (a design's pipeline), which
    ///     therefore have an effect (C8).
    ///   - start: the difficulty the host starts games at (M3); nil for minDifficultyLevel.
    public static func check(_ parameters: Parameters, alsoUsed: Set<ParameterKey> = [], start: Double? = nil) -> [Diagnostic] {
        check(parameters, alsoUsed: alsoUsed, coverage: .from(start))
    }

    /// - Parameters:
    ///   - parameters: the design's parameters, as read.
    ///   - alsoUsed: keys that commands outside the rules read, as above (C8).
    ///   - coverage: the games whose difficulties are evaluated: the ramp from one start, or
    ///     every start (the ramp from the minimum and the start grid).
    public static func check(_ parameters: Parameters, alsoUsed: Set<ParameterKey> = [], coverage: StartCoverage) -> [Diagnostic] {
        var log = DiagnosticLog(file: parameters.file)
        // Team sizes partly outside the game's 3...6 are an error, but the sizes both allow are
        // well defined: the checks go on for those (C6).
        guard let teams = checkStaticRanges(parameters, &log) else { return log.diagnostics }
        let staticErrors = log.errorCount
        // One level past the limit, to know when a ramp is too long (M3).
        let levels = parameters.reachableDifficulties(from: coverage.start, limit: ParameterKey.maxReachableDifficulties + 1)
        checkRampLength(parameters, levels: levels, &log)
        let onRamp = Set(levels)
        let otherStarts = coverage == .everyStart ? parameters.startGrid().filter { !onRamp.contains($0) } : []
        let evaluated = Levels(ramp: levels, otherStarts: otherStarts)
        // A key no rule uses has no value to check unless the designer set one (C8).
        for key in ParameterKey.allCases where !key.isStatic && (parameters.isSet(key) || !key.isUnusedByRules || alsoUsed.contains(key)) {
            if key.usesOrderVariables {
                checkSatisfactionChange(key, parameters, levels: evaluated, &log)
            } else {
                checkValues(key, parameters, levels: evaluated, teams: teams, &log)
            }
        }
        checkPairs(parameters, levels: evaluated, teams: teams, &log)
        if log.errorCount == staticErrors { checkRamp(parameters, levels: levels, &log) }
        reportUnused(parameters, alsoUsed: alsoUsed, &log)
        return log.diagnostics
    }

    /// The difficulties values are evaluated at: the ramp a game plays, in order, then the other
    /// starts of the grid, each named in messages as what it is.
    struct Levels {
        var ramp: [Double]
        var otherStarts: [Double]

        var all: [Double] { ramp + otherStarts }

        /// "at difficulty 4.5", and for a difficulty only another start reaches, where from.
        func at(_ d: Double) -> String {
            ramp.contains(d) ? "at difficulty \(d.designerText)" : "at difficulty \(d.designerText) (where a game can start, M3)"
        }
    }

    private static func place(_ key: ParameterKey, _ parameters: Parameters) -> (SourceLocation?, PlistPath) {
        (parameters.entries[key]?.location, PlistPath().appending(key.rawValue))
    }

    /// The keys read once per game (C6, M3). Returns the team sizes the value checks use: the
    /// design's, within the game's 3...6 when they reach outside it (an error, reported); nil
    /// when nothing more can be checked.
    private static func checkStaticRanges(_ parameters: Parameters, _ log: inout DiagnosticLog) -> ClosedRange<Int>? {
        func v(_ key: ParameterKey) -> Double { parameters.value(key, difficulty: 0, players: 0) ?? .nan }
        var goOn = true
        for key in ParameterKey.allCases where key.isStatic {
            // Before the C7 ceiling, so that a fractional value is seen and noted.
            let x = parameters.rawValue(key, difficulty: 0) ?? parameters.fallback(key, difficulty: 0, players: 0)
            let (location, path) = place(key, parameters)
            if !x.isFinite {
                log.error("\(x) is not a finite number", at: location, path, rule: "C7")
                goOn = false
            } else if key.domain == .teamSize, !ParameterKey.isGameTeamSize(x) {
                log.error("\(x.designerText) players: \(ParameterKey.gameTeamSizesText)", at: location, path, rule: "C6")
            } else if key.isIntegral, x != x.rounded(.up) {
                log.note("\(x.designerText) is not a whole number; the game uses \(x.rounded(.up).designerText) (ceiling)", at: location, path, rule: "C7")
            }
        }
        guard goOn else { return nil }
        let (minPlayers, maxPlayers) = (v(.minNumOfPlayers).rounded(.up), v(.maxNumOfPlayers).rounded(.up))
        if minPlayers > maxPlayers {
            let (location, path) = place(.maxNumOfPlayers, parameters)
            log.error("maxNumOfPlayers (\(maxPlayers.designerText)) is below minNumOfPlayers (\(minPlayers.designerText))", at: location, path, rule: "C6")
            goOn = false
        }
        if v(.minDifficultyLevel) > v(.maxDifficultyLevel) {
            let (location, path) = place(.maxDifficultyLevel, parameters)
            log.error(
                "maxDifficultyLevel (\(v(.maxDifficultyLevel).designerText)) is below minDifficultyLevel (\(v(.minDifficultyLevel).designerText))",
                at: location, path, rule: "C6")
            goOn = false
        }
        return goOn ? parameters.playableTeamSizes : nil
    }

    /// M3: a game plays one difficulty a round, and check evaluates and samples every reachable
    /// one, so the ramp may pass at most ``ParameterKey/maxReachableDifficulties``. The error is
    /// at maxDifficultyLevel when even the default step (0.5) would be too many, else at
    /// difficultyChange.
    private static func checkRampLength(_ parameters: Parameters, levels: [Double], _ log: inout DiagnosticLog) {
        let limit = ParameterKey.maxReachableDifficulties
        guard levels.count > limit, let first = levels.first, let (_, high) = parameters.difficultyRange else { return }
        let blamed: ParameterKey = (high - first) / 0.5 >= Double(limit) && parameters.isSet(.maxDifficultyLevel) ? .maxDifficultyLevel : .difficultyChange
        let (location, path) = place(blamed, parameters)
        let most = ParameterKey.Limit.grouped(Double(limit))
        log.error(
            "the difficulty ramp from \(first.designerText) to \(high.designerText) passes more than \(most) difficulties (it is at \(levels[limit - 1].designerText) after \(most) rounds); a game plays one a round and check evaluates and samples every one, so at most \(most) are allowed",
            at: location, path, rule: "M3",
            suggestion: blamed == .maxDifficultyLevel ? "lower maxDifficultyLevel, or raise difficultyChange" : "raise difficultyChange, or narrow minDifficultyLevel...maxDifficultyLevel")
    }

    /// M3: the ramp from `levels.first` climbs to the maximum unless difficultyChange is 0 on
    /// the way (a plateau the game never leaves), or shrinking so fast that the difficulty
    /// converges below the maximum. (A ramp cut for length is an error, ``checkRampLength``.)
    private static func checkRamp(_ parameters: Parameters, levels: [Double], _ log: inout DiagnosticLog) {
        guard let last = levels.last, let (_, high) = parameters.difficultyRange, last < high else { return }
        let (location, path) = place(.difficultyChange, parameters)
        if parameters.value(.difficultyChange, difficulty: last, players: 0) == 0 {
            log.warning(
                "difficultyChange is 0 at difficulty \(last.designerText), so the game stays there, below the maximum (\(high.designerText))",
                at: location, path, rule: "M3")
        } else {
            log.warning(
                "difficultyChange shrinks so fast that the difficulty stops rising near \(last.designerText), below the maximum (\(high.designerText))",
                at: location, path, rule: "M3")
        }
    }

    /// Domain, finiteness and C7 ceilings at every level; each problem reported once per key,
    /// at the first difficulty where it happens. A C7 note speaks of the ramp alone: the ceiling
    /// is how the game reads every value, not a problem a start could add.
    private static func checkValues(
        _ key: ParameterKey, _ parameters: Parameters, levels: Levels, teams: ClosedRange<Int>, _ log: inout DiagnosticLog
    ) {
        let (location, path) = place(key, parameters)
        let source = parameters.isSet(key) ? "" : " (the fallback \(key.fallbackDescription))"
        // Only probOfSelectingAssembledItem's fallback depends on the team size.
        let teamSizes = key == .probOfSelectingAssembledItem && !parameters.isSet(key) ? Array(teams) : [teams.lowerBound]
        var noted = false
        for (index, d) in levels.all.enumerated() {
            noted = noted || index >= levels.ramp.count
            for n in teamSizes {
                let raw = parameters.rawValue(key, difficulty: d) ?? parameters.fallback(key, difficulty: d, players: n)
                let at = levels.at(d)
                if !raw.isFinite {
                    log.error("\(raw) \(at)\(source) is not a finite number", at: location, path, rule: "C7")
                    return
                }
                if let problem = domainProblem(key, raw) {
                    log.error("\(raw.designerText) \(at)\(source): \(problem)", at: location, path, rule: rule(for: key))
                    return
                }
                if let (problem, rule) = limitProblem(key, raw) {
                    log.error("\(raw.designerText) \(at)\(source): \(problem)", at: location, path, rule: rule)
                    return
                }
                if key.isIntegral, raw != raw.rounded(.up), !noted, case .number = parameters.entries[key]?.value {
                    log.note("\(raw.designerText) is not a whole number; the game uses \(raw.rounded(.up).designerText) (ceiling)", at: location, path, rule: "C7")
                    noted = true
                } else if key.isIntegral, raw != raw.rounded(.up), !noted, parameters.isSet(key) {
                    let nonIntegral = levels.ramp.filter { level in
                        let x = parameters.rawValue(key, difficulty: level) ?? 0
                        return x != x.rounded(.up)
                    }
                    log.note(
                        "\(raw.designerText) \(at) is not a whole number; the game uses \(raw.rounded(.up).designerText) (ceiling)"
                            + (nonIntegral.count > 1 ? "; the same happens at \(nonIntegral.count - 1) more difficulties" : ""),
                        at: location, path, rule: "C7")
                    noted = true
                }
            }
        }
    }

    /// What is wrong with `x` as a value of `key` whatever the other keys and the difficulty:
    /// not finite, outside the key's domain, or beyond its ``ParameterKey/limit``; with the rule.
    /// Nil when `x` may be a value of `key` (a sweep's `--set` rejects other numbers up front).
    public static func valueProblem(_ key: ParameterKey, _ x: Double) -> (message: String, rule: String)? {
        guard !key.usesOrderVariables else { return nil }
        if !x.isFinite { return ("\(x) is not a finite number", "C7") }
        if key.domain == .teamSize, !ParameterKey.isGameTeamSize(x.rounded(.up)) { return ("\(x.designerText) players: \(ParameterKey.gameTeamSizesText)", "C6") }
        if let problem = domainProblem(key, x) { return (problem, rule(for: key)) }
        return limitProblem(key, x)
    }

    /// Beyond the key's limit (C6, M1): integer keys are judged after the C7 ceiling.
    private static func limitProblem(_ key: ParameterKey, _ raw: Double) -> (String, String)? {
        guard let limit = key.limit else { return nil }
        let x = key.isIntegral ? raw.rounded(.up) : raw
        let beyond = x > limit.highest || limit.lowest.map { x < $0 } == true
        guard beyond else { return nil }
        return ("must be \(limit.text): \(limit.reason)", limit.rule)
    }

    private static func domainProblem(_ key: ParameterKey, _ x: Double) -> String? {
        switch key.domain {
        case .count: x.rounded(.up) >= 1 ? nil : "it counts things and must be at least 1"
        case .time: x.rounded(.up) >= 1 ? nil : "it is a time in seconds and must be positive"
        case .nonNegative where key == .difficultyChange: x >= 0 ? nil : "difficulty may rise or stay, not fall"
        case .nonNegative: x >= 0 ? nil : "it must not be negative"
        case .probability: (0...1).contains(x) ? nil : "it is a probability and must lie in 0...1"
        case .factor: x > 0 ? nil : "a house factor multiplies time limits and must be positive"
        case .money: key == .satisfactionToMoneyTranslation && x < 0 ? "satisfaction must not cost money" : nil
        case .teamSize, .level, .satisfaction, .satisfactionChange: nil
        }
    }

    private static func rule(for key: ParameterKey) -> String {
        if key == .difficultyChange { return "M3" }
        return switch key.domain {
        case .count, .time, .money: "C7"
        default: "C6"
        }
    }

    private static func checkPairs(_ parameters: Parameters, levels: Levels, teams: ClosedRange<Int>, _ log: inout DiagnosticLog) {
        let pairs: [(ParameterKey, ParameterKey)] = [
            (.minSatisfaction, .maxSatisfaction), (.minHouseSatisfactionFactor, .maxHouseSatisfactionFactor),
        ]
        for (low, high) in pairs {
            for d in levels.all {
                let a = parameters.value(low, difficulty: d, players: teams.lowerBound) ?? 0
                let b = parameters.value(high, difficulty: d, players: teams.lowerBound) ?? 0
                let equalSatisfaction = low == .minSatisfaction && a == b
                if a > b || equalSatisfaction {
                    let (location, path) = place(parameters.isSet(high) ? high : low, parameters)
                    log.error(
                        "\(high.rawValue) (\(b.designerText)) must be \(equalSatisfaction ? "above" : "at least") \(low.rawValue) (\(a.designerText)) \(levels.at(d))",
                        at: location, path, rule: "C6")
                    break
                }
            }
        }
    }

    /// A satisfaction change is evaluated for every order the round can make (G6, G7): sizes
    /// 1...maxNumOfItemsPerOrder, time limits at both house-factor bounds, time left from none
    /// to all, and any number of differences.
    private static func checkSatisfactionChange(
        _ key: ParameterKey, _ parameters: Parameters, levels: Levels, _ log: inout DiagnosticLog
    ) {
        let expression = parameters.satisfactionChange(key)
        let (location, path) = place(key, parameters)
        let source = parameters.isSet(key) ? "" : " (the fallback)"
        for d in levels.all {
            let round = parameters.resolved(difficulty: d, players: 3)
            let maxItems = max(1, min(round.maxNumOfItemsPerOrder, 1000))
            for items in Set([1, maxItems]) {
                for factor in Set([round.minHouseSatisfactionFactor, round.maxHouseSatisfactionFactor]) {
                    let total = (Double(items * round.timeForEachItem) * factor).rounded(.down)
                    for timeLeft in Set([0, (total / 2).rounded(.down), total]) {
                        for differences in Set([0, items]) {
                            let values: KeyValuePairs<String, Double> = [
                                "diffLevel": d, "numOfDifferences": Double(differences), "numOfItems": Double(items), "timeLeft": timeLeft,
                                "totalTime": total,
                            ]
                            // By slot, not through a dictionary: every start's grid makes this thousands of times.
                            var slots = VariableValues()
                            for (name, value) in values { if let slot = expression.scope.slot(of: name) { slots[slot] = value } }
                            let x = expression.evaluate(slots)
                            if !x.isFinite {
                                let shown = values.map { "\($0.key) = \($0.value.designerText)" }.joined(separator: ", ")
                                log.error(
                                    "\(x)\(source) for \(shown)" + (total == 0 ? "; a time limit of 0 comes from a house factor that floors it to 0 (G7)" : ""),
                                    at: location, path, rule: "C7")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    /// C8: a key no rule uses is never silently ignored. Unset keys take their fallback; that
    /// is the documented behaviour (C6), so it earns no message.
    private static func reportUnused(_ parameters: Parameters, alsoUsed: Set<ParameterKey>, _ log: inout DiagnosticLog) {
        for key in ParameterKey.allCases where key.isUnusedByRules && parameters.isSet(key) && !alsoUsed.contains(key) {
            let (location, path) = place(key, parameters)
            log.warning("set, but no rule of the game uses it, so it has no effect", at: location, path, rule: "C8")
        }
    }
}
