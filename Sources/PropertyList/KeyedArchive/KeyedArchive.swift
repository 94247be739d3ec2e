/// Reads NSKeyedArchiver archives: property lists whose objects sit in one flat `$objects` array
/// and refer to each other by UID. The result is the object graph written out as a plain tree
/// that any plist or JSON tool can read.
///
/// ```swift
/// let file = try PlistReader.read(bytes: bytes)   // binary, XML (`{CF$UID: n}`) or JSON
/// let tree = try KeyedArchive.unarchive(file)
/// tree.value.dictionary?["root"]                  // what was archived under "root"
/// ```
///
/// What the tree holds:
/// - The top is `$top`'s dictionary: one key per root the archiver was given (usually `root`).
/// - An archived object becomes a dictionary: `$class` with its class name, then its own keys in
///   archive order, each value resolved. `$classes` (the superclass chain) is kept only when it
///   says more than `[name, "NSObject"]`: that is what tells a subclass of NSString apart.
/// - Objects of the Foundation classes in ``FoundationObject`` become the plain value they stand
///   for: NSArray and NSSet an array, NSDictionary a dictionary (when its keys are distinct
///   strings; otherwise it is shown as an object, its `NS.keys` and `NS.objects` resolved),
///   NSString a string, NSData data, NSDate a date. Numbers, booleans and strings are stored
///   plainly by the archiver and stay so. Subclasses are shown as objects, so no key is lost.
/// - `$null` (UID 0, what the archiver writes for nil): a key of an object or of `$top` is left
///   out, as NSKeyedUnarchiver decodes an absent key as nil too; where there is no key to leave
///   out (an array's element) it is the marker `{"$null": true}`.
/// - A UID that refers to an object being written out on the current path (a cycle, or an object
///   that holds itself) is the marker `{"$ref": POINTER}`, POINTER being the RFC 6901 JSON
///   pointer of that ancestor in this tree (`/root/NS.objects/0`; `""` would be the top).
///   A JSON pointer because it is a standard, and unambiguous where a dotted key path is not:
///   archive keys contain dots (`NS.objects`).
/// - An object referred to from several places but not in a cycle is written out in full at
///   each place, as an unarchiver would hand the same object to each; so the reader sees every
///   value where it is used. Nothing is marked, so the output does not depend on which use came
///   first.
///
/// Limits: because shared objects are repeated, a small archive can stand for an exponentially
/// large tree (each object referring twice to the next); past ``PlistLimits/maxUnarchivedValues``
/// values the archive is refused, as is a resolved tree nested deeper than
/// ``PlistLimits/maxDepth`` (so the writers can write whatever this returns). Errors are
/// ``PlistError``s at the location of the value at fault in the archive, with its key path there
/// (`$objects[4].NS.objects[1]`).
public enum KeyedArchive {
    /// The archive in `root` (a plist read by any reader) as a plain tree.
    public static func unarchive(_ root: PlistNode, limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        let header = try KeyedArchiveHeader(root)
        var resolver = KeyedArchiveResolver(objects: header.objects, limits: limits)
        return try resolver.resolveTop(header.top, at: header.topLocation)
    }
}
