import Primitives
import TestSupport
import Testing

@testable import SampleBackend

/// `StreamedBody` on its own, before libmicrohttpd has a connection for it: the buffer bound and the end states.
@Suite("StreamedBody")
struct StreamedBodyTests {
    @Test("writes are kept up to the bound; one past it drops the client and keeps nothing")
    func boundedBuffer() {
        let body = StreamedBody(maximumBufferedBytes: 4096) {}
        #expect(body.write([UInt8](repeating: 1, count: 4000)) == .queued)
        #expect(body.bufferedByteCount == 4000)
        #expect(body.write([UInt8](repeating: 2, count: 97)) == .overflowed)
        #expect(body.bufferedByteCount == 0)
        #expect(body.write([3]) == .closed)
    }

    @Test("after finish or abort nothing more is accepted; release runs its action once")
    func endStates() async throws {
        let released = Locked(0)
        let finished = StreamedBody(maximumBufferedBytes: 4096) { released.withLock { $0 += 1 } }
        #expect(finished.write(Array("data: x\n\n".utf8)) == .queued)
        finished.finish()
        #expect(finished.write([1]) == .closed)
        #expect(finished.bufferedByteCount == 9)
        finished.released()
        finished.released()
        #expect(finished.isReleased)
        try await waitUntil("the release action ran") { released.withLock { $0 } == 1 }
        #expect(released.withLock { $0 } == 1)

        let aborted = StreamedBody(maximumBufferedBytes: 4096) {}
        _ = aborted.write([1, 2, 3])
        aborted.abort()
        #expect(aborted.bufferedByteCount == 0)
        #expect(aborted.write([4]) == .closed)
    }
}
