import GameSeam
import PropertyList
import TabulaImaginariumSync

/// Where Session.plist writes what `--set` changes: every parameter is a key of its root, as
/// named (TS8). The map is not edited: its tokens are the default of `tokens`, which the
/// session file then holds.
extension TabulaImaginariumDefinition {
    public func written(_ name: String, value: String, in playable: Playable) -> WrittenValue? {
        // Without a session file the model's defaults are played: there is no file to edit, and
        // an edit writes into a file, never makes one.
        guard playable.sessionFile != nil, parameters.contains(where: { $0.name == name }), let number = WrittenValue.numeric(value) else { return nil }
        // TS1: several session sizes are an array, which one size cannot replace (setting one
        // plays one session of it, a choice of play). One size is written as a whole number,
        // its usual spelling; the editor refuses to replace an array of one.
        if name == "devices", playable.settings.deviceCounts.count != 1 { return nil }
        return WrittenValue(file: SessionReader.fileName, path: PlistPath([.key(name)]), value: number)
    }
}
