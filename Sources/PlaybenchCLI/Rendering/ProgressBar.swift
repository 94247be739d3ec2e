import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error, redrawn at most ten times a second; silent when
/// standard error is not a terminal (CI logs, pipes), so scripts see only the result.
///
/// The bar also redraws once a second on its own, with the time so far, so that a run whose
/// units are long (one Andora game of `mcts:1000000` takes minutes) shows it is alive before the
/// first unit ends (issue 43).
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw = 0.0
        var drawn = false
        var done = 0
        var total: Int?
        var finished = false
    }

    private let label: String
    private let enabled: Bool
    private let write: @Sendable (String) -> Void
    private let started = Date()
    private let state = Mutex(State())

    init(
        label: String, enabled: Bool = isatty(STDERR_FILENO) == 1, heartbeat: Duration = .seconds(1),
        write: @escaping @Sendable (String) -> Void = { Output.standardError($0) }
    ) {
        self.label = label
        self.enabled = enabled
        self.write = write
        guard enabled else { return }
        // A thread of its own: the run's threads may all be deep in a unit of work.
        Thread.detachNewThread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: Double(heartbeat.components.seconds) + Double(heartbeat.components.attoseconds) * 1e-18)
                guard let self, self.beat() else { return }
            }
        }
    }

    func update(done: Int, total: Int) {
        guard enabled else { return }
        let elapsed = Date().timeIntervalSince(started)
        state.withLock { state in
            state.done = done
            state.total = total
            guard !state.finished, done == total || elapsed - state.lastDraw >= 0.1 else { return }
            draw(&state, elapsed)
        }
    }

    /// The heartbeat's redraw; false once the bar is finished.
    private func beat() -> Bool {
        let elapsed = Date().timeIntervalSince(started)
        return state.withLock { state in
            guard !state.finished else { return false }
            if elapsed - state.lastDraw >= 0.5 { draw(&state, elapsed) }
            return true
        }
    }

    private func draw(_ state: inout State, _ elapsed: Double) {
        state.lastDraw = elapsed
        state.drawn = true
        let seconds = " \(Int(elapsed)) s"
        guard let total = state.total else {
            write("\r\(label):\(seconds) so far, none finished yet   ")
            return
        }
        let done = state.done
        let width = 30
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 && done < total ? ", ~\(Int((Double(total - done) / rate).rounded(.up))) s left" : ""
        write("\r\(label) [\(bar)] \(done)/\(total) (\(Int(fraction * 100))%)\(seconds)\(left)   ")
    }

    /// Clears the bar's line; the heartbeat stops.
    func finish() {
        guard enabled else { return }
        state.withLock { state in
            state.finished = true
            if state.drawn { write("\r\u{1B}[K") }
        }
    }
}
