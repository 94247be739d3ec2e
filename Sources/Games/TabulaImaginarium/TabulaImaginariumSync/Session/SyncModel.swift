import Randomness

/// Parameters checked and ready to play: one session a seed (TS7).
///
/// ```swift
/// let model = try SyncModel(SyncParameters(devices: 4, latencySeconds: 0.5))
/// let session = model.play(seed: 7)
/// session.editMessages == 3 * session.edits    // N − 1 messages an edit (TS2)
/// ```
///
/// A session lasts `sessionMinutes`; every peer joins at its start and after each reconnect
/// (TS5); every device edits and grabs as Poisson streams of its own rates, each grab of a token
/// drawn uniformly. A session is a function of its parameters and seed alone.
public struct SyncModel: Sendable {
    public let parameters: SyncParameters
    /// One join's resync by each strategy (the order of `ResyncStrategy.allCases`).
    public let resyncs: [ResyncSize]

    /// Refuses parameters with problems, listing them all.
    public init(_ parameters: SyncParameters) throws(SyncParameterError) {
        let problems = parameters.problems
        guard problems.isEmpty else { throw SyncParameterError(problems: problems) }
        self.parameters = parameters
        resyncs = ResyncStrategy.allCases.map { parameters.map.resync($0, bytes: parameters.bytes) }
    }

    /// One session. Its draws come in a fixed order: each device's edits, then its grabs (a gap
    /// and a token each), then each peer's reconnects.
    public func play(seed: UInt64) -> SyncSessionRecord {
        let p = parameters
        let seconds = p.sessionMinutes * 60
        let latency = p.latencySeconds
        var random = RandomSource(seed: seed)
        var record = SyncSessionRecord()
        var grabsByToken: [[Grab]] = Array(repeating: [], count: p.tokens)
        for device in 0..<p.devices {
            let sender: HostRelay.Sender = device == HostRelay.host ? .host : .peer
            let traffic = HostRelay.edit(by: sender, devices: p.devices)
            var time = 0.0
            while let next = random.nextPoissonTime(after: time, perSecond: p.editsPerMinute / 60, within: seconds) {
                time = next
                if sender == .host { record.hostEdits += 1 } else { record.peerEdits += 1 }
                record.editMessages += traffic.messages
                record.editRelayed += traffic.relayed
                record.editHops += traffic.hops
            }
            time = 0
            while let next = random.nextPoissonTime(after: time, perSecond: p.grabsPerMinute / 60, within: seconds) {
                time = next
                grabsByToken[random.uniform(below: p.tokens)].append(Grab(device: device, time: time))
            }
        }
        var joins = p.devices - 1
        for _ in 1..<max(p.devices, 1) {
            var time = 0.0
            while let next = random.nextPoissonTime(after: time, perSecond: p.reconnectsPerHour / 3600, within: seconds) {
                time = next
                joins += 1
            }
        }
        record.joins = joins
        for (index, size) in resyncs.enumerated() {
            record.resyncMessages[index] = joins * size.messages
            record.resyncBytes[index] = joins * size.bytes
        }
        for grabs in grabsByToken { settle(grabs, seconds: seconds, latency: latency, into: &record) }
        return record
    }

    /// One token's grabs in the order they were made: each conflict of consecutive grabs settled
    /// by the host (TS4), the losers' messages dropped, and the grabs whose next grab is another
    /// device's within a latency counted over those whose window the session holds.
    func settle(_ unordered: [Grab], seconds: Double, latency: Double, into record: inout SyncSessionRecord) {
        // Devices' streams were appended one after another; a stable sort keeps equal times (which
        // a continuous law never draws) in device order.
        let grabs = unordered.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var dropped = Array(repeating: false, count: grabs.count)
        for (index, grab) in grabs.enumerated() {
            let next = index + 1 < grabs.count ? grabs[index + 1] : nil
            let conflict = next.map { GrabResolution.isConflict(grab, $0, latency: latency) } ?? false
            if grab.time + latency <= seconds {
                record.windowGrabs += 1
                if conflict { record.windowConflicts += 1 }
            }
            guard conflict, let next, let winner = GrabResolution.winner(of: [grab, next], latency: latency) else { continue }
            record.conflicts += 1
            let won = winner == 0 ? grab : next
            if won.device == HostRelay.host { record.hostWins += 1 } else { record.peerWins += 1 }
            dropped[winner == 0 ? index + 1 : index] = true
        }
        for (index, grab) in grabs.enumerated() {
            let sender: HostRelay.Sender = grab.device == HostRelay.host ? .host : .peer
            if sender == .host { record.hostGrabs += 1 } else { record.peerGrabs += 1 }
            if dropped[index] { record.droppedGrabs += 1 }
            record.grabMessages += HostRelay.grab(by: sender, devices: parameters.devices, forwarded: !dropped[index]).messages
        }
    }
}
