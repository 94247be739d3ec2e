import Testing

@testable import TabulaImaginariumSync

/// Who wins a token grabbed twice (TS4), enumerated over small cases: the host wins every conflict
/// it is in, whether it grabbed first or up to a latency later; between peers the earlier grab
/// wins.
@Suite struct GrabResolutionTests {
    static let devices = 0..<4
    static let times = (0...6).map(Double.init)
    static let latencies = (0...3).map(Double.init)

    /// Every ordered pair of grabs of 4 devices at whole seconds 0 to 6, latencies 0 to 3.
    @Test func theHostWinsEveryConflictItIsIn() {
        var conflicts = 0
        for latency in Self.latencies {
            for a in Self.devices {
                for b in Self.devices {
                    for ta in Self.times {
                        for tb in Self.times where tb >= ta {
                            let first = Grab(device: a, time: ta), second = Grab(device: b, time: tb)
                            let conflict = GrabResolution.isConflict(first, second, latency: latency)
                            #expect(conflict == (a != b && tb - ta < latency))
                            guard conflict else { continue }
                            conflicts += 1
                            let winner = GrabResolution.winner(of: [first, second], latency: latency)
                            // The oracle: the host if it is in the conflict; else the earlier, and
                            // on the same second the lower device number.
                            let expected = a == 0 ? 0 : b == 0 ? 1 : (ta < tb || (ta == tb && a < b)) ? 0 : 1
                            #expect(winner == expected, "\(first) then \(second), latency \(latency)")
                        }
                    }
                }
            }
        }
        #expect(conflicts > 100)
    }

    /// Three grabs within a latency of each other: whatever their order, the host's wins.
    @Test func theHostWinsAmongThree() {
        for order in [[0, 1, 2], [1, 0, 2], [1, 2, 0], [2, 1, 0]] {
            let grabs = order.enumerated().map { Grab(device: $0.element, time: 10 + 0.1 * Double($0.offset)) }
            let winner = GrabResolution.winner(of: grabs, latency: 0.5)
            #expect(winner.map { grabs[$0].device } == 0)
        }
    }

    /// A tie at the host: the peer's grab arrives the moment the host grabs. The host's is first.
    @Test func aTieAtTheHostGoesToTheHost() {
        let peer = Grab(device: 3, time: 5), host = Grab(device: 0, time: 5.25)
        #expect(GrabResolution.arrival(of: peer, latency: 0.25) == GrabResolution.arrival(of: host, latency: 0.25))
        #expect(GrabResolution.winner(of: [peer, host], latency: 0.25) == 1)
        // A latency and more after, the peer's message was there first: no conflict, the peer's.
        #expect(GrabResolution.winner(of: [peer, Grab(device: 0, time: 5.5)], latency: 0.25) == 0)
        #expect(GrabResolution.winner(of: [], latency: 1) == nil)
    }

    /// In sessions of the host and one peer, the host wins every conflict; alone it has none.
    @Test func twoDevicesTheHostWinsAll() throws {
        let two = try SyncModel(SyncParameters(devices: 2, editsPerMinute: 0, grabsPerMinute: 12, tokens: 1, latencySeconds: 1, sessionMinutes: 60))
        let one = try SyncModel(SyncParameters(devices: 1, editsPerMinute: 0, grabsPerMinute: 12, tokens: 1, latencySeconds: 1, sessionMinutes: 60))
        var conflicts = 0
        for seed in UInt64(0)..<20 {
            let s = two.play(seed: seed)
            conflicts += s.conflicts
            #expect(s.hostWins == s.conflicts && s.peerWins == 0)
            // Each dropped grab is a peer's that lost; it lost one conflict at least.
            #expect(s.droppedGrabs <= s.conflicts && s.droppedGrabs <= s.peerGrabs)
            #expect(one.play(seed: seed).conflicts == 0)
        }
        #expect(conflicts > 0)
    }
}
