import Diagnostics
import PropertyList
import Relentless

/// What solvability can still reason about in a design that has errors, the way a compiler goes
/// on after its first error: a designer fixing one finding at a time should see the serious
/// problems (an order no team can fill) in the same run as the typos.
///
/// - The catalogue is kept without the categories that have errors of their own, and without the
///   assembled categories built from those (C4): what is left is well formed.
/// - The parameters must be sound where rounds are made: no error may touch a key that round
///   generation reads (`needed`) or the team sizes and difficulty ramp (C6, M3), unless the value
///   is outside the game's range but has a nearest value the game defines: team sizes reaching
///   outside 3...6 are read as the sizes both allow (C6), a chance outside 0...1 as 0 or 1 (it
///   draws so). Each such reading is a located note. An error elsewhere (the expense, a
///   satisfaction key) does not change which rounds can be made.
///
/// ```swift
/// switch SolvabilityScope.of(design, diagnostics, needed: pipeline.parametersRead, coverage: .everyStart) {
/// case .scope(let scope): StaticSolvability.check(scope.design); print(scope.notes)
/// case .none(let why): print(why)
/// }
/// ```
public struct SolvabilityScope: Sendable {
    /// The design to reason about: without the categories left out, with the values outside the
    /// game's range read within it (``Relentless/Parameters/clamps``).
    public var design: Design
    /// Categories left out for their errors (names: those the reader dropped first, then the
    /// rest in file order).
    public var leftOut: [String]
    /// How each value outside the game's range was read, at the key it belongs to.
    public var notes: [Diagnostic]

    public enum Outcome: Sendable {
        case scope(SolvabilityScope)
        /// Nothing can be said; why.
        case none(String)
    }

    /// Keys every round's making reads besides the pipeline's: the team sizes and the ramp.
    static let alwaysNeeded: Set<ParameterKey> = [
        .minNumOfPlayers, .maxNumOfPlayers, .minDifficultyLevel, .maxDifficultyLevel, .difficultyChange,
    ]

    /// - Parameter coverage: the games solvability looks at (M3): a value is read within the
    ///   game's range only if it is a number at every difficulty they reach.
    public static func of(_ design: Design, _ diagnostics: [Diagnostic], needed: Set<ParameterKey>, coverage: StartCoverage = .minimum) -> Outcome {
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return .scope(SolvabilityScope(design: design, leftOut: [], notes: [])) }
        let needed = needed.union(alwaysNeeded)
        let parameterFiles = Set([design.parameters.file] + [design.demoParameters?.file].compactMap { $0 })
        var broken: Set<ParameterKey> = []
        for error in errors where error.file.map(parameterFiles.contains) == true {
            let key = Self.rootKey(error.keyPath)
            guard let key, let parameter = ParameterKey(rawValue: key) else {
                if key == nil { return .none("the parameters have errors that are not about one key") }
                continue  // an unknown key: the game reads only the keys it knows
            }
            if needed.contains(parameter) { broken.insert(parameter) }
        }
        var scoped = design
        var notes: [Diagnostic] = []
        if !broken.isEmpty {
            switch ValueReading.within(design.parameters, broken: broken, coverage: coverage) {
            case .read(let parameters, let readings):
                scoped.parameters = parameters
                notes = readings
            case .undefined(let key):
                return .none("\(key.rawValue) has errors, and making a round reads it")
            }
        }
        return catalogueScope(scoped, errors, notes: notes)
    }

    /// The catalogue without its broken categories and those built from them.
    private static func catalogueScope(_ design: Design, _ errors: [Diagnostic], notes: [Diagnostic]) -> Outcome {
        let catalogueErrors = errors.filter { $0.file == design.catalogue.file }
        let broken = design.catalogue.categories.filter { category in
            let path = category.path.description
            return catalogueErrors.contains { $0.keyPath == path || $0.keyPath.hasPrefix(path + ".") || $0.keyPath.hasPrefix(path + "[") }
        }
        if catalogueErrors.contains(where: { $0.keyPath.isEmpty || !$0.keyPath.contains("[") }) {
            return .none("the catalogue has errors outside its categories")
        }
        var left = Set(broken.map(\.name)).union(design.catalogue.brokenNames)
        // Assembled categories built from a left-out or unknown part go too, until none is.
        var changed = true
        while changed {
            changed = false
            for category in design.catalogue.categories where !left.contains(category.name) {
                if category.parts.contains(where: { left.contains($0) || design.catalogue[$0] == nil }) {
                    left.insert(category.name)
                    changed = true
                }
            }
        }
        let kept = design.catalogue.categories.filter { !left.contains($0.name) }
        guard kept.count < design.catalogue.categories.count else { return .scope(SolvabilityScope(design: design, leftOut: [], notes: notes)) }
        guard !kept.isEmpty else { return .none("every category has errors or is built from one that has") }
        var pruned = design
        pruned.catalogue = Catalogue(categories: kept, file: design.catalogue.file)
        // Pruning can only remove mistakes; if checks still find one, say nothing rather than guess.
        guard !CatalogueChecks.check(pruned.catalogue).hasErrors else { return .none("the catalogue's errors could not be set aside") }
        // Categories the reader left out for their errors first (they are not in the catalogue), then the rest in file order.
        let names = design.catalogue.brokenNames.sorted() + design.catalogue.categories.map(\.name).filter { left.contains($0) && !design.catalogue.brokenNames.contains($0) }
        return .scope(SolvabilityScope(design: pruned, leftOut: names, notes: notes))
    }

    /// `numOfHouses` of `numOfHouses.value` or `overrides[2]`'s first component; nil for a
    /// diagnostic about the whole file.
    static func rootKey(_ keyPath: String) -> String? {
        let key = keyPath.prefix { $0 != "." && $0 != "[" }
        return key.isEmpty ? nil : String(key)
    }
}
