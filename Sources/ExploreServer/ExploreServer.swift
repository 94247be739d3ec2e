import Explore
import FlyingFox
import FlyingSocks
import Foundation
import MonteCarlo

/// The local web server of `playbench explore`: one page and its API, for one design held open
/// (``Explore/ExploreSession``). It opens no file: every answer comes from the session and the
/// page's text, so no path a browser names can reach the disk.
///
///     GET  /              the page (any query: the address carries the page's edits)
///     GET  /api/design    what the page shows (``Explore/ExploreDesign``), as JSON
///     POST /api/check     {"edits": [...]} → {"problems": [...]}
///     POST /api/run       {"client", "sequence", "edits", "lineup", "games", "seed"} → lines of JSON as the
///                         games are played (``Explore/ExploreBlock`` after every block)
///     POST /api/stop      {"client"}: the page closed; its run stops
///     POST /api/save      {"edits": [...]} → {"saved", "files", "notWritten"}: the edited design
///                         written by the ``Saver`` (`--save-to`); 422 with its problems
///
/// Anything else is 404 (405 for a known path and another method); a body over
/// ``Limits/requestBytes`` is 413, one that is no such JSON 400. A request named for a host
/// other than this machine's, or sent from another origin, is 403, and a POST whose body is not
/// declared JSON 415 (``SameMachineRule``: no web page elsewhere can drive the server).
public final class ExploreServer: Sendable {
    public struct Limits: Sendable {
        /// The largest request body read.
        public var requestBytes: Int
        /// Runs playing at once, whatever the pages; later runs wait their turn.
        public var runs: Int

        public init(requestBytes: Int = 65_536, runs: Int = 2) {
            self.requestBytes = requestBytes
            self.runs = runs
        }
    }

    /// Writes an edited design where the command was told to (`--save-to`), and says where; a
    /// thrown error is the page's message.
    public typealias Saver = @Sendable (EditedDesign) throws -> String

    let board: RunBoard
    private let http: HTTPServer

    /// A server of `session` on `host`:`port` (0: a free port), not yet listening.
    public init(
        session: any ExploreSession, page: String, host: String, port: UInt16, limits: Limits = Limits(), threads: Int? = nil, saver: Saver? = nil
    ) throws {
        board = RunBoard(slots: limits.runs)
        let address: any SocketAddress = host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        let router = Router(session: session, page: page, limits: limits, threads: threads, board: board, sameMachine: SameMachineRule(listeningOn: host),
            saver: saver)
        http = HTTPServer(config: .init(address: address, logger: .disabled), handler: router)
    }

    /// Serves until ``stop()``, at a priority above the caller's.
    ///
    /// Swift's task pool on Linux keeps a queue (and threads) per priority class, first come first
    /// served within one. A process whose own tasks hold the pool at the caller's priority (a test
    /// run's suites of synchronous work did, for ten minutes) would otherwise queue each step of
    /// every answer behind all of that work. A task executor of the server's own cannot be
    /// preferred instead: the HTTP server starts its accept loop in an unstructured task, which
    /// does not inherit a task executor preference (SE-0417), but does inherit a priority.
    public func run() async throws {
        let serving = Task(priority: Self.priority(above: Task.currentPriority)) { try await http.run() }
        try await withTaskCancellationHandler { try await serving.value } onCancel: { serving.cancel() }
    }

    /// `.high` for a caller below it; user-interactive (the highest class) for one at or above.
    package static func priority(above caller: TaskPriority) -> TaskPriority {
        caller < .high ? .high : TaskPriority(rawValue: 0x21)
    }

    /// Waits until the server listens, and returns where (a port asked as 0 is the one bound).
    public func waitUntilListening() async throws -> (host: String, port: UInt16) {
        // Not FlyingFox's 5 s: the caller's own task resumes at its priority, which a process's
        // other work can hold for longer (a full test run did, in CI at 6bc073c).
        try await http.waitUntilListening(timeout: 120)
        switch await http.listeningAddress {
        case .ip4(let host, let port), .ip6(let host, let port): return (host, port)
        default: throw SocketError.unsupportedAddress
        }
    }

    /// Cancels every run, refuses new ones, waits (up to `timeout`) until the runs have stopped
    /// playing, then stops listening: no game is left playing behind the server.
    public func stop(timeout: Duration = .seconds(5)) async {
        await board.close()
        let deadline = ContinuousClock.now + timeout
        while await !board.isIdle, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        await http.stop(timeout: 1)
    }

    /// Runs playing now, and runs begun and not yet ended: what the server's tests watch.
    public var playingRuns: Int { get async { await board.playingCount } }
    public var openRuns: Int { get async { await board.openCount } }
}
