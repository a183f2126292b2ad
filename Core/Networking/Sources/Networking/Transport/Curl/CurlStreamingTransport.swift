import Foundation
import Primitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live streaming transport: libcurl, driven by the process's `CurlDriver`, handing the body over chunk by chunk
/// as it arrives (the `text/event-stream` of `GET /v1/events`).
///
/// Back-pressure is real: each stream keeps at most `maximumBufferedChunks` chunks its reader has not taken; when
/// the buffer is full the transfer is paused (the write callback answers `CURL_WRITEFUNC_PAUSE`, so libcurl keeps
/// the bytes and stops reading the socket, and the server's sends wait in TCP), and once the reader has taken half
/// of them the driver's thread un-pauses it (`curl_easy_pause(CURLPAUSE_CONT)`). No chunk is dropped and memory
/// stays bounded however slow the reader is. The idle timeout is only a backstop (a paused stream is not idle): a
/// client watching a stream keeps its own heartbeat timeout. Cancelling the iterating task, or releasing the body
/// stream (after leaving the loop), removes the transfer, which closes the connection.
public final class CurlStreamingTransport: HTTPStreamingTransport {
    private let driver: CurlDriver
    private let options: CurlTransferOptions
    private let maximumBufferedChunks: Int
    let statistics = StreamStatistics()

    /// Creates a streaming transport on `driver`.
    ///
    /// - Parameters:
    ///   - driver: The process's libcurl driver.
    ///   - idleTimeout: How long a stream may go without receiving a byte before it fails with
    ///     `URLError(.timedOut)`; keep it above the server's heartbeat period.
    ///   - maximumBufferedChunks: The most received chunks kept for a reader that has not taken them (at least 2);
    ///     past it the transfer pauses until the reader has taken half.
    ///   - additionalHeaders: Headers sent with every request, such as `User-Agent`.
    ///   - certificateAuthorities: The path of a PEM file of the certificate authorities to trust for `https`; nil
    ///     for the system's.
    public init(
        driver: CurlDriver, idleTimeout: Duration, maximumBufferedChunks: Int, additionalHeaders: [String: String],
        certificateAuthorities: String? = nil
    ) {
        self.driver = driver
        self.maximumBufferedChunks = max(maximumBufferedChunks, 2)
        options = CurlTransferOptions(
            idleTimeout: idleTimeout, maximumBodyBytes: nil, additionalHeaders: additionalHeaders,
            certificateAuthorities: certificateAuthorities, acceptsCompression: false)
    }

    /// Starts `request` and returns when its response head arrives.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled (the transfer is removed); `URLError` when no
    ///   head arrives (see `CurlFailure` for the codes).
    public func stream(_ request: URLRequest) async throws -> HTTPStreamingResponse {
        let driver = self.driver
        let sink = StreamingSink(capacity: maximumBufferedChunks, statistics: statistics)
        let transfer = CurlTransfer(
            id: driver.makeTransferID(), request: try CurlRequest(request, options: options), sink: sink)
        let head = try await sink.head.wait {
            driver.start(transfer)
        } onCancel: {
            sink.close()
            driver.cancel(transfer.id)
        }
        let reader = StreamReader(sink: sink, driver: driver, id: transfer.id)
        let body = AsyncThrowingStream<Data, any Error> { try await reader.next() }
        return HTTPStreamingResponse(head: head, body: body)
    }
}

/// Counts of a streaming transport's pauses and resumes (what tests of back-pressure look at).
final class StreamStatistics: Sendable {
    private let counts = Locked((pauses: 0, resumes: 0))

    var pauses: Int { counts.withLock { $0.pauses } }
    var resumes: Int { counts.withLock { $0.resumes } }

    func paused() { counts.withLock { $0.pauses += 1 } }
    func resumed() { counts.withLock { $0.resumes += 1 } }
}

/// The reader's end of one stream: takes chunks from the sink and asks the driver to un-pause the transfer when the
/// reader caught up; when the stream's iteration ends (the unfolding closure that holds it is released), the
/// transfer is cancelled.
private final class StreamReader: Sendable {
    private let sink: StreamingSink
    private let driver: CurlDriver
    private let id: Int

