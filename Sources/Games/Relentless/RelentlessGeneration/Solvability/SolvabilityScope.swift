import Diagnostics
import Relentless

/// What solvability can still reason about in a design that has errors, the way a compiler goes
/// on after its first error: a designer fixing one finding at a time should see the serious
/// problems (an order no team can fill) in the same run as the typos.
///
/// - The catalogue is kept without the categories that have errors of their own, and without the
///   assembled categories built from those (C4): what is left is well formed.
/// - The parameters must be sound where rounds are made: no error may touch a key that round
///   generation reads (`needed`) or the team sizes and difficulty ramp (C6, M3). An error
///   elsewhere (the expense, a satisfaction key) does not change which rounds can be made.
///
/// ```swift
/// switch SolvabilityScope.of(design, diagnostics, needed: pipeline.parametersRead) {
/// case .whole(let design), .without(let design, _): StaticSolvability.check(design)
/// case .none(let why): print(why)
/// }
/// ```
public enum SolvabilityScope: Sendable {
    /// The design as it is.
    case whole(Design)
    /// The design without these categories (names in file order), which have errors.
    case without(Design, left: [String])
    /// Nothing can be said; why.
    case none(String)

    /// Keys every round's making reads besides the pipeline's: the team sizes and the ramp.
    static let alwaysNeeded: Set<ParameterKey> = [
        .minNumOfPlayers, .maxNumOfPlayers, .minDifficultyLevel, .maxDifficultyLevel, .difficultyChange,
    ]

    public static func of(_ design: Design, _ diagnostics: [Diagnostic], needed: Set<ParameterKey>) -> SolvabilityScope {
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return .whole(design) }
        let needed = needed.union(alwaysNeeded)
        let parameterFiles = Set([design.parameters.file] + [design.demoParameters?.file].compactMap { $0 })
        for error in errors where error.file.map(parameterFiles.contains) == true {
            let key = Self.rootKey(error.keyPath)
            guard let key, let parameter = ParameterKey(rawValue: key) else {
                if key == nil { return .none("the parameters have errors that are not about one key") }
                continue  // an unknown key: the game reads only the keys it knows
            }
            if needed.contains(parameter) {
                return .none("\(key) has errors, and making a round reads it")
            }
        }
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
        guard kept.count < design.catalogue.categories.count else { return .whole(design) }
        guard !kept.isEmpty else { return .none("every category has errors or is built from one that has") }
        var pruned = design
        pruned.catalogue = Catalogue(categories: kept, file: design.catalogue.file)
        // Pruning can only remove mistakes; if checks still find one, say nothing rather than guess.
        guard !CatalogueChecks.check(pruned.catalogue).hasErrors else { return .none("the catalogue's errors could not be set aside") }
        // Categories the reader left out for their errors first (they are not in the catalogue), then the rest in file order.
        let names = design.catalogue.brokenNames.sorted() + design.catalogue.categories.map(\.name).filter { left.contains($0) && !design.catalogue.brokenNames.contains($0) }
        return .without(pruned, left: names)
    }

    /// `numOfHouses` of `numOfHouses.value` or `overrides[2]`'s first component; nil for a
    /// diagnostic about the whole file.
    static func rootKey(_ keyPath: String) -> String? {
        let key = keyPath.prefix { $0 != "." && $0 != "[" }
        return key.isEmpty ? nil : String(key)
    }
}
