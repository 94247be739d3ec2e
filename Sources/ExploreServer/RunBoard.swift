import MonteCarlo

/// The runs the server is playing or about to: one per page (a newer run of a page cancels its
/// older one at once), at most ``slots`` playing at a time, later ones waiting their turn in
/// order (and never starting when cancelled while they wait). A slot freed goes to the first run
/// waiting, held for it until it starts: a run that comes later never jumps the queue.
actor RunBoard {
    /// A run's handle: its cancellation, and whom it is for.
    final class Ticket: Sendable {
        let client: String
        let cancellation = Cancellation()
        let number: Int

        init(client: String, number: Int) {
            self.client = client
            self.number = number
        }
    }

    let slots: Int
    private var latest: [String: Ticket] = [:]
    /// Each page's newest sequence: kept after its run ends, so a request overtaken on the way
    /// in by one that has already played is still known to be older.
    private var newest: [String: Int] = [:]
    /// Runs playing, and runs woken to take a slot that is held for them.
    private var playing: Set<Int> = []
    private var waiting: [(number: Int, resume: CheckedContinuation<Void, Never>)] = []
    private var issued = 0
    /// The server is stopping: no run begins.
    private var closed = false

    init(slots: Int) {
        self.slots = max(1, slots)
    }

    /// A new run for `client`, cancelling the client's older one. Requests can overtake each
    /// other on their way in: one whose `sequence` is below that of the client's latest run is
    /// an older edit, and is born cancelled.
    func begin(client: String, sequence: Int? = nil) -> Ticket {
        issued += 1
        let ticket = Ticket(client: client, number: issued)
        if closed {
            ticket.cancellation.cancel()
            return ticket
        }
        if let this = sequence {
            if let newer = newest[client], newer > this {
                ticket.cancellation.cancel()
                return ticket
            }
            // One entry a page: bounded by the pages a server has seen, a few numbers each.
            newest[client] = this
        }
        latest[client]?.cancellation.cancel()
        latest[client] = ticket
        return ticket
    }

    /// Waits until the run may play; false when it was cancelled first (it then never plays).
    func take(_ ticket: Ticket) async -> Bool {
        if playing.count >= slots || !waiting.isEmpty {
            // Woken by handOn with its slot already held.
            await withCheckedContinuation { waiting.append((ticket.number, $0)) }
        } else {
            playing.insert(ticket.number)
        }
        guard !ticket.cancellation.isCancelled else {
            playing.remove(ticket.number)
            handOn()
            return false
        }
        return true
    }

    /// The run is over (played or not): its slot goes to the next one waiting.
    func end(_ ticket: Ticket, played: Bool) {
        if played { playing.remove(ticket.number) }
        if latest[ticket.client] === ticket { latest[ticket.client] = nil }
        handOn()
    }

    /// Cancels `client`'s run (its page closed).
    func cancel(client: String) {
        latest[client]?.cancellation.cancel()
    }

    /// Cancels every run and refuses new ones: the server is stopping.
    func close() {
        closed = true
        for ticket in latest.values { ticket.cancellation.cancel() }
    }

    /// No run playing or waiting.
    var isIdle: Bool { playing.isEmpty && waiting.isEmpty }

    /// Hands each free slot to the first run waiting, held for it: it checks its own
    /// cancellation, and gives the slot back if it finds itself cancelled.
    private func handOn() {
        while playing.count < slots, !waiting.isEmpty {
            let next = waiting.removeFirst()
            playing.insert(next.number)
            next.resume.resume()
        }
    }

    /// Runs playing now (not those waiting): what the server's tests count.
    var playingCount: Int { playing.count }

    /// Runs waiting for a slot.
    var waitingCount: Int { waiting.count }

    /// Runs begun and not yet ended, playing or waiting.
    var openCount: Int { latest.count }
}
