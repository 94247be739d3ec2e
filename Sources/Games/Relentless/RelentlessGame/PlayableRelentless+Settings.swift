import GameSeam
import Relentless
import RelentlessBalance
import RelentlessGeneration

/// What `--set` changes and `sweep` varies: every key of the parameters file, `key[k]` for a
/// number inside a key's expression (C5), and the team's size.
extension PlayableRelentless {
    /// Every key of the parameters file (C6), a whole number or any number in its key's limit
    /// (C7: integer keys take whole numbers), or an expression (C5).
    public var parameters: [ParameterDefinition] {
        ParameterKey.allCases.map { key in
            let range = Self.range(key)
            let values: ParameterDefinition.Values =
                key.isIntegral ? .integers(Int(range.lowerBound.rounded(.up))...Int(range.upperBound.rounded(.down))) : .numbers(range)
            return ParameterDefinition(name: key.rawValue, values: values, effect: key.meaning, expressions: Self.expressions(key))
        } + [Self.teamSize]
    }

    /// The team's size, a parameter of the play rather than of the files: the team `--team`
    /// names, or Players.plist's default team, repeated or cut to it (as `--players`), within
    /// the design's team sizes (C6).
    static let teamSize = ParameterDefinition(
        name: "players", values: .integers(1...1_000),
        effect: "the team's size: the team --team names (which must have that many players) or Players.plist's default team, repeated or cut to it, within minNumOfPlayers...maxNumOfPlayers (C6)")

    /// What expressions a key takes (C5): the satisfaction changes per delivery, every other key
    /// per difficulty.
    static func expressions(_ key: ParameterKey) -> String {
        key.usesOrderVariables
            ? "an expression in diffLevel, totalTime, timeLeft, numOfDifferences and numOfItems (C5)" : "an expression in diffLevel (C5)"
    }

    /// The numbers a key may hold as far as its limit says (C6, M1); what its domain and the ramp
    /// allow besides, ``setting(_:_:to:)`` checks as check would.
    static func range(_ key: ParameterKey) -> ClosedRange<Double> {
        let limit = key.limit
        return max(limit?.lowest ?? -1e15, -1e15)...min(limit?.highest ?? 1e15, 1e15)
    }

    /// A key of ``parameters``, or `key[k]`: the k-th number of the key's expression (1-based:
    /// in `5.0 * (diffLevel / 10.0)`, `numOfCategories[1]` is 5.0), which `tune --coefficient k`
    /// moves while the rest of the expression stays.
    public func parameter(named name: String) -> ParameterDefinition? {
        if let whole = parameters.first(where: { $0.name == name }) { return whole }
        guard let (key, k) = Self.coefficient(name) else { return nil }
        return ParameterDefinition(
            name: name, values: .numbers(Self.range(key)), effect: "number \(k) of \(key.rawValue)'s expression, the rest of it as written: \(key.meaning)")
    }

    /// `key[k]` as the key and k; nil for any other name.
    static func coefficient(_ name: String) -> (ParameterKey, Int)? {
        guard name.hasSuffix("]"), let open = name.firstIndex(of: "["), let key = ParameterKey(rawValue: String(name[..<open])),
            let k = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), k >= 1
        else { return nil }
        return (key, k)
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        if name == Self.teamSize.name { return try resized(playable, to: value) }
        var (key, text) = (ParameterKey(rawValue: name), value)
        if key == nil, let (whole, k) = Self.coefficient(name) {
            let template: ParameterTemplate
            do throws(TemplateError) {
                template = try ParameterTemplate(key: whole, text: playable.design.parameters.entries[whole]?.text, coefficient: k)
            } catch {
                throw .option("\(name): \(error.description)")
            }
            guard let x = Double(value), x.isFinite else { throw .option("\(name)=\(value): a number of an expression is a finite number") }
            (key, text) = (whole, template.text(for: x))
        }
        guard let key else { throw .option("'\(name)' is not a parameter of Relentless designs") }
        var changed = playable
        let entry: Parameters.Entry
        do throws(ParameterValueError) { entry = try Parameters.entry(text, for: key) } catch {
            throw .option("\(key.rawValue)=\(text): \(error.message)" + (error.suggestion.map { " (did you mean \($0)?)" } ?? ""))
        }
        // A number no design may hold (outside the key's domain or limit, C6, C7, M1) is a
        // mistake in the command, not a design to list as not played.
        if case .number(let x) = entry.value, let (problem, rule) = ParameterChecks.valueProblem(key, x) {
            throw .option("'\(text)' for \(key.rawValue): \(problem) [\(rule)]")
        }
        changed.design.parameters.entries[key] = entry
        // Read, the value may still break a rule of the design, alone or with the others set.
        if let problem = StartDifficulty.unplayable(changed.startDifficulty, changed.design.parameters, alsoUsed: changed.choice.parametersRead) {
            throw .unplayable(reason: problem, diagnostics: [])
        }
        if let sizes = changed.design.parameters.teamSizes, let team = changed.lineupTeams.first(where: { !sizes.contains($0.count) }) {
            throw .unplayable(reason: "a team of \(team.count) is outside the design's team sizes \(sizes.lowerBound)...\(sizes.upperBound) (C6)", diagnostics: [])
        }
        do throws(PlayLoadError) { try Self.prepare(&changed) } catch {
            if case .option(let why) = error { throw .unplayable(reason: "cannot be played: \(why)", diagnostics: []) }
            throw error
        }
        return changed
    }

    /// Every team at `value` players (``teamSize``).
    func resized(_ playable: Playable, to value: String) throws(PlayLoadError) -> Playable {
        guard let size = Int(value), (1...1_000).contains(size) else { throw .option("players=\(value): a team size is a whole number in 1...1000") }
        var changed = playable
        changed.teams = []
        do throws(PlayLoadError) {
            for text in playable.teamTexts {
                changed.teams.append(try Self.team(text, players: size, model: playable.model, parameters: playable.design.parameters))
            }
            try Self.prepare(&changed)
        } catch {
            // A size the design or the named team does not take makes no design; it is no misreading.
            if case .option(let why) = error { throw .unplayable(reason: why, diagnostics: []) }
            throw error
        }
        return changed
    }

    /// The key's value as the design writes it (a number or an expression, C5), or the k-th
    /// number of its expression; nil when the design does not set it.
    public func value(of name: String, in playable: Playable) -> String? {
        if name == Self.teamSize.name {
            let sizes = Set(playable.teams.map(\.count))
            return sizes.count == 1 ? sizes.first.map(String.init) : nil
        }
        if let key = ParameterKey(rawValue: name) { return playable.design.parameters.entries[key]?.text }
        guard let (key, k) = Self.coefficient(name), let text = playable.design.parameters.entries[key]?.text else { return nil }
        let literals = ParameterTemplate.literals(in: text)
        return k <= literals.count ? String(text[literals[k - 1]]) : nil
    }
}
