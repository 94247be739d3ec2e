import Foundation
import Synchronization
import Testing
@testable import PlaybenchCLI

/// Issue 43, item 3: a run whose units are long (one Andora game of `mcts:1000000`) shows it is
/// alive before the first unit ends, and stops drawing once finished.
@Suite struct ProgressBarTests {
    final class Captured: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func theBarBeatsBeforeAnyUnitEndsAndStopsWhenFinished() throws {
        let captured = Captured()
        let bar = ProgressBar(label: "simulate", enabled: true, heartbeat: .milliseconds(20), write: { captured.append($0) })
        Thread.sleep(forTimeInterval: 1.2)
        // Nothing finished: the heartbeat alone drew, at most every half second.
        #expect(captured.all.contains { $0.contains("simulate: 0 s so far, none finished yet") }, "\(captured.all)")
        #expect((1...3).contains(captured.all.count), "\(captured.all)")
        bar.update(done: 1, total: 4)
        #expect(captured.all.last?.contains("simulate [#######-----------------------] 1/4 (25%)") == true, "\(captured.all)")
        bar.finish()
        let drawn = captured.all.count
        #expect(captured.all.last == "\r\u{1B}[K")
        Thread.sleep(forTimeInterval: 0.8)
        bar.update(done: 2, total: 4)
        #expect(captured.all.count == drawn, "drew after finish: \(captured.all.suffix(2))")
    }

    @Test func aBarNotOnATerminalNeverDraws() {
        let captured = Captured()
        let bar = ProgressBar(label: "x", enabled: false, heartbeat: .milliseconds(10), write: { captured.append($0) })
        Thread.sleep(forTimeInterval: 0.2)
        bar.update(done: 1, total: 1)
        bar.finish()
        #expect(captured.all.isEmpty)
    }
}
