/// A part that does not belong, or parts that do not make a whole job (exit 65, EX_DATAERR).
struct PartProblem: Error, CustomStringConvertible {
    var description: String

    /// A command as a part names it: `playbench simulate --games 300 …`.
    static func spelled(_ command: [String]) -> String { (["playbench"] + command).joined(separator: " ") }
}
