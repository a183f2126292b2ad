import FeaturePictures
import Foundation
import Images
import Logging
import Networking
import Primitives
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport whose requests never answer and whose cancel blocks its thread at a gate first, as a transport whose
/// cancel is a synchronous call into its own queue does (FoundationNetworking's `URLSessionTask.cancel()`).
private final class StuckTransport: HTTPTransport {
    private let waiting = Locked<[Int: CheckedContinuation<(Data, HTTPURLResponse), any Error>]>([:])
    private let ids = Locked(0)
    let gate: ThreadGate

    init(gate: ThreadGate) {
        self.gate = gate
    }

    var pendingCount: Int { waiting.withLock { $0.count } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let id = ids.withLock { id in
            id += 1
            return id
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = waiting.withLock { waiting in
                    if Task.isCancelled { return true }
                    waiting[id] = continuation
                    return false
                }
                if cancelled { continuation.resume(throwing: URLError(.cancelled)) }
            }
        } onCancel: {
            gate.pass()
            waiting.withLock { $0.removeValue(forKey: id) }?.resume(throwing: URLError(.cancelled))
        }
    }
}

@MainActor
@Suite("Prefetch cancellation never waits on the transport", .timeLimit(.minutes(1)))
struct PrefetchCancellationTests {
    @Test("rows scrolled away are let go at once while the transport's cancel is still blocked (a gate)")
    func prefetchReturnsWhileCancelIsBlocked() async throws {
        let base = try #require(URL(string: "http://127.0.0.1:8123/"))
        let urls = (0..<2).map { base.appendingPathComponent("v1/images/posts/post_\($0).jpg") }
        let gate = ThreadGate()
        defer { gate.open() }
        let transport = StuckTransport(gate: gate)
        let directory = try TemporaryDirectory()
        let loader = ImageLoader(
            baseURL: base, transport: transport, memoryCache: MemoryImageCache(costLimit: 1 << 20),
            diskCache: DiskImageCache(directory: directory.url, capacity: 1 << 20) { Date() },
            decoder: ImageDecoder(), maximumConcurrentDownloads: 4)
        let prefetcher = PicturePrefetcher(
            pictures: ScreenPictures(
                isEnabled: true, loader: loader, logger: Logger(label: "test", handler: CapturingLogHandler())))

        prefetcher.prefetch(urls)
        try await waitUntil("both downloads wait") { transport.pendingCount == 2 }
        // On the main actor, as the list's render does. Should the cancel wait for the transport, a watchdog thread
        // opens the gate after 10 s, so the test fails instead of hanging.
        let watchdog = gate.openAfter(.seconds(10))
        prefetcher.prefetch([urls[1]])
        #expect(!watchdog.disarm(), "letting go of a row waited for the transport's cancel")
        #expect(prefetcher.wanted == [urls[1]])
        // (One row only: a cancel blocked at the gate holds one of the few threads tasks run on, and the waits of
        // this test need one.)
        try await waitUntil("the abandoned download's cancel reaches the transport and waits at the gate") {
            gate.waiting == 1
        }
        #expect(transport.pendingCount == 2)
        gate.open()
        try await waitUntil("the abandoned download ends once the gate opens") { transport.pendingCount == 1 }
    }
}
