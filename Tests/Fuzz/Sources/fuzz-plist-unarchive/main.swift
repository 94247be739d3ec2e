import FuzzSupport
import PropertyList

/// The keyed-archive reader on any plist (binary or XML): it resolves or throws, never traps or
/// hangs; what it resolves, the writers take (its depth limit is theirs) and reads back the same.
/// A lower value limit than the default keeps each input quick; the limit's check is the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistUnarchive(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let file = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    var limits = PlistLimits()
    limits.maxUnarchivedValues = 100_000
    guard let tree = try? KeyedArchive.unarchive(file, limits: limits) else { return 0 }
    for format in [PlistFormat.xml, .json] {
        do {
            _ = try PlistWriter.write(tree, as: format)
        } catch {
            fuzzCheck(!error.message.contains("nesting deeper"), "an unarchived tree is too deep for the \(format) writer: \(error)")
        }
    }
    PlistRoundTrip.check(tree)
    return 0
}
