#if canImport(Glibc)
    import Glibc
#else
    import Dispatch
#endif

/// Runs a worker loop on `count` threads at once, the caller's among them, and returns when
/// every one has: threads of the run's own rather than the shared dispatch pool, whose few
/// threads (one a core) also run every async task of the process. A server that plays games
/// (`explore`) must keep answering while they play: on the shared pool, two runs of two workers
/// would hold both threads of a 2-core machine until they end.
enum WorkerThreads {
    static func run(_ count: Int, _ worker: @Sendable () -> Void) {
        // Every thread is joined before this returns: the worker does not outlive the call.
        withoutActuallyEscaping(worker) { worker in start(count, worker) }
    }

    private static func start(_ count: Int, _ worker: @escaping @Sendable () -> Void) {
        #if canImport(Glibc)
            var threads: [pthread_t] = []
            for _ in 1..<max(1, count) {
                var attributes = pthread_attr_t()
                pthread_attr_init(&attributes)
                // As deep as a main thread's: a game's search may recurse.
                pthread_attr_setstacksize(&attributes, 8 << 20)
                let job = Unmanaged.passRetained(Job(worker)).toOpaque()
                var thread = pthread_t()
                let status = pthread_create(&thread, &attributes, { raw in
                    Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().work()
                    return nil
                }, job)
                pthread_attr_destroy(&attributes)
                if status == 0 {
                    threads.append(thread)
                } else {
                    // No thread to be had: the others take its share of the chunks.
                    Unmanaged<Job>.fromOpaque(job).release()
                }
            }
            worker()
            for thread in threads { pthread_join(thread, nil) }
        #else
            DispatchQueue.concurrentPerform(iterations: max(1, count)) { _ in worker() }
        #endif
    }

    private final class Job {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
