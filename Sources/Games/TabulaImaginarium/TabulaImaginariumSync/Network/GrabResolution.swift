/// Who gets a token two devices grabbed at once (TS3, TS4): the host takes the first pick-up
/// message to reach it and forwards only that one; its own grab reaches it at once and wins every
/// tie (seeds/004, 6.4.1.3: "a first-come, first-serve policy where the first network message for
/// picking up a token would be the right one … The hosting device itself would of course always
/// have priority over all other devices").
///
/// ```swift
/// let a = Grab(device: 2, time: 10.0), b = Grab(device: 0, time: 10.1)
/// GrabResolution.isConflict(a, b, latency: 0.2)        // true: 0.1 s apart
/// GrabResolution.winner(of: [a, b], latency: 0.2)      // 1: the host, whose grab reached it first
/// ```
public struct Grab: Sendable, Hashable, Codable {
    /// The device that grabbed: 0 is the host.
    public var device: Int
    /// When it grabbed, in seconds from the session's start.
    public var time: Double

    public init(device: Int, time: Double) {
        self.device = device
        self.time = time
    }
}

public enum GrabResolution {
    /// When the host sees a grab: its own at once, a peer's a latency later (one hop, TS1).
    public static func arrival(of grab: Grab, latency: Double) -> Double {
        grab.device == HostRelay.host ? grab.time : grab.time + latency
    }

    /// Whether two grabs of one token collide (TS4): by different devices, less than a latency
    /// apart, so that the later was made before its device could know of the earlier.
    public static func isConflict(_ earlier: Grab, _ later: Grab, latency: Double) -> Bool {
        earlier.device != later.device && later.time - earlier.time < latency
    }

    /// The index of the grab the host takes among `grabs`: the first to reach it; on equal
    /// arrival the host's own, then (this project's choice; times drawn from a continuous law never
    /// tie) the lower device number. nil for no grab.
    public static func winner(of grabs: [Grab], latency: Double) -> Int? {
        grabs.indices.min { a, b in
            let (x, y) = (arrival(of: grabs[a], latency: latency), arrival(of: grabs[b], latency: latency))
            if x != y { return x < y }
            let (hostA, hostB) = (grabs[a].device == HostRelay.host, grabs[b].device == HostRelay.host)
            if hostA != hostB { return hostA }
            return grabs[a].device < grabs[b].device
        }
    }
}
