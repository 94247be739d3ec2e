import Diagnostics
import GameSeam
import MonteCarlo
import TabulaImaginarium
import TabulaImaginariumReports
import TabulaImaginariumSync

/// `simulate` and the commands that play, for Tabula Imaginarium: each session size the design
/// lists is a lineup, and one game is one seeded session of the sync model (the sync model's reference, `NetworkModel.md`)
/// recorded into its statistics, whole-number sums that merge exactly.
extension TabulaImaginariumDefinition: ComparingGame, ReplayingGame {
    public func playable(_ folder: any DesignFolder, _ options: GameOptionValues) throws(PlayLoadError) -> (Playable?, [Diagnostic]) {
        do throws(DesignFileError) { return try readPlayable(folder) } catch { throw .file(error) }
    }

    public var lineupNoun: String { "session" }

    public func playedAs(_ playable: Playable) -> String? {
        let shared = playable.settings.shared
        return "sessions of \(shared.sessionMinutes.designerText) minutes, \(shared.latencySeconds.designerText) s a message, "
            + "\(shared.editsPerMinute.designerText) edits and \(shared.grabsPerMinute.designerText) grabs a minute a device of \(counted(playable.tokens, "token")), "
            + "the \(playable.textures.width)x\(playable.textures.height) map's \(counted(playable.textures.textures.count, "texture")) resynced"
    }

    /// One lineup per session size, named by it.
    public func lineups(of playable: Playable) -> [Lineup] {
        playable.settings.deviceCounts.map { devices in
            let name = counted(devices, "device")
            return Lineup(name: name, seedKey: Lineup.seedKey(of: "tabula sync " + name), chunkSize: 64)
        }
    }

    public func emptyStatistics() -> SyncStatistics { SyncStatistics() }

    public func invariantViolation(of statistics: SyncStatistics, games: Int) -> String? { statistics.invariantViolation(sessions: games) }

    /// What sessions of this design could not give: edits of another message count (TS2), joins
    /// resynced at other sizes (TS5).
    public func mismatch(of statistics: SyncStatistics, games: Range<UInt64>, lineup: Int, in playable: Playable) -> String? {
        let model = playable.models[lineup]
        let t = statistics.totals
        let perEdit = max(model.parameters.devices - 1, 0)
        let edits = t.edits.multipliedReportingOverflow(by: perEdit)
        if edits.overflow || edits.partialValue != t.editMessages { return "\(t.editMessages) messages for \(t.edits) edits where each takes \(perEdit) (TS2)" }
        for (index, size) in model.resyncs.enumerated() {
            let messages = t.joins.multipliedReportingOverflow(by: size.messages), bytes = t.joins.multipliedReportingOverflow(by: size.bytes)
            if messages.overflow || bytes.overflow || messages.partialValue != t.resyncMessages[index] || bytes.partialValue != t.resyncBytes[index] {
                return "resyncs of \(t.joins) joins that are not \(size.messages) messages and \(size.bytes) bytes each (TS5)"
            }
        }
        return nil
    }

    public func play(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SyncStatistics) {
        statistics.record(playable.models[lineup].play(seed: seed))
    }

    public var metrics: [MetricDefinition] { SyncMetric.allCases.map(\.definition) }

    public var gameMetrics: [MetricDefinition] { SyncMetric.perSession.map(\.definition) }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> [Double] {
        let session = playable.models[lineup].play(seed: seed)
        return SyncMetric.perSession.compactMap { $0.value(of: session) }
    }

    public func measure(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64, into statistics: inout SyncStatistics) -> [Double] {
        let session = playable.models[lineup].play(seed: seed)
        statistics.record(session)
        return SyncMetric.perSession.compactMap { $0.value(of: session) }
    }

    public func estimate(_ name: String, of statistics: SyncStatistics, confidence: Confidence) -> MetricEstimate? {
        SyncMetric(rawValue: name)?.estimate(statistics, confidence: confidence)
    }

    public func simulationText(_ run: PlayedRun<Self>) -> String { SyncText.render(self, run) }

    public func simulationJSON(_ run: PlayedRun<Self>) -> any Encodable & Sendable { SyncSummary(self, run) }

    public func replay(_ playable: Playable, lineup: Int, game: UInt64, seed: UInt64) -> String {
        SyncText.session(playable.models[lineup].play(seed: seed), model: playable.models[lineup])
    }

    /// The map page, as a design without games draws it, with the sessions' numbers after the
    /// map's tables.
    public func report(_ run: PlayedRun<Self>) -> (files: [ReportFile], played: String) {
        let page = MapPage.render(run.playable.map, label: run.label, after: SyncText.section(self, run))
        return ([.text(name: "report.html", contents: page)], counted(run.lineups.count, "session size"))
    }
}
