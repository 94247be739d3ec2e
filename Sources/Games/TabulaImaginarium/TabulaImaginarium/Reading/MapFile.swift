import Diagnostics
import PropertyList

/// A map file's bytes read and checked in one step: what `check`, `report` and the tests do.
public enum MapFile {
    /// The map (nil when it has errors) and every diagnostic: the reader's (TI1, TI2, TI5) and,
    /// once it reads, the checks' (TI2–TI8).
    public static func read(bytes: [UInt8], file: String) -> (TabulaMap?, [Diagnostic]) {
        let root: PlistNode
        do throws(PlistError) {
            root = try PlistReader.read(bytes: bytes, limits: .design)
        } catch {
            return (nil, [error.diagnostic(file: file)])
        }
        let (read, diagnostics) = MapReader.read(root, file: file)
        guard let read else { return (nil, diagnostics) }
        let checked = diagnostics + MapChecks.check(read, file: file)
        return (checked.hasErrors ? nil : read, checked)
    }
}
