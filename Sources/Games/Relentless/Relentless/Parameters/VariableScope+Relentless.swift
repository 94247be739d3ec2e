import Expressions

/// The two scopes of Relentless's parameter file (C5).
extension VariableScope {
    /// Where the order variables may be used (C5, C6).
    static let orderVariablesAvailableIn = "correctPackageSatisfactionChange and wrongPackageSatisfactionChange"

    /// The order variables of C5, in slot order after `diffLevel`: `totalTime` (the order's time
    /// limit, s), `timeLeft` (s left on delivery or time-out), `numOfDifferences` (items that
    /// differ between package and order), `numOfItems` (items in the order).
    public static let orderVariables = ["totalTime", "timeLeft", "numOfDifferences", "numOfItems"]

    /// Any parameter but the satisfaction changes: only `diffLevel` (slot 0), the current
    /// difficulty (C5). The order variables are known, so using one says where it belongs.
    public static let parameter = VariableScope(
        ["diffLevel"],
        elsewhere: orderVariables.map { Elsewhere($0, availableIn: orderVariablesAvailableIn) })

    /// `correctPackageSatisfactionChange` and `wrongPackageSatisfactionChange` (C5): `diffLevel`
    /// (slot 0), then `totalTime`, `timeLeft`, `numOfDifferences`, `numOfItems` (slots 1–4).
    public static let satisfactionChange = VariableScope(["diffLevel"] + orderVariables)
}
