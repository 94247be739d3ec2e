import Diagnostics
import GameSeam

/// A game whose Balance.plist has keys of its own (targets that name a team and a round rather
/// than a lineup, say) reads it itself into the plan the seam's gate plays, with its own located
/// diagnostics and rule ids. Every other game's is read by ``MetricGateReader``.
public protocol GatePlanning: PlayableGame {
    /// The balance targets of `design` (its Balance.plist, or the file named in its place) for
    /// `playable` as the user's options made it. Throws when the file cannot be read, or is
    /// missing (its reason then says what to write).
    func gatePlan(_ design: any DesignFolder, for playable: Playable) throws(DesignFileError) -> GatePlanReading<Self>
}

/// A Balance.plist as a game read it for the gate.
public struct GatePlanReading<Game: PlayableGame> {
    /// Nil when the file has errors.
    public var plan: MetricGatePlan?
    /// The design as the gate plays it: a lineup for each one a target names.
    public var playable: Game.Playable?
    public var diagnostics: [Diagnostic]
    /// How messages name the file.
    public var label: String
    /// Its bytes, which join a sharded gate's fingerprint.
    public var bytes: [UInt8]

    public init(plan: MetricGatePlan?, playable: Game.Playable?, diagnostics: [Diagnostic], label: String, bytes: [UInt8]) {
        self.plan = plan
        self.playable = playable
        self.diagnostics = diagnostics
        self.label = label
        self.bytes = bytes
    }
}

extension PlayableGame {
    /// The game's own reading of its Balance.plist, when it plans its gate itself (``GatePlanning``);
    /// nil for a game whose targets ``MetricGateReader`` reads.
    public func ownGatePlan(_ design: any DesignFolder, for playable: Playable) throws(DesignFileError) -> GatePlanReading<Self>? {
        guard let planning = self as? any GatePlanning else { return nil }
        // The game is `Self` seen as planning its gate: its types are `Self`'s.
        return try planning.erasedGatePlan(design, playable) as? GatePlanReading<Self>
    }
}

extension GatePlanning {
    fileprivate func erasedGatePlan(_ design: any DesignFolder, _ playable: Any) throws(DesignFileError) -> Any? {
        guard let playable = playable as? Playable else { return nil }
        return try gatePlan(design, for: playable)
    }
}
