import GameSeam
import PropertyList
import Relentless
import RelentlessBalance
import RelentlessGeneration

/// Where a Relentless design writes what `--set` changes: each key of the parameters file at
/// its top level (C1, C6), a number inside a key's expression as the whole expression with that
/// number replaced (C5). The team's size is a choice of play (`--players`), written nowhere.
extension PlayableRelentless {
    public func written(_ name: String, value: String, in playable: Playable) -> WrittenValue? {
        var (key, text) = (ParameterKey(rawValue: name), value)
        if key == nil, let (whole, k) = Self.coefficient(name), let x = Double(value), x.isFinite {
            guard let template = try? ParameterTemplate(key: whole, text: playable.design.parameters.entries[whole]?.text, coefficient: k) else { return nil }
            (key, text) = (whole, template.text(for: x))
        }
        guard let key else { return nil }
        return WrittenValue(file: DesignSources.parametersFileName, path: PlistPath([.key(key.rawValue)]), value: WrittenValue.number(text))
    }
}
