import Diagnostics

/// An option of a command that a game takes, declared once by the game: its name, the values it
/// takes, its default and what it does (OpenSpiel's `parameter_specification`).
///
/// The commands declare each option once and hand the game typed values (``GameOptionValues``);
/// help and the refusal of an option a design's game does not take (naming the games that do)
/// come from these declarations. A value outside
/// ``values`` is refused when the game reads it, with the same words wherever it was given.
public struct GameOption: Sendable, Hashable {
    /// The values an option takes.
    public enum Values: Sendable, Hashable {
        /// One whole number in a range.
        case integer(ClosedRange<Int>)
        /// One number, as written (not a number and infinities too): the game checks it against
        /// the design (a difficulty in its ramp), in its own words.
        case number
        /// A seed or a count of them: a whole number in 0...2⁶⁴−1.
        case seed
        /// One of these words.
        case choice([String])
        /// One value as written ("a,b,c"), which the game reads.
        case text
        /// A value per use of the option, in order (`--agents A,B --agents C`).
        case texts
        /// On when given.
        case flag
    }

    /// The long name, without dashes ("max-rounds").
    public var name: String
    public var values: Values
    /// The value when the option is not given; nil when there is none, or when the design decides
    /// it (and ``help`` says how).
    public var defaultValue: GameOptionValue?
    /// What the option does for this game's designs, in a sentence or two, for help and the reference.
    public var help: String
    /// How help shows a value ("a,b,c").
    public var valueName: String?
    /// Whether the option names the lineups played (a team, a matchup): `diff` suggests it when
    /// two designs play none in common.
    public var picksLineups: Bool

    public init(
        _ name: String, _ values: Values, default defaultValue: GameOptionValue? = nil, valueName: String? = nil, picksLineups: Bool = false, help: String
    ) {
        self.name = name
        self.values = values
        self.defaultValue = defaultValue
        self.help = help
        self.valueName = valueName
        self.picksLineups = picksLineups
    }

    /// Why `value` is not one of this option's values, in the words every command uses; nil when it is.
    public func problem(with value: GameOptionValue) -> String? {
        switch (values, value) {
        case (.integer(let range), .integer(let n)):
            range.contains(n) ? nil : "--\(name) takes a whole number in \(range.lowerBound)...\(range.upperBound), not \(n)"
        case (.choice(let words), .text(let word)):
            words.contains(word) ? nil : "--\(name) \(word) is not one of \(words.joined(separator: ", "))"
        case (.text, .text), (.texts, .texts), (.flag, .flag), (.seed, .seed), (.number, .number):
            nil
        default:
            "--\(name) takes \(values.noun)"
        }
    }

    /// The values for help and the reference: "1...10000", "a number".
    public var domain: String {
        switch values {
        case .integer(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .choice(let words): words.joined(separator: " | ")
        default: values.noun
        }
    }
}

extension GameOption.Values {
    var noun: String {
        switch self {
        case .integer: "a whole number"
        case .number: "a number"
        case .seed: "a whole number in 0...\(UInt64.max)"
        case .choice(let words): "one of \(words.joined(separator: ", "))"
        case .text: "a value"
        case .texts: "values"
        case .flag: "no value"
        }
    }
}

/// A value of a ``GameOption``, as the command read it.
public enum GameOptionValue: Sendable, Hashable {
    case integer(Int)
    case number(Double)
    case seed(UInt64)
    case text(String)
    case texts([String])
    case flag

    /// The value as a command line writes it (a flag's is none): for help and a job's record,
    /// never read back.
    public var words: [String] {
        switch self {
        case .integer(let n): [String(n)]
        case .seed(let n): [String(n)]
        case .number(let x): [x.designerText]
        case .text(let text): [text]
        case .texts(let texts): texts
        case .flag: []
        }
    }
}

/// The options given to a game's command, by name, typed: what the game reads through its own
/// declarations (``integer(_:)`` and the rest), which check each value and supply the default.
public struct GameOptionValues: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    private var values: [String: GameOptionValue]

