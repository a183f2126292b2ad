import Foundation
import Primitives

/// Hands every value to each current subscriber's `AsyncStream` (keeping the newest `buffer` values for a slow
/// one); a stream whose consumer stopped iterating is dropped.
final class Broadcast<Element: Sendable>: Sendable {
    private let continuations = Locked<[UUID: AsyncStream<Element>.Continuation]>([:])
    private let buffer: Int

    /// A broadcast keeping up to `buffer` undelivered values per subscriber.
    init(buffer: Int) {
        self.buffer = buffer
    }

    /// A new subscriber's stream, starting with `initial` when given.
    func subscribe(initial: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(buffer))
        let id = UUID()
        if let initial { continuation.yield(initial) }
        continuations.withLock { $0[id] = continuation }
        continuation.onTermination = { @Sendable [weak self] _ in
            _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `value` to every subscriber.
    func yield(_ value: Element) {
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.yield(value) }
    }

    /// Ends every subscriber's stream.
    func finish() {
        for continuation in continuations.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
