import CCurl
import Foundation
import Primitives
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One libcurl multi handle and the thread of its own that drives it: the engine under `CurlTransport` and
/// `CurlStreamingTransport`.
///
/// Build one per process in the composition root and hand it to every transport. The thread sleeps in `epoll_wait`
/// until a socket has work, one of libcurl's timers or a transfer's idle timeout is due, or a message arrives;
/// nothing polls while the process is idle. libcurl runs through its socket interface (`curl_multi_socket_action`,
/// see `CurlLoop`), so a wake-up costs what its ready sockets need, not what every open transfer would. Every libcurl
/// call on an easy or the multi handle happens on that thread, so callers never wait on it: starting a transfer,
/// cancelling one and un-pausing one are messages (a lock-protected queue, then a write to the loop's eventfd). A
/// cancelled caller is resumed at once with `CancellationError`; the thread removes the transfer when it reads the
/// message. Every easy handle has `CURLOPT_NOSIGNAL` (libcurl must not raise signals in a threaded process).
///
/// The thread ends once the last reference to the driver is gone (every transport and open stream holds one).
public final class CurlDriver: Sendable {
    /// Why a driver could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        /// What failed, such as "curl_multi_init returned NULL".
        public let reason: String

        /// "cannot start the HTTP engine (libcurl): <reason>".
        public var description: String { "cannot start the HTTP engine (libcurl): \(reason)" }
    }

    let core: CurlDriverCore

    /// Starts the multi handle and its thread.
    ///
    /// - Throws: `StartFailure` when libcurl cannot be initialised (out of memory, a broken installation).
    public convenience init() throws(StartFailure) {
        try self.init(completionGate: nil)
    }

    /// Starts the multi handle and its thread; `completionGate`, called on the driver's thread with a finished
    /// transfer's URL before its caller is told, lets tests hold a completion (production passes nil).
    init(completionGate: (@Sendable (URL) -> Void)?) throws(StartFailure) {
        guard CurlGlobal.initialised else { throw StartFailure(reason: "curl_global_init failed") }
        let epoll = ccurl_epoll_create()
        guard epoll >= 0 else {
            throw StartFailure(reason: "epoll_create1 failed: \(String(cString: strerror(errno)))")
        }
        let wake = ccurl_eventfd_create()
        guard wake >= 0, ccurl_epoll_watch(epoll, wake, ccurl_epoll_events(CURL_POLL_IN)) == 0 else {
            let reason = String(cString: strerror(errno))
            if wake >= 0 { close(wake) }
            close(epoll)
            throw StartFailure(reason: "the wake-up eventfd cannot be set up: \(reason)")
        }
        guard let multi = curl_multi_init() else {
            close(wake)
            close(epoll)
            throw StartFailure(reason: "curl_multi_init returned NULL")
        }
        core = CurlDriverCore(multi: multi, epoll: epoll, wakeDescriptor: wake)
        let core = self.core
        let thread = Thread {
            // Named from the thread itself: on Linux a name set before start is not given to the system thread.
            Thread.current.name = "storefront.curl"
            CurlLoop(core: core, completionGate: completionGate).run()
        }
        thread.start()
    }

    deinit {
        core.post(.stop)
    }

    /// A new transfer id, unique in this driver.
    func makeTransferID() -> Int {
        core.nextID.add(1, ordering: .relaxed).newValue
    }

    /// How many transfers are on the network now (started and not yet removed).
    var activeTransferCount: Int {
        core.activeCount.load(ordering: .relaxed)
    }

    /// Asks the driver's thread to start `transfer`.
    func start(_ transfer: CurlTransfer) {
        core.post(.start(transfer))
    }

    /// Asks the driver's thread to stop transfer `id` and finish its sink with `CancellationError`; an id that is
    /// not running (finished, or never started) is ignored. Returns at once.
    func cancel(_ id: Int) {
        core.post(.cancel(id))
    }

    /// Asks the driver's thread to un-pause transfer `id` (`curl_easy_pause(CURLPAUSE_CONT)`). Returns at once.
    func resume(_ id: Int) {
        core.post(.resume(id))
    }
}

/// `curl_global_init`, once per process, before the first multi handle.
enum CurlGlobal {
    static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
}

/// A message to the driver's thread.
enum CurlCommand: Sendable {
    case start(CurlTransfer)
    case cancel(Int)
    case resume(Int)
    case stop
}

/// What the driver and its thread share: the multi handle, the loop's epoll set and wake-up eventfd, and the message
/// queue.
///
/// `@unchecked Sendable` is sound: every call on `multi` and `epoll` happens on the driver's thread, which also
/// cleans them up; other threads only write to `wakeDescriptor` (an eventfd, safe from any thread), and the thread
/// closes it only after `.stop`, which is posted when the last `CurlDriver` is gone, so no thread can post (and
/// write) any more. The queue lives in a `Locked`, the counters are atomic.
final class CurlDriverCore: @unchecked Sendable {
    let multi: UnsafeMutableRawPointer
    let epoll: Int32
    let wakeDescriptor: Int32
    let nextID = Atomic<Int>(0)
    /// How many transfers the driver's thread runs now (for tests: a cancelled transfer is gone).
    let activeCount = Atomic<Int>(0)
    private let queue = Locked<[CurlCommand]>([])

    init(multi: UnsafeMutableRawPointer, epoll: Int32, wakeDescriptor: Int32) {
        self.multi = multi
        self.epoll = epoll
        self.wakeDescriptor = wakeDescriptor
    }

    /// Queues `command` and wakes the driver's thread, unless earlier commands it has not taken yet will wake it
    /// (the thread empties the eventfd before it takes the queue, so a command queued after that writes again).
    func post(_ command: CurlCommand) {
        let wasEmpty = queue.withLock { queue in
            defer { queue.append(command) }
            return queue.isEmpty
        }
        if wasEmpty {
            _ = ccurl_eventfd_signal(wakeDescriptor)
        }
    }

    /// Every queued command, oldest first; the queue is left empty.
    func takeCommands() -> [CurlCommand] {
        queue.withLock { queue in
            let commands = queue
            queue.removeAll(keepingCapacity: true)
            return commands
        }
    }
}

/// One request for the driver: what to send, how, and where its answer goes.
final class CurlTransfer: Sendable {
    let id: Int
    let request: CurlRequest
    let sink: any CurlTransferSink

    init(id: Int, request: CurlRequest, sink: any CurlTransferSink) {
        self.id = id
        self.request = request
        self.sink = sink
    }
}

/// What a sink tells the driver after taking a body chunk.
enum CurlBodyDisposition {
    /// Taken; go on.
    case accepted
    /// Not taken: pause the transfer (libcurl offers the same bytes again once it is un-paused).
    case pause
}

/// Where a transfer's answer goes. Every method is called on the driver's thread, in order: `receive(head:)` at
/// most once, then `receive(body:)` per chunk, then `finish(with:)` exactly once (also for a cancelled transfer).
protocol CurlTransferSink: AnyObject, Sendable {
    /// The final response head (after any 1xx) arrived.
    func receive(head: HTTPURLResponse)
    /// A chunk of the body; valid only during the call.
    func receive(body: UnsafeRawBufferPointer) -> CurlBodyDisposition
    /// The transfer ended: nil when the whole answer arrived, else why not (`URLError`, `ResponseBodyTooLarge`,
    /// `CancellationError`).
    func finish(with error: (any Error)?)
}
