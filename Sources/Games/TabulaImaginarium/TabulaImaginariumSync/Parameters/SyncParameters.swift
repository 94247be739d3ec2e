/// What a sync session is played from: how many devices, how often each edits the map and grabs
/// a token, how long a message takes, how long the session lasts, and the map a joining device
/// is sent (<doc:NetworkModel>, TS1–TS8).
///
/// ```swift
/// var parameters = SyncParameters()
/// parameters.devices = 5                      // the host and four peers
/// parameters.latencySeconds = 0.25
/// parameters.map = MapTextures(width: 10, height: 8, textures: [
///     TextureCount(name: "floor", tiles: 50), TextureCount(name: "grass", tiles: 20), TextureCount(name: "water", tiles: 10),
/// ])
/// guard parameters.problems.isEmpty else { /* report them */ }
/// let model = try SyncModel(parameters)
/// var statistics = SyncStatistics()
/// statistics.record(model.play(seed: 42))
/// ```
///
/// The defaults are a table like the seed's tests (seeds/004, 6.3.2 and 6.7: four or five iPads
/// through an evening): every rate and the latency are this project's assumptions, which the seed
/// never measured; sweep them.
public struct SyncParameters: Sendable, Hashable, Codable {
    /// Devices in the session, the host included (TS1).
    public var devices: Int
    /// Map edits a device makes a minute, each device alike: a Poisson stream (TS2, TS7).
    public var editsPerMinute: Double
    /// Token grabs a device makes a minute, each of a token drawn uniformly (TS3, TS7).
    public var grabsPerMinute: Double
    /// Tokens on the map a grab picks from (TS3).
    public var tokens: Int
    /// Seconds a message takes over one connection, host to peer or peer to host (TS1).
    public var latencySeconds: Double
    /// How long the session lasts (TS7).
    public var sessionMinutes: Double
    /// Times an hour each peer loses its connection and joins again, each time resynchronized
    /// (TS5, TS7; this project's extension of seeds/004's reconnect, 6.4.1.4).
    public var reconnectsPerHour: Double
    /// The background layer a joining device is sent (TS5).
    public var map: MapTextures
    /// What a message weighs in bytes (TS6).
    public var bytes: ByteModel

    public init(
        devices: Int = 5, editsPerMinute: Double = 2, grabsPerMinute: Double = 1, tokens: Int = 6, latencySeconds: Double = 0.2,
        sessionMinutes: Double = 240, reconnectsPerHour: Double = 0, map: MapTextures = MapTextures(), bytes: ByteModel = ByteModel()
    ) {
        self.devices = devices
        self.editsPerMinute = editsPerMinute
        self.grabsPerMinute = grabsPerMinute
        self.tokens = tokens
        self.latencySeconds = latencySeconds
        self.sessionMinutes = sessionMinutes
        self.reconnectsPerHour = reconnectsPerHour
        self.map = map
        self.bytes = bytes
    }
}
