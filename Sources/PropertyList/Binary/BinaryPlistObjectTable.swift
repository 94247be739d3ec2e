/// A tree flattened into the numbered objects of a binary plist, before serialization.
///
/// Equal scalars are stored once, as CoreFoundation does (a key repeated in a thousand
/// dictionaries costs one string), compared by their encoded bytes, so that "equal" means
/// byte-identical: canonically equivalent but different strings, 0.0 and -0.0, or NaNs with
/// different payloads stay distinct. Containers are not shared. Flattening uses a work list,
/// not recursion, so that any tree built in code can be written, however deep.
struct BinaryPlistObjectTable {
    enum Object {
        case scalar([UInt8])
        case array([Int])
        /// Key references, then value references, as the format stores them.
        case dictionary(keys: [Int], values: [Int])
    }

    private(set) var objects: [Object] = []
    private var scalarIndex: [[UInt8]: Int] = [:]
    /// Containers numbered but whose children are not yet.
    private var pending: [(index: Int, value: PlistValue)] = []

    /// Numbers every object under `root`; returns the root's number.
    mutating func flatten(_ root: PlistNode) -> Int {
        let top = add(root.value)
        while let (index, value) = pending.popLast() {
            switch value {
            case .array(let items):
                var references: [Int] = []
                references.reserveCapacity(items.count)
                for item in items { references.append(add(item.value)) }
                objects[index] = .array(references)
            case .dictionary(let dictionary):
                var keys: [Int] = [], values: [Int] = []
                keys.reserveCapacity(dictionary.count)
                values.reserveCapacity(dictionary.count)
                for (key, value) in dictionary.pairs {
                    keys.append(add(.string(key)))
                    values.append(add(value.value))
                }
                objects[index] = .dictionary(keys: keys, values: values)
            default:
                break
            }
        }
        return top
    }

    /// The number of `value`: a shared one for a scalar seen before, a new one otherwise.
    /// Containers are numbered now and filled in from `pending`.
    private mutating func add(_ value: PlistValue) -> Int {
        guard let encoded = BinaryPlistEncoding.scalar(value) else {
            objects.append(.array([]))
            pending.append((objects.count - 1, value))
            return objects.count - 1
        }
        if let existing = scalarIndex[encoded] { return existing }
        objects.append(.scalar(encoded))
        scalarIndex[encoded] = objects.count - 1
        return objects.count - 1
    }
}
