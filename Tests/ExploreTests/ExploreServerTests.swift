import ExampleGame
import Explore
import ExploreServer
import Foundation
import GameSeam
import Synchronization
import Testing

/// The server as a browser and a careless client meet it: the page and its API, refusals that
/// leave it serving, runs that stop when they are no longer wanted.
@Suite(.serialized) struct ExploreServerTests {
    /// `body` with a server of a Coin design on a free port, stopped after it (its runs too).
    func serving(
        games: Int = 600, maxGames: Int = 100_000, flips: Int = 10, saver: ExploreServer.Saver? = nil, _ body: (ExploreServer, UInt16) async throws -> Void
    ) async throws {
        let folder = CoinFolder(flips: flips, target: 1)
        let session = ComparingExploreSession(
            CoinGame(), try folder.playable(), label: "coin", directory: "coin", games: games, maxGames: maxGames,
            files: saver == nil ? nil : ExploreFiles(folder: folder, checkedBy: CoinGame()), saveTo: "saved")
        let server = try ExploreServer(
            session: session, page: ExplorePage.html, host: "127.0.0.1", port: 0, limits: .init(requestBytes: 4096, runs: 2), threads: 2, saver: saver)
        let serving = Task { try await server.run() }
        let (_, port) = try await server.waitUntilListening()
        do {
            try await body(server, port)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        serving.cancel()
    }

    func get(_ port: UInt16, _ path: String, method: String = "GET", body: String = "", headers: [String] = []) async throws -> (status: Int, body: String) {
        try await offThePool {
            let client = try RawHTTP(port: port)
            client.request(method, path, body: body, headers: headers)
            return client.response()
        }
    }

    func runBody(client: String = "page", sequence: Int? = nil, edits: [ExploreEdit] = [], games: Int = 600) -> String {
        let list = edits.map { "{\"name\":\"\($0.name)\",\"value\":\"\($0.value)\"}" }.joined(separator: ",")
        return "{\"client\":\"\(client)\",\(sequence.map { "\"sequence\":\($0)," } ?? "")\"edits\":[\(list)],\"lineup\":0,\"games\":\(games),\"seed\":1}"
    }

    /// Waits up to 15 s for `condition`.
    func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<300 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Nothing playing and nothing waiting.
    func idle(_ server: ExploreServer) async -> Bool {
        let (playing, open) = (await server.playingRuns, await server.openRuns)
        return playing == 0 && open == 0
    }

    @Test func thePageAndTheDesignAreServed() async throws {
        try await serving() { server, port in
            let page = try await get(port, "/?set=headsPercent%3D60")
            #expect(page.status == 200 && page.body.contains("<title>playbench explore</title>"))
            let design = try await get(port, "/api/design")
            #expect(design.status == 200)
            let decoded = try JSONDecoder().decode(ExploreDesign.self, from: Data(design.body.utf8))
            #expect(decoded.game == "Coin" && decoded.parameters.map(\.name) == ["flips", "target", "headsPercent"])
            let check = try await get(port, "/api/check", method: "POST", body: "{\"edits\":[{\"name\":\"headsPercent\",\"value\":\"101\"}]}")
            #expect(check.status == 200 && check.body.contains("headsPercent takes a whole number in 0...100, not '101'"), "\(check.body)")
        }
    }

    /// The server answers while every thread of the process's task pool is held by other work at
    /// the caller's priority: a full test run's suites of synchronous work held it for ten
    /// minutes, and a page's first request went unanswered that long.
    @Test func theServerAnswersWhileOtherWorkHoldsThePool() async throws {
        try await serving() { server, port in
            let held = Flag(true), answeredWhileHeld = Flag(false)
            // More jobs than the pool has threads, each holding its thread until the answer is in.
            for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
                Task { while held.value { usleep(1_000) } }
            }
            // The client lets go of the pool itself: this test's own task waits on the pool too.
            let runRequest = runBody()
            let (design, run) = try await offThePool {
                defer { held.value = false }
                usleep(100_000)
                let design = try RawHTTP(port: port, timeout: 20), run = try RawHTTP(port: port, timeout: 20)
                design.request("GET", "/api/design")
                run.request("POST", "/api/run", body: runRequest)
                let answers = (design.response(), run.response())
                answeredWhileHeld.value = held.value
                return answers
            }
            #expect(design.status == 200)
            #expect(run.body.hasSuffix("{\"status\":\"complete\",\"type\":\"end\"}\n"), "\(run.body.suffix(300))")
            #expect(answeredWhileHeld.value, "answered only after the pool was let go")
        }
    }

    @Test(arguments: [TaskPriority.background, .low, .medium, .high, .userInitiated, TaskPriority(rawValue: 0x21)])
    func theServerServesAboveItsCaller(caller: TaskPriority) {
        let serving = ExploreServer.priority(above: caller)
        #expect(serving > caller || serving.rawValue == 0x21)
        #expect(serving >= .high)
    }

    /// No path but the page's and its API's is answered: nothing a browser names is opened.
    @Test func anyOtherPathIsNotFound() async throws {
        try await serving() { server, port in
            for path in ["/etc/passwd", "/../Coin.plist", "/coin/Coin.plist", "/%2e%2e/%2e%2e/etc/passwd", "/api", "/index.html", "/api/runs"] {
                let answer = try await get(port, path)
                #expect(answer.status == 404, "\(path): \(answer)")
            }
            #expect(try await get(port, "/api/run").status == 405)
            #expect(try await get(port, "/", method: "POST").status == 405)
        }
    }

    @Test func oversizedAndMalformedRequestsAreRefusedAndTheServerKeepsServing() async throws {
        try await serving() { server, port in
            let big = "{\"edits\":[" + String(repeating: "{\"name\":\"flips\",\"value\":\"5\"},", count: 200) + "]}"
            #expect(try await get(port, "/api/check", method: "POST", body: big).status == 413)
            // Said to be big, never sent: refused from the header alone.
            #expect(try await get(port, "/api/run", method: "POST", headers: ["Content-Length: 999999999"]).status == 413)
            let notJSON = try await get(port, "/api/run", method: "POST", body: "{\"client\": \"a\", edits")
            #expect(notJSON.status == 400)
            let lacking = try await get(port, "/api/run", method: "POST", body: "{\"client\":\"a\",\"edits\":[]}")
            #expect(lacking.status == 400 && lacking.body.contains("lineup"), "\(lacking.body)")
            let wrongType = try await get(port, "/api/run", method: "POST", body: "{\"client\":\"a\",\"edits\":[],\"lineup\":0,\"games\":\"many\",\"seed\":1}")
            #expect(wrongType.status == 400 && wrongType.body.contains("games"), "\(wrongType.body)")
            // Not HTTP at all: the connection is closed, and the next one served.
            let garbage = try RawHTTP(port: port)
            garbage.send("\u{01}\u{02}garbage\r\n\r\n")
            _ = try await offThePool { garbage.response() }
            #expect(try await get(port, "/api/design").status == 200)
        }
    }

    /// Only this machine's own page is answered: a name other than this machine's (DNS
    /// rebinding), another origin's page, or a POST whose body is not declared JSON (a
    /// cross-site form) is refused, and the server keeps serving.
    @Test func aPageElsewhereCannotDriveTheServer() async throws {
        try await serving() { server, port in
            #expect(try await get(port, "/api/design", headers: ["Host: evil.example:\(port)"]).status == 403)
            #expect(try await get(port, "/api/design", headers: ["Host: localhost:\(port)"]).status == 200)
            #expect(try await get(port, "/api/design", headers: ["Host: [::1]:\(port)"]).status == 200)
            let foreign = try await get(port, "/api/run", method: "POST", body: runBody(), headers: ["Origin: http://evil.example"])
            #expect(foreign.status == 403 && foreign.body.contains("evil.example"), "\(foreign)")
            #expect(try await get(port, "/api/stop", method: "POST", body: "{\"client\":\"a\"}", headers: ["Origin: null"]).status == 403)
            let form = try await get(port, "/api/run", method: "POST", body: runBody(), headers: ["Content-Type: text/plain;charset=UTF-8"])
            #expect(form.status == 415, "\(form)")
            #expect(await idle(server))
            let own = try await get(
                port, "/api/check", method: "POST", body: "{\"edits\":[]}",
                headers: ["Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)", "Content-Type: application/json; charset=utf-8"])
            #expect(own.status == 200, "\(own)")
            // Another server on this machine (another port) is another origin.
            let neighbour = try await get(
                port, "/api/check", method: "POST", body: "{\"edits\":[]}", headers: ["Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(Int(port) + 1)"])
            #expect(neighbour.status == 403, "\(neighbour)")
        }
    }

    /// "Save as" hands the saver the edited file, refuses edits the design cannot take (422,
    /// nothing saved), and is no page of a server started without a place to save to.
    @Test func saveHandsOnTheEditedFilesOrSaysWhyNot() async throws {
        let saved = Mutex<[String]>([])
        let saver: ExploreServer.Saver = { edited in
            saved.withLock { $0 += edited.files.map { $0.name + ":" + String(decoding: $0.bytes, as: UTF8.self) } }
            return "saved"
        }
        try await serving(saver: saver) { server, port in
            let design = try await get(port, "/api/design")
            #expect(design.body.contains("\"saveTo\":\"saved\""))
            let ok = try await get(port, "/api/save", method: "POST", body: "{\"edits\":[{\"name\":\"headsPercent\",\"value\":\"70\"}]}")
            #expect(ok.status == 200 && ok.body.contains("\"saved\":\"saved\"") && ok.body.contains("Coin.plist"), "\(ok)")
            #expect(saved.withLock { $0 }.count == 1 && saved.withLock { $0 }[0].contains("<key>headsPercent</key><integer>70</integer>"))
            let bad = try await get(port, "/api/save", method: "POST", body: "{\"edits\":[{\"name\":\"headsPercent\",\"value\":\"170\"}]}")
            #expect(bad.status == 422 && bad.body.contains("[K3]"), "\(bad)")
            #expect(saved.withLock { $0 }.count == 1)
        }
        try await serving() { server, port in
            let unsaved = try await get(port, "/api/save", method: "POST", body: "{\"edits\":[]}")
            #expect(unsaved.status == 404)
        }
    }

    /// A run's lines: progress, the block after every 256 games, the end; refused edits are
    /// said and nothing is played.
    @Test func aRunStreamsItsBlocksAndRefusedEditsPlayNothing() async throws {
        try await serving() { server, port in
            let run = try await get(port, "/api/run", method: "POST", body: runBody(edits: [ExploreEdit(name: "headsPercent", value: "60")]))
            #expect(run.status == 200)
            let lines = run.body.split(separator: "\n").map(String.init)
            let blocks = lines.filter { $0.hasPrefix("{\"block\"") }
            #expect(blocks.count == 3, "\(lines)")
            #expect(lines.last == "{\"status\":\"complete\",\"type\":\"end\"}")
            let refused = try await get(port, "/api/run", method: "POST", body: runBody(edits: [ExploreEdit(name: "headsPercent", value: "-1")]))
            #expect(refused.body.contains("\"type\":\"problems\"") && !refused.body.contains("\"block\"") && refused.body.contains("\"status\":\"refused\""))
        }
    }

    /// 200 edits in quick succession from one page: each cancels the one before, at most one
    /// plays at the end, and the last edit's result comes back complete.
    @Test func rapidEditsEndWithOneRunAndTheLastResult() async throws {
        try await serving(games: 100_000, maxGames: 1_000_000, flips: 1000) { server, port in
            var clients: [RawHTTP] = []
            for i in 0..<200 {
                let client = try RawHTTP(port: port)
                let games = i == 199 ? 300 : 200_000
                client.request("POST", "/api/run", body: runBody(sequence: i, edits: [ExploreEdit(name: "headsPercent", value: String(i % 100))], games: games))
                clients.append(client)
            }
            let lastClient = clients.removeLast()
            let last = try await offThePool { lastClient.response() }
            #expect(last.body.contains("\"status\":\"complete\""), "\(last.body.suffix(300))")
            #expect(last.body.contains("--set headsPercent=99 --games 300 "))
            #expect(await server.playingRuns <= 1)
            #expect(await eventually { await idle(server) })
            for client in clients {
                #expect(try await offThePool { client.response() }.body.hasSuffix("{\"status\":\"cancelled\",\"type\":\"end\"}\n"))
            }
        }
    }

    /// A page that closes mid-run leaves nothing playing.
    @Test func aClientThatHangsUpStopsItsRun() async throws {
        try await serving(games: 100_000, maxGames: 10_000_000, flips: 1000) { server, port in
            let client = try RawHTTP(port: port)
            client.request("POST", "/api/run", body: runBody(games: 10_000_000))
            let seen = try await offThePool { client.read { $0.contains("\"type\":\"progress\"") } }
            #expect(seen.contains("progress"))
            #expect(await server.playingRuns == 1)
            close(client.socket)
            #expect(await eventually { await idle(server) })
        }
    }

    /// Another page's run is no older edit of this one: both play.
    @Test func pagesDoNotCancelEachOther() async throws {
        try await serving(games: 100_000, maxGames: 10_000_000, flips: 1000) { server, port in
            let first = try RawHTTP(port: port), second = try RawHTTP(port: port)
            first.request("POST", "/api/run", body: runBody(client: "one", games: 10_000_000))
            second.request("POST", "/api/run", body: runBody(client: "two", games: 10_000_000))
            _ = try await offThePool { first.read { $0.contains("progress") } }
            _ = try await offThePool { second.read { $0.contains("progress") } }
            #expect(await server.playingRuns == 2)
            #expect(try await get(port, "/api/stop", method: "POST", body: "{\"client\":\"one\"}").status == 204)
            #expect(try await offThePool { first.response() }.body.hasSuffix("{\"status\":\"cancelled\",\"type\":\"end\"}\n"))
            // The other page's run plays on, and the server answers while both play.
            #expect(await server.playingRuns == 1)
        }
    }
}

/// A flag threads share.
final class Flag: Sendable {
    private let storage: Mutex<Bool>
    init(_ value: Bool) { storage = Mutex(value) }
    var value: Bool {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
