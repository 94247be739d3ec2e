import Explore
import FlyingFox
import Foundation
import MonteCarlo
import Synchronization

/// Every request to ``ExploreServer``: the page, its API, or a refusal.
struct Router: HTTPHandler {
    let session: any ExploreSession
    let page: String
    let limits: ExploreServer.Limits
    let threads: Int?
    let board: RunBoard
    let sameMachine: SameMachineRule
    let saver: ExploreServer.Saver?

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let why = sameMachine.foreign(host: request.headers[HTTPHeader("Host")], origin: request.headers[HTTPHeader("Origin")]) {
            return Self.refusal(.forbidden, why)
        }
        if request.method == .POST, let why = sameMachine.undeclared(contentType: request.headers[.contentType]) {
            return Self.refusal(.unsupportedMediaType, why)
        }
        let routes: [String: [HTTPMethod: (HTTPRequest) async -> HTTPResponse]] = [
            "/": [.GET: { _ in Self.text(page, type: "text/html; charset=utf-8") }],
            "/api/design": [.GET: { _ in Self.json(session.design) }],
            "/api/check": [.POST: check],
            "/api/run": [.POST: run],
            "/api/stop": [.POST: stop],
            "/api/save": [.POST: save],
        ]
        guard let methods = routes[request.path] else { return Self.refusal(.notFound, "no such page: \(request.path)") }
        guard let handle = methods[request.method] else {
            var response = Self.refusal(.methodNotAllowed, "\(request.path) takes \(methods.keys.map(\.rawValue).sorted().joined(separator: ", "))")
            response.headers[HTTPHeader("Allow")] = methods.keys.map(\.rawValue).sorted().joined(separator: ", ")
            return response
        }
        return await handle(request)
    }

    private struct EditsBody: Decodable {
        var edits: [ExploreEdit]
    }

    private struct RunBody: Decodable {
        var client: String
        /// Counts the page's runs: a run overtaken on its way in by a later one is not played.
        var sequence: Int?
        var edits: [ExploreEdit]
        var lineup: Int
        var games: Int
        var seed: UInt64
    }

    private struct ClientBody: Decodable {
        var client: String
    }

    private func check(_ request: HTTPRequest) async -> HTTPResponse {
        switch await Self.decode(EditsBody.self, request, limit: limits.requestBytes) {
        case .failure(let refusal): return refusal.response
        case .success(let body): return Self.json(["problems": session.problems(body.edits)])
        }
    }

    private struct SaveAnswer: Encodable {
        var saved: String?
        var files: [String] = []
        /// Edits the design's files do not write (a choice of play), said with why.
        var notWritten: [ExploreProblem] = []
        var problems: [ExploreProblem] = []
    }

    /// Writes the edited design where `--save-to` says, or says why not: 422 with the edits'
    /// problems, 404 when the server was started without a place to save to.
    private func save(_ request: HTTPRequest) async -> HTTPResponse {
        switch await Self.decode(EditsBody.self, request, limit: limits.requestBytes) {
        case .failure(let refusal): return refusal.response
        case .success(let body):
            guard let saver else { return Self.refusal(.notFound, "explore was started without --save-to: there is nowhere to save") }
            let (edited, problems) = session.saving(body.edits)
            guard let edited else { return Self.json(SaveAnswer(problems: problems), status: .unprocessableContent) }
            do {
                let place = try saver(edited)
                return Self.json(SaveAnswer(saved: place, files: edited.files.map(\.name), notWritten: edited.unwritten))
            } catch {
                return Self.refusal(.internalServerError, "not saved: \(error)")
            }
        }
    }

    private func stop(_ request: HTTPRequest) async -> HTTPResponse {
        switch await Self.decode(ClientBody.self, request, limit: limits.requestBytes) {
        case .failure(let refusal): return refusal.response
        case .success(let body):
            await board.cancel(client: body.client)
            return HTTPResponse(statusCode: .noContent)
        }
    }

    private func run(_ request: HTTPRequest) async -> HTTPResponse {
        let body: RunBody
        switch await Self.decode(RunBody.self, request, limit: limits.requestBytes) {
        case .failure(let refusal): return refusal.response
        case .success(let decoded): body = decoded
        }
        let (router, ticket) = (self, await board.begin(client: body.client, sequence: body.sequence))
        let runRequest = ExploreRunRequest(edits: body.edits, lineup: body.lineup, games: body.games, seed: body.seed)
        let (lines, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .unbounded)
        // The page stopped reading (closed, reloaded, or the socket failed): its run stops too.
        continuation.onTermination = { _ in ticket.cancellation.cancel() }
        // At the server's priority (``ExploreServer/run()``), not the default a detached task takes.
        Task.detached(priority: Task.currentPriority) {
            // The board learns a run is over before its page does: a page that has read the end
            // finds the run gone.
            guard await router.board.take(ticket) else {
                await router.board.end(ticket, played: false)
                continuation.yield(Self.line(["type": "end", "status": ExploreRunEnd.cancelled.rawValue]))
                continuation.finish()
                return
            }
            let end = await router.play(runRequest, ticket: ticket, into: continuation)
            await router.board.end(ticket, played: true)
            continuation.yield(Self.line(["type": "end", "status": end.rawValue]))
            continuation.finish()
        }
        var response = HTTPResponse(statusCode: .ok, headers: [.contentType: "application/x-ndjson"], body: HTTPBodySequence(from: LineStream(lines: lines)))
        response.headers[HTTPHeader("Cache-Control")] = "no-store"
        return response
    }

    /// Plays the run on a thread of its own (the games use every core the runner is given; the
    /// server's tasks stay free), handing each line to the response as it comes.
    private func play(_ request: ExploreRunRequest, ticket: RunBoard.Ticket, into continuation: AsyncStream<[UInt8]>.Continuation) async -> ExploreRunEnd {
        let (session, threads) = (session, threads)
        return await withCheckedContinuation { (done: CheckedContinuation<ExploreRunEnd, Never>) in
            let thread = Thread {
                let clock = ContinuousClock()
                let lastProgress = Mutex(clock.now)
                let end = session.run(
                    request, threads: threads, cancellation: ticket.cancellation,
                    progress: { played, total in
                        // A few lines a second: a progress bar for the page, and a write that
                        // finds a closed page.
                        let now = clock.now
                        guard lastProgress.withLock({ last in
                            guard now - last >= .milliseconds(200) else { return false }
                            last = now
                            return true
                        }) else { return }
                        continuation.yield(Self.line(Progress(games: played, of: total)))
                    },
                    refused: { problems in continuation.yield(Self.line(Refused(problems: problems))) },
                    block: { block in continuation.yield(Self.line(Block(block: block))) })
                done.resume(returning: end)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private struct Progress: Encodable {
        var type = "progress"
        var games: Int
        var of: Int
    }

    private struct Block: Encodable {
        var type = "block"
        var block: ExploreBlock
    }

    private struct Refused: Encodable {
        var type = "problems"
        var problems: [ExploreProblem]
    }

    // MARK: Encoding and refusals

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A metric no game gave a value of stays a line the page can read.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    static func line(_ value: some Encodable) -> [UInt8] {
        Array((try? encoder().encode(value)) ?? Data("{\"type\":\"error\"}".utf8)) + [0x0A]
    }

    static func json(_ value: some Encodable, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: (try? encoder().encode(value)) ?? Data())
    }

    static func text(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type], body: Data(text.utf8))
    }

    struct Refusal: Error {
        var status: HTTPStatusCode
        var message: String
        var response: HTTPResponse { Router.refusal(status, message) }
    }

    static func refusal(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
        json(["error": message], status: status)
    }

    /// The body as `T`, read no further than `limit` bytes.
    static func decode<T: Decodable>(_ type: T.Type, _ request: HTTPRequest, limit: Int) async -> Result<T, Refusal> {
        if let count = request.bodySequence.count, count > limit {
            return .failure(Refusal(status: .payloadTooLarge, message: "a request body is at most \(limit) bytes, not \(count)"))
        }
        var bytes = Data()
        do {
            for try await chunk in request.bodySequence {
                bytes.append(chunk)
                if bytes.count > limit { return .failure(Refusal(status: .payloadTooLarge, message: "a request body is at most \(limit) bytes")) }
            }
        } catch {
            return .failure(Refusal(status: .badRequest, message: "the request body could not be read: \(error)"))
        }
        do {
            return .success(try JSONDecoder().decode(T.self, from: bytes))
        } catch let DecodingError.keyNotFound(key, _) {
            return .failure(Refusal(status: .badRequest, message: "the request lacks \"\(key.stringValue)\""))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return .failure(Refusal(status: .badRequest, message: "\"\(path)\" in the request is not what it should be: \(context.debugDescription)"))
        } catch {
            return .failure(Refusal(status: .badRequest, message: "the request body is not JSON of this request"))
        }
    }
}
