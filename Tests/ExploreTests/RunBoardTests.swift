@testable import ExploreServer
import MonteCarlo
import Synchronization
import Testing

/// The board's promises on their own, without a server: a freed slot goes to the run that waited
/// first, an older edit is known as older after the newer one has ended, and a closed board
/// begins nothing.
@Suite struct RunBoardTests {
    @Test func aFreedSlotGoesToTheRunThatWaitedNotToANewcomer() async throws {
        let board = RunBoard(slots: 1)
        let first = await board.begin(client: "a")
        #expect(await board.take(first))
        let waiter = await board.begin(client: "b")
        let waited = Task { await board.take(waiter) }
        // b is queued once the board has seen its take.
        while await board.waitingCount == 0 { await Task.yield() }
        await board.end(first, played: true)
        // c comes after the slot is freed but before b has run again: it must wait behind b.
        let newcomer = await board.begin(client: "c")
        let newcomerTook = Mutex(false)
        let late = Task {
            let took = await board.take(newcomer)
            newcomerTook.withLock { $0 = took }
            return took
        }
        #expect(await waited.value)
        try await Task.sleep(for: .milliseconds(50))
        #expect(!newcomerTook.withLock { $0 })
        #expect(await board.playingCount == 1)
        await board.end(waiter, played: true)
        #expect(await late.value)
        await board.end(newcomer, played: true)
        #expect(await board.isIdle)
    }

    @Test func anOlderEditIsRefusedAfterTheNewerHasEnded() async {
        let board = RunBoard(slots: 2)
        let newer = await board.begin(client: "a", sequence: 5)
        #expect(await board.take(newer))
        await board.end(newer, played: true)
        let older = await board.begin(client: "a", sequence: 3)
        #expect(older.cancellation.isCancelled)
        #expect(await !board.take(older))
        await board.end(older, played: false)
        // Another page's count is its own.
        #expect(await !board.begin(client: "b", sequence: 1).cancellation.isCancelled)
    }

    @Test func aClosedBoardCancelsItsRunsAndBeginsNoMore() async {
        let board = RunBoard(slots: 1)
        let playing = await board.begin(client: "a")
        #expect(await board.take(playing))
        await board.close()
        #expect(playing.cancellation.isCancelled)
        #expect(await !board.isIdle)
        await board.end(playing, played: true)
        #expect(await board.isIdle)
        #expect(await board.begin(client: "b").cancellation.isCancelled)
    }
}
