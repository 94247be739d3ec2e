import RelentlessGeneration
import Relentless
import RelentlessSimulation

/// One thing that differs between two designs, small enough to apply alone: a parameter key, the
/// catalogue as a whole, a persona of the team, or the pipeline.
///
/// ```swift
/// let changes = DesignChange.between(old, new, catalogueChanged: false)
/// changes.map(\.name)                  // ["dailyExpense"]
/// changes[0].old, changes[0].new       // "50", "150"
/// let onlyThat = changes[0].apply(to: old, from: new)
/// ```
public struct DesignChange: Sendable, Hashable, Codable {
    public enum Kind: Sendable, Hashable, Codable {
        case parameter(String)
        case catalogue
        case persona(String)
        case pipeline
    }

    public var kind: Kind
    /// "dailyExpense", "GameConfig.plist", "persona casual", "Pipeline.plist".
    public var name: String
    /// The old and new values as written ("50", "(not set)"), or what changed.
    public var old: String
    public var new: String
    /// The catalogue's changes by category, group and item (``CatalogueChanges``); empty for
    /// the other kinds.
    public var details: [String] = []

    /// Every change from `old` to `new`, parameters in the order of C6's table. The catalogue is
    /// compared by the caller, who has its files.
    public static func between(_ old: DesignVariant, _ new: DesignVariant, catalogueChanged: Bool) -> [DesignChange] {
        var changes: [DesignChange] = []
        let (a, b) = (old.design.parameters, new.design.parameters)
        for key in ParameterKey.allCases where !Self.same(a.entries[key], b.entries[key]) {
            changes.append(DesignChange(
                kind: .parameter(key.rawValue), name: key.rawValue, old: a.entries[key]?.text ?? "(not set)", new: b.entries[key]?.text ?? "(not set)"))
        }
        // Files that differ only in layout or comments are the same catalogue: nothing to play.
        let catalogue = catalogueChanged ? CatalogueChanges.between(old.design.catalogue, new.design.catalogue) : []
        if !catalogue.isEmpty {
            changes.append(DesignChange(
                kind: .catalogue, name: "GameConfig.plist", old: "the old catalogue",
                new: "\(catalogue.count) change\(catalogue.count == 1 ? "" : "s")", details: catalogue))
        }
        var seen: Set<String> = []
        for (was, now) in zip(old.team, new.team) where was.name == now.name && was != now && seen.insert(was.name).inserted {
            let fields = Self.differingFields(was, now)
            changes.append(DesignChange(
                kind: .persona(was.name), name: "persona \(was.name)", old: "Players.plist of the old design",
                new: fields.isEmpty ? "changed" : fields.joined(separator: ", ") + " changed"))
        }
        if old.pipeline != new.pipeline {
            changes.append(DesignChange(
                kind: .pipeline, name: PipelineChoice.fileName, old: "\(old.pipeline.orders.rawValue), \(old.pipeline.items.rawValue)",
                new: "\(new.pipeline.orders.rawValue), \(new.pipeline.items.rawValue)"))
        }
        return changes
    }

    /// `old` with this one change taken from `new`.
    public func apply(to old: DesignVariant, from new: DesignVariant) -> DesignVariant {
        var variant = old
        switch kind {
        case .parameter(let name):
            if let key = ParameterKey(rawValue: name) { variant.design.parameters.entries[key] = new.design.parameters.entries[key] }
        case .catalogue:
            variant.design.catalogue = new.design.catalogue
        case .persona(let name):
            if let persona = new.team.first(where: { $0.name == name }) {
                variant.team = variant.team.map { $0.name == name ? persona : $0 }
            }
        case .pipeline:
            variant.pipeline = new.pipeline
        }
        return variant
    }

    /// Equal values count as the same however they are written (50 and 50.0).
    static func same(_ a: Parameters.Entry?, _ b: Parameters.Entry?) -> Bool {
        switch (a?.value, b?.value) {
        case (nil, nil): return true
        case let (.number(x)?, .number(y)?): return x == y
        default: return a?.text == b?.text
        }
    }

    /// The persona's settings that differ, by their Players.plist names.
    static func differingFields(_ a: Persona, _ b: Persona) -> [String] {
        zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y in
            guard let label = x.label, label != "name" else { return nil }
            return String(describing: x.value) == String(describing: y.value) ? nil : label
        }
    }
}
