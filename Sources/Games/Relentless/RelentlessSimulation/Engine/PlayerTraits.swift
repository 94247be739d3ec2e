import Relentless

/// A ``Persona`` as the engine reads it on every action: the same numbers without the name.
///
/// The name (a String) makes a persona costly to copy, and the engine reads a player's numbers
/// hundreds of times a round; this value holds only plain numbers, so reading one is a load,
/// never a retain and a release.
struct PlayerTraits {
    var describeSeconds: KindTable
    var identifySeconds: KindTable
    var findSeconds: Double
    var packSeconds: Double
    var assembleSeconds: Double
    var passSeconds: Double
    var misunderstandChance: KindTable
    var confusionPerGroupItem: Double
    var wrongTeammateChance: Double
    var ordersAtOnce: Int
    var strategy: OrderStrategy
    var hopelessOrders: HopelessOrderPolicy
    var timeSpread: Double

    init(_ persona: Persona) {
        describeSeconds = persona.describeSeconds
        identifySeconds = persona.identifySeconds
        findSeconds = persona.findSeconds
        packSeconds = persona.packSeconds
        assembleSeconds = persona.assembleSeconds
        passSeconds = persona.passSeconds
        misunderstandChance = persona.misunderstandChance
        confusionPerGroupItem = persona.confusionPerGroupItem
        wrongTeammateChance = persona.wrongTeammateChance
        ordersAtOnce = persona.ordersAtOnce
        strategy = persona.strategy
        hopelessOrders = persona.hopelessOrders
        timeSpread = persona.timeSpread
    }

    /// ``Persona/misunderstanding(_:groupSize:)``.
    func misunderstanding(_ kind: CategoryKind, groupSize: Int) -> Double {
        Persona.misunderstanding(chance: misunderstandChance[kind], perGroupItem: confusionPerGroupItem, groupSize: groupSize)
    }
}
