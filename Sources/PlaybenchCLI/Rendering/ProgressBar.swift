import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error, redrawn at most ten times a second; silent when
/// standard error is not a terminal (CI logs, pipes), so scripts see only the result.
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw = 0.0
        var drawn = false
    }

    private let label: String
    private let enabled: Bool
    private let started = Date()
    private let state = Mutex(State())

    init(label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.enabled = enabled
    }

    func update(done: Int, total: Int) {
        guard enabled else { return }
        let elapsed = Date().timeIntervalSince(started)
        state.withLock { state in
            guard done == total || elapsed - state.lastDraw >= 0.1 else { return }
            state.lastDraw = elapsed
            state.drawn = true
            let width = 30
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let rate = elapsed > 0 ? Double(done) / elapsed : 0
            let left = rate > 0 && done < total ? " ~\(Int((Double(total - done) / rate).rounded(.up))) s left" : ""
            let line = "\r\(label) [\(bar)] \(done)/\(total) (\(Int(fraction * 100))%)\(left)   "
            Output.standardError(line)
        }
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled else { return }
        state.withLock { state in
            if state.drawn { Output.standardError("\r\u{1B}[K") }
        }
    }
}
