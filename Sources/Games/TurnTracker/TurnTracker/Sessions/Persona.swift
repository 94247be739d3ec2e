/// A modelled player (TT10): how fast they play their actions, how much their turns vary, and how
/// often they forget to press ready. Every number is an assumption of the design's author; seeds/000
/// gives one figure to hold them to ("1-3 times a game one of us had to remind the other to click
/// the ready button").
public struct Persona: Sendable, Hashable {
    public var name: String
    /// Actions take their time ÷ this: 1.25 plays a quarter faster than the design's times.
    public var speed: Double
    /// The spread of ln(a turn's factor): each of the player's turns takes × e^(σZ − σ²/2), Z
    /// standard normal, a factor of mean 1 (some turns they deliberate, some they rush); 0 for none.
    public var spread: Double
    /// The chance, each turn of their own, that they finish their actions without pressing ready.
    public var forgetReady: Double
    /// How long after finishing a forgotten turn the ready is pressed (they notice, or are reminded).
    public var notice: TimeDistribution

    public init(name: String, speed: Double = 1, spread: Double = 0, forgetReady: Double = 0, notice: TimeDistribution = Persona.defaultNotice) {
        self.name = name
        self.speed = speed
        self.spread = spread
        self.forgetReady = forgetReady
        self.notice = notice
    }

    /// When a design gives no `notice`: half a minute on average (this project's choice).
    public static let defaultNotice = TimeDistribution.exponential(mean: 30)
}
