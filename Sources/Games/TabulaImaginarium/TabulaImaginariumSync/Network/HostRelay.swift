/// How a message crosses the session's star (TS1, TS2, TS3): the device that starts a session
/// hosts it and every other device is connected to it alone (seeds/004, 6.3.1: "the Ipad that
/// initially starts a session will be the host of that session, and forward messages sent to it to
/// all other participants"; 7.2: "All modifications done to the map are sent to the host, and then
/// distributed to other connected devices").
///
/// A message is one send over one connection; devices are numbered with the host 0 and the
/// peers 1 to N − 1.
///
/// ```swift
/// HostRelay.edit(by: .peer, devices: 5)   // 4 messages: 1 to the host, 3 relayed; 2 hops
/// HostRelay.edit(by: .host, devices: 5)   // 4 messages, none relayed; 1 hop
/// ```
public enum HostRelay {
    /// The host's device number.
    public static let host = 0

    /// Who sent a message first.
    public enum Sender: String, Sendable, Hashable, Codable, CaseIterable {
        case host, peer
    }

    /// What one edit, or one forwarded grab, costs the network.
    public struct Traffic: Sendable, Hashable, Codable {
        /// Sends over a connection: every one of them is sent or received by the host.
        public var messages: Int
        /// Of them, those the host forwards on another device's behalf.
        public var relayed: Int
        /// Connections crossed before the last device has it: the latency it takes, in latencies.
        public var hops: Int

        public init(messages: Int, relayed: Int, hops: Int) {
            self.messages = messages
            self.relayed = relayed
            self.hops = hops
        }
    }

    /// An edit of `devices` devices' session (TS2): the host's goes to each of its N − 1 peers; a
    /// peer's goes to the host, which forwards it to the N − 2 others and not back to its sender
    /// ("to all other participants"). N − 1 messages either way; a peer's reaches the last device
    /// a hop later. Alone, the host sends nothing.
    public static func edit(by sender: Sender, devices: Int) -> Traffic {
        let peers = max(devices - 1, 0)
        switch sender {
        case .host: return Traffic(messages: peers, relayed: 0, hops: peers > 0 ? 1 : 0)
        case .peer:
            let others = max(peers - 1, 0)
            return Traffic(messages: 1 + others, relayed: others, hops: others > 0 ? 2 : 1)
        }
    }

    /// A grab (TS3): the winner's message travels as an edit does ("only that message would have
    /// to be forwarded to all other devices"); a peer's grab that loses reaches the host and goes
    /// no further: one message, its device repaired by the winner's (seeds/004, 6.4.1.3). The
    /// host's own grab never loses (TS4).
    public static func grab(by sender: Sender, devices: Int, forwarded: Bool) -> Traffic {
        if forwarded || sender == .host { return edit(by: sender, devices: devices) }
        return Traffic(messages: 1, relayed: 0, hops: 1)
    }
}