    public init(_ values: [String: GameOptionValue] = [:]) {
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, GameOptionValue)...) {
        self.init(Dictionary(elements) { $1 })
    }

    /// The value given for the option named `name`; nil when it was not given.
    public subscript(name: String) -> GameOptionValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The names of the options given, sorted.
    public var names: [String] { values.keys.sorted() }

    public var isEmpty: Bool { values.isEmpty }

    /// These values with `other`'s over them.
    public func merging(_ other: GameOptionValues) -> GameOptionValues {
        GameOptionValues(values.merging(other.values) { $1 })
    }

    /// These values and `other`'s together: repeated values (`.texts`) of both, each once, in
    /// the order first given; any other value `other`'s. Several lineups' options make one run
    /// that plays them all (each lineup's `--team` gathered into several `--team`s).
    public func gathering(_ other: GameOptionValues) -> GameOptionValues {
        GameOptionValues(values.merging(other.values) { mine, theirs in
            guard case .texts(let gathered) = mine, case .texts(let more) = theirs else { return theirs }
            var all = gathered
            for value in more where !all.contains(value) { all.append(value) }
            return .texts(all)
        })
    }

    /// `option`'s value, given or its default, checked against its values.
    public func value(_ option: GameOption) throws(PlayLoadError) -> GameOptionValue? {
        guard let value = values[option.name] else { return option.defaultValue }
        if let problem = option.problem(with: value) { throw .option(problem) }
        return value
    }

    /// A whole-number option's value, given or its default; nil for neither.
    public func integer(_ option: GameOption) throws(PlayLoadError) -> Int? {
        guard case .integer(let n) = try value(option) else { return nil }
        return n
    }

    /// A number option's value, given or its default; nil for neither.
    public func number(_ option: GameOption) throws(PlayLoadError) -> Double? {
        guard case .number(let x) = try value(option) else { return nil }
        return x
    }

    /// A seed option's value, given or its default; nil for neither.
    public func seed(_ option: GameOption) throws(PlayLoadError) -> UInt64? {
        guard case .seed(let n) = try value(option) else { return nil }
        return n
    }

    /// A one-value option's value, given or its default; nil for neither.
    public func text(_ option: GameOption) throws(PlayLoadError) -> String? {
        guard case .text(let text) = try value(option) else { return nil }
        return text
    }

    /// A repeated option's values, given or its default; none for neither.
    public func texts(_ option: GameOption) throws(PlayLoadError) -> [String] {
        guard case .texts(let texts) = try value(option) else { return [] }
        return texts
    }

    /// The same values for a command whose errors are ``ContentError``s (generate, params,
    /// calibrate): the same accessors, a value outside its option a usage error.
    public var usage: GameOptionUsage { GameOptionUsage(values: self) }

    /// Whether a flag was given.
    public func isOn(_ option: GameOption) -> Bool { values[option.name] == .flag }

    /// How each option was given, as its words on a command line ("--team" → ["a,b"]): for a
    /// record of a job, never read back.
    public var asWritten: [String: [String]] { values.mapValues(\.words) }
}

/// ``GameOptionValues`` read by a command whose errors are ``ContentError``s: each accessor of
/// theirs, with a value outside its option a ``ContentError/usage(_:)``.
public struct GameOptionUsage: Sendable {
    let values: GameOptionValues

    public func integer(_ option: GameOption) throws(ContentError) -> Int? { try read { v throws(PlayLoadError) in try v.integer(option) } }

    public func number(_ option: GameOption) throws(ContentError) -> Double? { try read { v throws(PlayLoadError) in try v.number(option) } }

    public func seed(_ option: GameOption) throws(ContentError) -> UInt64? { try read { v throws(PlayLoadError) in try v.seed(option) } }

    public func text(_ option: GameOption) throws(ContentError) -> String? { try read { v throws(PlayLoadError) in try v.text(option) } }

    private func read<T>(_ body: (GameOptionValues) throws(PlayLoadError) -> T) throws(ContentError) -> T {
        do throws(PlayLoadError) { return try body(values) } catch { throw .usage(error.message) }
    }
}
