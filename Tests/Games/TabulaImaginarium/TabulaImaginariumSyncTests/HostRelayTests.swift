import Testing

@testable import TabulaImaginariumSync

/// Messages an edit takes through the host's star (TS2), against the counts the seed's topology
/// gives by hand: a host's edit goes to each peer, a peer's to the host and from it to every other
/// peer, never back to its sender.
@Suite struct HostRelayTests {
    @Test(arguments: 1...12)
    func anEditOfTheHost(devices n: Int) {
        let traffic = HostRelay.edit(by: .host, devices: n)
        // One send to each of the n − 1 peers, nothing relayed, one latency to the last.
        #expect(traffic == HostRelay.Traffic(messages: n - 1, relayed: 0, hops: n == 1 ? 0 : 1))
    }

    @Test(arguments: 2...12)
    func anEditOfAPeer(devices n: Int) {
        let traffic = HostRelay.edit(by: .peer, devices: n)
        // One send to the host, which relays it to the n − 2 other peers: n − 1 in all, reaching
        // the last peer two latencies after the edit (one when the host is the only other device).
        #expect(traffic == HostRelay.Traffic(messages: 1 + (n - 2), relayed: n - 2, hops: n == 2 ? 1 : 2))
        #expect(traffic.messages == HostRelay.edit(by: .host, devices: n).messages)
    }

    @Test func aGrabLostIsOneMessage() {
        // A peer's grab the host drops went to the host only; a forwarded one travels as an edit.
        #expect(HostRelay.grab(by: .peer, devices: 5, forwarded: false).messages == 1)
        #expect(HostRelay.grab(by: .peer, devices: 5, forwarded: true).messages == 4)
        #expect(HostRelay.grab(by: .host, devices: 5, forwarded: true).messages == 4)
    }

    /// In a played session every edit took n − 1 messages and every peer's edit n − 2 relays,
    /// exactly; a grab n − 1 when forwarded and 1 when dropped.
    @Test(arguments: [1, 2, 3, 5, 8])
    func sessionsCountMessagesByTheFormula(devices n: Int) throws {
        let model = try SyncModel(SyncParameters(devices: n, editsPerMinute: 3, grabsPerMinute: 4, tokens: 2, latencySeconds: 1, sessionMinutes: 30))
        for seed in UInt64(0)..<20 {
            let s = model.play(seed: seed)
            #expect(s.edits > 0)
            #expect(s.editMessages == (n - 1) * s.edits)
            #expect(s.editRelayed == max(n - 2, 0) * s.peerEdits)
            #expect(s.editHops == (n == 1 ? 0 : s.hostEdits + (n == 2 ? 1 : 2) * s.peerEdits))
            #expect(s.grabMessages == (n - 1) * (s.grabs - s.droppedGrabs) + s.droppedGrabs)
            #expect(s.joins == n - 1)
        }
    }
}
