import BigInt

extension Category {
    /// The distinct part categories in the order `parts` first names them, each with how many
    /// times `parts` names it (C3: a repeated part). Empty for atomic kinds.
    ///
    /// ```swift
    /// toyCar.parts                 // ["carBody", "wheel", "wheel", "battery"]
    /// toyCar.partMultiplicities    // [("carBody", 1), ("wheel", 2), ("battery", 1)]
    /// ```
    public var partMultiplicities: [(name: String, count: Int)] {
        var result: [(name: String, count: Int)] = []
        var position: [String: Int] = [:]
        for part in parts {
            if let i = position[part] {
                result[i].count += 1
            } else {
                position[part] = result.count
                result.append((part, 1))
            }
        }
        return result
    }
}

extension BigUInt {
    /// C(n + k − 1, k): the multisets of k items drawn from n (C3: a category naming one part
    /// category k times gets that many combinations from it, because the original app sorts an
    /// assembled item's parts, so swapping two parts of one category gives the same item).
    /// 1 for k = 0; 0 for n = 0 < k. Exact, in min(k, n − 1) steps, each an exact division of
    /// the running binomial (C(m, i) · (m − i) / (i + 1) = C(m, i + 1)).
    public static func multisets(of n: BigUInt, choosing k: Int) -> BigUInt {
        guard k > 0 else { return 1 }
        guard n > 0 else { return 0 }
        // C(n + k − 1, k) = C(n + k − 1, n − 1): walk the shorter of the two.
        let top = n + BigUInt(k) - 1
        let steps: BigUInt = n - 1 < BigUInt(k) ? n - 1 : BigUInt(k)
        var result = BigUInt(1)
        var i = BigUInt(0)
        while i < steps {
            result = result * (top - i) / (i + 1)
            i += 1
        }
        return result
    }
}
