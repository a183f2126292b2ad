import CMicroHTTPD
import Foundation
import Primitives

/// A response body written while the response is being sent, such as an event stream: the writer appends bytes
/// from any thread, and libmicrohttpd sends them without a thread per client.
///
/// The body is a libmicrohttpd callback response of unknown size (sent with `Transfer-Encoding: chunked`). When the
/// callback finds nothing to send it suspends the connection (allowed from a content reader), so an idle stream
/// costs no polling; `write(_:)` resumes it. Suspended connections neither time out nor notice a client that went
/// away, so the writer must write now and then (a heartbeat): a write to a closed socket ends the request. While
/// the connection is not suspended, libmicrohttpd's inactivity timeout applies, so a client that stops reading is
/// closed by that timeout, and earlier when its unsent bytes pass `maximumBufferedBytes` (the write returns
/// `.overflowed` and the connection is closed at once).
///
/// Thread-safety: all state is behind one lock. The suspend happens inside it (in the callback), and a writer takes
/// the suspension under it and resumes after releasing it, so a resume never precedes the suspend it answers, each
/// suspension is resumed once, and no lock of this body is held while libmicrohttpd takes its own. After
/// libmicrohttpd released the response (`released()`), nothing touches the connection again.
public final class StreamedBody: Sendable {
    /// What happened to a write.
    public enum WriteResult: Sendable, Equatable {
        /// The bytes will be sent.
        case queued
        /// The client is too far behind: the connection is being closed, and the bytes were not kept.
        case overflowed
        /// The stream has ended or its connection is gone.
        case closed
    }

    private struct State {
        var pending: [UInt8] = []
        var connection: MHDPointer?
        var isSuspended = false
        var isFinishing = false
        var isAborted = false
        var isReleased = false
        var onRelease: (@Sendable () -> Void)?
    }

    /// The most unsent bytes kept for a client before it is dropped.
    public let maximumBufferedBytes: Int
    private let state: Locked<State>

    /// A body that keeps at most `maximumBufferedBytes` unsent bytes (at least 1); `onRelease` runs once, on
    /// libmicrohttpd's thread, when the response is finished with (sent, failed, or the client went away).
    public init(maximumBufferedBytes: Int, onRelease: @escaping @Sendable () -> Void) {
        self.maximumBufferedBytes = max(maximumBufferedBytes, 1)
        self.state = Locked(State(onRelease: onRelease))
    }

    /// Appends `bytes` to what is sent next.
    @discardableResult
    public func write(_ bytes: some Collection<UInt8>) -> WriteResult {
        let (result, suspended) = state.withLock { state -> (WriteResult, MHDPointer?) in
            guard !state.isReleased, !state.isFinishing, !state.isAborted else { return (.closed, nil) }
            guard state.pending.count + bytes.count <= maximumBufferedBytes else {
                state.isAborted = true
                state.pending = []
                return (.overflowed, Self.takeSuspension(&state))
            }
            state.pending.append(contentsOf: bytes)
            return (.queued, Self.takeSuspension(&state))
        }
        Self.resume(suspended)
        return result
    }

    /// Ends the body once the bytes already written are sent.
    public func finish() {
        Self.resume(
            state.withLock { state in
                state.isFinishing = true
                return Self.takeSuspension(&state)
            })
    }

    /// Closes the connection at once, dropping unsent bytes.
    public func abort() {
        Self.resume(
            state.withLock { state in
                state.isAborted = true
                state.pending = []
                return Self.takeSuspension(&state)
            })
    }

    /// Unsent bytes.
    public var bufferedByteCount: Int {
        state.withLock { $0.pending.count }
    }

    /// Whether libmicrohttpd has finished with the response.
    public var isReleased: Bool {
        state.withLock { $0.isReleased }
    }

    /// Whether the body was ever queued on a connection (or already released). A body that never is (its
    /// client left before the answer was queued) will never be released by libmicrohttpd either.
    public var wasQueued: Bool {
        state.withLock { $0.connection != nil || $0.isReleased }
    }

    // MARK: - libmicrohttpd's side

    /// Remembers the connection the response is queued on (before `MHD_queue_response`, on its thread).
    func attach(_ connection: OpaquePointer) {
        state.withLock { $0.connection = MHDPointer(raw: connection) }
    }

    /// Copies up to `capacity` bytes to `buffer`: the byte count, 0 after suspending the connection when there is
    /// nothing to send, -1 (`MHD_CONTENT_READER_END_OF_STREAM`) when finished, -2
    /// (`MHD_CONTENT_READER_END_WITH_ERROR`) when aborted.
    fileprivate func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            if state.isAborted { return -2 }
            if state.pending.isEmpty {
                if state.isFinishing { return -1 }
                if let connection = state.connection, !state.isSuspended {
                    state.isSuspended = true
                    MHD_suspend_connection(connection.raw)
                }
                return 0
            }
            let count = min(capacity, state.pending.count)
            state.pending.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
            }
            state.pending.removeFirst(count)
            return count
        }
    }

    /// libmicrohttpd destroyed the response (or it could not be made). The release action runs in a task of its
    /// own, so libmicrohttpd's thread never waits for the owner's locks (the owner may hold them while it writes
    /// and resumes connections, which takes libmicrohttpd's own locks).
    func released() {
        let onRelease = state.withLock { state -> (@Sendable () -> Void)? in
            state.isReleased = true
            state.connection = nil
            state.pending = []
            defer { state.onRelease = nil }
            return state.onRelease
        }
        if let onRelease {
            Task { onRelease() }
        }
    }

    /// Takes the suspension to end, if the connection is suspended: under the lock, so exactly one caller resumes
    /// each suspension. The resume itself happens after the lock is released (`resume(_:)`); until then the
    /// connection stays suspended, and a suspended connection is never closed or released by libmicrohttpd, so
    /// the pointer is still valid.
    private static func takeSuspension(_ state: inout State) -> MHDPointer? {
        guard state.isSuspended, let connection = state.connection, !state.isReleased else { return nil }
        state.isSuspended = false
        return connection
    }

    private static func resume(_ connection: MHDPointer?) {
        if let connection {
            MHD_resume_connection(connection.raw)
        }
    }

    /// A libmicrohttpd callback response reading from `body` (the response holds a reference until released).
    static func makeResponse(_ body: StreamedBody, blockSize: Int = 16 * 1024) -> OpaquePointer? {
        let context = Unmanaged.passRetained(body).toOpaque()
        let response = MHD_create_response_from_callback(
            UInt64.max, blockSize, streamedBodyReader, context, streamedBodyFree)
        if response == nil {
            Unmanaged<StreamedBody>.fromOpaque(context).release()
        }
        return response
    }
}

/// `MHD_ContentReaderCallback`: the next bytes of a `StreamedBody`.
private func streamedBodyReader(
    _ context: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int {
    guard let context, let buffer else { return -2 }
    return Unmanaged<StreamedBody>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: capacity)
}

/// `MHD_ContentReaderFreeCallback`: the response is gone; drops the reference `makeResponse` took.
private func streamedBodyFree(_ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let body = Unmanaged<StreamedBody>.fromOpaque(context).takeRetainedValue()
    body.released()
}
