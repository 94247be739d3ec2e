import Diagnostics

/// What `Session.plist` sets for the sync model: the session sizes played side by side and every
/// other parameter but the map, which a design takes from its own `TabulaMap.plist` (TS5).
///
/// ```swift
/// var settings = SessionSettings()             // the defaults: one session of 5 devices
/// settings.deviceCounts = [3, 4, 5]            // three sessions, one per size
/// settings.parameters(devices: 4, map: map, tokens: 5)   // what SyncModel plays for the second
/// ```
public struct SessionSettings: Sendable, Hashable {
    /// Each session size played, the host included (TS1): one lineup each, in this order.
    public var deviceCounts: [Int]
    /// Every other parameter; its `devices` and `map` are replaced for each session played.
    public var shared: SyncParameters
    /// Tokens a grab picks from (TS3); nil for the tokens on the design's map.
    public var tokens: Int?
    /// Where each key was read (`bytes.tagBytes` for a byte model's part), for problems found
    /// once the map is known; empty for defaults.
    public var places: [String: SourceLocation]

    /// No file: the model's defaults, one session of `SyncParameters().devices` devices.
    public init(deviceCounts: [Int] = [SyncParameters().devices], shared: SyncParameters = SyncParameters(), tokens: Int? = nil, places: [String: SourceLocation] = [:]) {
        self.deviceCounts = deviceCounts
        self.shared = shared
        self.tokens = tokens
        self.places = places
    }

    /// The parameters of a session of `devices` devices on `map` with `tokens` tokens. A map
    /// without tokens has nothing to grab: its sessions make no grab (one token stands in, which
    /// no grab ever picks).
    public func parameters(devices: Int, map: MapTextures, tokens: Int) -> SyncParameters {
        var parameters = shared
        parameters.devices = devices
        parameters.map = map
        parameters.tokens = max(tokens, 1)
        if tokens == 0 { parameters.grabsPerMinute = 0 }
        return parameters
    }
}
