extension MutableCollection where Self: RandomAccessCollection, Index == Int {
    /// Sorts the elements from `start` on with `precedes`, in place and stably: an insertion
    /// sort, for the few items of one order or one package, where `sort()`'s machinery costs
    /// more than it saves.
    @inlinable
    package mutating func insertionSort(from start: Int, by precedes: (Element, Element) -> Bool) {
        guard endIndex - start > 1 else { return }
        for i in (start + 1)..<endIndex {
            let x = self[i]
            var j = i
            while j > start && precedes(x, self[j - 1]) {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = x
        }
    }
}