    init(sink: StreamingSink, driver: CurlDriver, id: Int) {
        self.sink = sink
        self.driver = driver
        self.id = id
    }

    deinit {
        sink.close()
        driver.cancel(id)
    }

    /// The next chunk, nil at the end of the body.
    ///
    /// - Throws: the transfer's failure; `CancellationError` when the reading task is cancelled (the transfer is
    ///   removed).
    func next() async throws -> Data? {
        let (chunk, resume) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                sink.take(continuation)
            }
        } onCancel: {
            sink.close()
            driver.cancel(id)
        }
        if resume {
            driver.resume(id)
        }
        return chunk
    }
}

/// One stream's head, bounded chunk buffer and end, between the driver's thread and the reader.
///
/// Sendable without `@unchecked`: all state lives in a `Locked`; continuations are resumed outside it.
final class StreamingSink: CurlTransferSink {
    /// A chunk for the reader (nil: the end) and whether the driver must un-pause the transfer.
    typealias Delivery = (chunk: Data?, resume: Bool)

    private struct State {
        var chunks: [Data] = []
        var first = 0
        var paused = false
        var end: Result<Void, any Error>?
        var reader: CheckedContinuation<Delivery, any Error>?
        var closed = false

        var buffered: Int { chunks.count - first }

        mutating func pop() -> Data {
            let chunk = chunks[first]
            first += 1
            if first > 64, first * 2 > chunks.count {
                chunks.removeFirst(first)
                first = 0
            }
            return chunk
        }
    }

    private let capacity: Int
    private let statistics: StreamStatistics
    private let state = Locked(State())
    /// The caller of `stream(_:)`, until the head arrives.
    let head = CurlWaiter<HTTPURLResponse>()

    init(capacity: Int, statistics: StreamStatistics) {
        self.capacity = capacity
        self.statistics = statistics
    }

    /// The reader is gone: later chunks are dropped (the transfer is being cancelled); a waiting read ends.
    func close() {
        let reader = state.withLock { state in
            state.closed = true
            defer { state.reader = nil }
            return state.reader
        }
        reader?.resume(throwing: CancellationError())
    }

    /// Hands the reader the next chunk or the end, now or once it arrives.
    func take(_ continuation: CheckedContinuation<Delivery, any Error>) {
        let delivery: Result<Delivery, any Error>? = state.withLock { state in
            if state.buffered > 0 {
                let chunk = state.pop()
                var resume = false
                if state.paused, state.buffered <= capacity / 2 {
                    state.paused = false
                    resume = true
                }
                return .success((chunk, resume))
            }
            if let end = state.end {
                return end.map { (nil, false) }
            }
            if state.closed {
                return .failure(CancellationError())
            }
            state.reader = continuation
            return nil
        }
        if let delivery {
            if case .success((_, true)) = delivery {
                statistics.resumed()
            }
            continuation.resume(with: delivery)
        }
    }

    func receive(head response: HTTPURLResponse) {
        head.resume(with: .success(response))
    }

    func receive(body: UnsafeRawBufferPointer) -> CurlBodyDisposition {
        let (disposition, reader): (CurlBodyDisposition, CheckedContinuation<Delivery, any Error>?) = state.withLock {
            state in
            if state.closed { return (.accepted, nil) }
            if let reader = state.reader {
                state.reader = nil
                return (.accepted, reader)
            }
            if state.buffered >= capacity {
                state.paused = true
                return (.pause, nil)
            }
            state.chunks.append(Data(body))
            return (.accepted, nil)
        }
        if disposition == .pause {
            statistics.paused()
        }
        reader?.resume(returning: (Data(body), false))
        return disposition
    }

    func finish(with error: (any Error)?) {
        let end: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
        let reader = state.withLock { state in
            state.end = end
            defer { state.reader = nil }
            return state.reader
        }
        head.resume(with: .failure(error ?? URLError(.badServerResponse)))
        reader?.resume(with: end.map { (nil, false) })
    }
}
