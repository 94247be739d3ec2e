import MonteCarlo

/// The runs the server is playing or about to: one per page (a newer run of a page cancels its
/// older one at once), at most ``slots`` playing at a time, later ones waiting their turn in
/// order (and never starting when cancelled while they wait).
actor RunBoard {
    /// A run's handle: its cancellation, and whom it is for.
    final class Ticket: Sendable {
        let client: String
        let cancellation = Cancellation()
        let number: Int
        /// The page's count of its edits, when it sends one: what says which edit is newer.
        let sequence: Int?

        init(client: String, number: Int, sequence: Int?) {
            self.client = client
            self.number = number
            self.sequence = sequence
        }
    }

    let slots: Int
    private var latest: [String: Ticket] = [:]
    private var playing: Set<Int> = []
    private var waiting: [(number: Int, resume: CheckedContinuation<Void, Never>)] = []
    private var issued = 0

    init(slots: Int) {
        self.slots = max(1, slots)
    }

    /// A new run for `client`, cancelling the client's older one. Requests can overtake each
    /// other on their way in: one whose `sequence` is below that of the client's latest run is
    /// an older edit, and is born cancelled.
    func begin(client: String, sequence: Int? = nil) -> Ticket {
        issued += 1
        let ticket = Ticket(client: client, number: issued, sequence: sequence)
        if let current = latest[client], let newer = current.sequence, let this = sequence, newer > this {
            ticket.cancellation.cancel()
            return ticket
        }
        latest[client]?.cancellation.cancel()
        latest[client] = ticket
        return ticket
    }

    /// Waits until the run may play; false when it was cancelled first (it then never plays).
    func take(_ ticket: Ticket) async -> Bool {
        if playing.count >= slots {
            await withCheckedContinuation { waiting.append((ticket.number, $0)) }
        }
        guard !ticket.cancellation.isCancelled else {
            handOn()
            return false
        }
        playing.insert(ticket.number)
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

    /// Cancels every run (the server is stopping).
    func cancelAll() {
        for ticket in latest.values { ticket.cancellation.cancel() }
    }

    /// Wakes the first waiting run when a slot is free: it checks its own cancellation.
    private func handOn() {
        guard playing.count < slots, !waiting.isEmpty else { return }
        waiting.removeFirst().resume.resume()
    }

    /// Runs playing now (not those waiting): what the server's tests count.
    var playingCount: Int { playing.count }

    /// Runs begun and not yet ended, playing or waiting.
    var openCount: Int { latest.count }
}
