import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Delivers SIGINT and SIGTERM as an async sequence instead of terminating the process.
///
/// The signals' default action is switched off and a dispatch source per signal yields the signal number; the
/// handlers run on a queue of their own, outside any actor.
final class SignalStream {
    let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    init(_ numbers: [Int32]) {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "storefront-server.signals")
        self.signals = signals
        self.sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { @Sendable in continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// The first signal received.
    func next() async -> Int32? {
        for await number in signals {
            return number
        }
        return nil
    }

    /// Stops listening.
    func cancel() {
        for item in sources {
            item.cancel()
        }
    }
}
