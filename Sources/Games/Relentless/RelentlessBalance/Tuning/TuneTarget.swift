/// What `playbench tune` aims for: a metric (after a round, where it has one) and the value it
/// should have. Written `survival(5)=0.5` (or `=50%`), `medianMoney(10)=200`, `meanRounds=12`.
public struct TuneTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    public var metric: BalanceTarget.Metric
    public var round: Int?
    public var value: Double

    public init(parsing text: String) throws(TuneTargetError) {
        let parts = text.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw TuneTargetError(text, "write metric(round)=value, e.g. survival(5)=0.5") }
        var name = parts[0].trimmingSpaces
        var round: Int?
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            guard let r = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), r >= 1 else {
                throw TuneTargetError(text, "the round in parentheses must be a whole number from 1")
            }
            round = r
            name = String(name[..<open])
        }
        guard let metric = BalanceTarget.Metric(rawValue: name) else {
            throw TuneTargetError(text, "'\(name)' is not a metric: \(BalanceTarget.Metric.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if metric.needsRound && round == nil { throw TuneTargetError(text, "\(name) is measured after a round: \(name)(5)=…") }
        if !metric.needsRound && round != nil { throw TuneTargetError(text, "\(name) takes no round") }
        var valueText = parts[1].trimmingSpaces
        let percent = valueText.hasSuffix("%")
        if percent { valueText.removeLast() }
        guard var value = Double(valueText), value.isFinite else { throw TuneTargetError(text, "'\(parts[1])' is not a number") }
        if percent { value /= 100 }
        if metric.isShare && !(0...1).contains(value) { throw TuneTargetError(text, "a share is between 0 and 1 (or 0% and 100%)") }
        self.metric = metric
        self.round = round
        self.value = value
    }

    public var description: String { metric.describe(round: round) + " = " + metric.text(value) }
}

public struct TuneTargetError: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String

    init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    public var description: String { "--target \(text): \(reason)" }
}
