/// The canonical leaves of every item of some small assembled categories, one after another in
/// one array (``PreparedDesign``'s `decodedItems`): category c's item j is the `width` leaves
/// from `starts[c] + j × width`. One array, not one per category, so that a copy out of it
/// retains nothing.
struct DecodedItems: Sendable {
    var leaves: [UInt32] = []
    /// Where each category's items start in `leaves`; -1 for a category not decoded.
    var starts: [Int]

    /// Writes item `item` of decoded `category` (`width` leaves an item) into `target` at `offset`.
    @inline(__always)
    func copy(category: Int, item: Int, width: Int, into target: inout [UInt32], at offset: Int) {
        let source = starts[category] + item * width
        for i in 0..<width { target[offset + i] = leaves[source + i] }
    }
}
