import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The driver's thread: reads messages, runs libcurl, finishes transfers, and sleeps in `epoll_wait`. Everything
/// here runs on that one thread only.
///
/// libcurl's socket interface drives it (`curl_multi_socket_action`): libcurl says through its socket callback which
/// sockets to watch and for what, the loop keeps them in an epoll set of its own beside the driver's wake-up
/// eventfd, and when one is ready it tells libcurl about that socket alone. So a wake-up costs what the ready sockets
/// need, however many transfers are open: `curl_multi_poll` and `curl_multi_perform` visit every transfer on each
/// wake-up (a `poll` of every socket, then a readiness check of each), which made one driver with 500 open streams
/// spend most of each event's fan-out walking the 499 that had nothing. libcurl's own timers come from
/// `curl_multi_timeout`, asked again after every round, so no timer can be missed. The transfers' idle deadlines are
/// checked only when the earliest one can be due.
final class CurlLoop {
    private let core: CurlDriverCore
    private let completionGate: (@Sendable (URL) -> Void)?
    private var active: [Int: ActiveTransfer] = [:]
    private var idsByHandle: [UnsafeMutableRawPointer: Int] = [:]
    private let clock = ContinuousClock()
    /// No transfer's idle deadline is before this (nil: no transfer is watched for idleness): a deadline only moves
    /// later as bytes arrive, so the earliest one found by the last check is a lower bound until a transfer starts or
    /// is un-paused, which lower it.
    private var nextIdleCheck: ContinuousClock.Instant?
    /// What `epoll_wait` reported: descriptors and their event bits.
    private let readyCapacity: Int32 = 256
    private let readyDescriptors: UnsafeMutablePointer<Int32>
    private let readyEvents: UnsafeMutablePointer<UInt32>

    init(core: CurlDriverCore, completionGate: (@Sendable (URL) -> Void)?) {
        self.core = core
        self.completionGate = completionGate
        readyDescriptors = .allocate(capacity: Int(readyCapacity))
        readyEvents = .allocate(capacity: Int(readyCapacity))
    }

    deinit {
        readyDescriptors.deallocate()
        readyEvents.deallocate()
    }

    /// Runs until `.stop`, then finishes what is left with `CancellationError` and cleans the multi handle up.
    func run() {
        // The loop outlives every callback: it runs on this thread until `.stop`, after the multi handle is gone.
        let this = Unmanaged.passUnretained(self).toOpaque()
        ccurl_multi_setopt_socket_callback(core.multi, curlSocketChanged)
        ccurl_multi_setopt_pointer(core.multi, CURLMOPT_SOCKETDATA, this)
        while runCommands() {
            let count = ccurl_epoll_wait(core.epoll, readyDescriptors, readyEvents, readyCapacity, waitMilliseconds())
            var running: Int32 = 0
            for index in 0..<Int(max(count, 0)) {
                let descriptor = readyDescriptors[index]
                if descriptor == core.wakeDescriptor {
                    ccurl_eventfd_drain(descriptor)
                } else {
                    curl_multi_socket_action(core.multi, descriptor, ccurl_select_bits(readyEvents[index]), &running)
                }
            }
            var timeout = -1
            if curl_multi_timeout(core.multi, &timeout) == CURLM_OK, timeout == 0 {
                curl_multi_socket_action(core.multi, ccurl_socket_timeout(), 0, &running)
            }
            readMessages()
            expireIdleTransfers()
        }
    }

    /// Carries out the queued messages; false after `.stop` (everything is cleaned up then).
    private func runCommands() -> Bool {
        for command in core.takeCommands() {
            switch command {
            case .start(let transfer):
                start(transfer)
            case .cancel(let id):
                end(id, with: CancellationError())
            case .resume(let id):
                resume(id)
            case .stop:
                for id in Array(active.keys) {
                    end(id, with: CancellationError())
                }
                curl_multi_cleanup(core.multi)
                close(core.epoll)
                close(core.wakeDescriptor)
                return false
            }
        }
        return true
    }

    /// How long `epoll_wait` may sleep, in milliseconds: until libcurl's next timer or the earliest idle deadline,
    /// rounded up; -1 (until a socket or a message) when neither is set.
    private func waitMilliseconds() -> Int32 {
        var curlTimeout = -1
        if curl_multi_timeout(core.multi, &curlTimeout) != CURLM_OK { curlTimeout = -1 }
        guard let check = nextIdleCheck else { return Int32(clamping: curlTimeout) }
        let idle = Self.milliseconds(roundingUp: check - clock.now)
        return Int32(clamping: curlTimeout < 0 ? idle : min(idle, curlTimeout))
    }

    /// libcurl's socket callback: watch `descriptor` for what it asks, or stop watching it.
    fileprivate func watch(_ descriptor: Int32, for what: Int32) {
        let events = ccurl_epoll_events(what)
        if events == 0 {
            ccurl_epoll_unwatch(core.epoll, descriptor)
        } else {
            _ = ccurl_epoll_watch(core.epoll, descriptor, events)
        }
    }

    private func start(_ transfer: CurlTransfer) {
        guard let handle = curl_easy_init() else {
            transfer.sink.finish(
                with: URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "curl_easy_init failed"]))
            return
        }
        let entry = ActiveTransfer(transfer: transfer, handle: handle, now: clock.now)
        let configured = entry.configure()
        if configured != CURLE_OK {
            let error = CurlFailure.urlError(configured, url: transfer.request.url, detail: "")
            entry.release()
            transfer.sink.finish(with: error)
            return
        }
        // Adding the handle sets a timer that is due at once; the next round starts the transfer.
        let added = curl_multi_add_handle(core.multi, handle)
        guard added == CURLM_OK else {
            entry.release()
            let reason = String(cString: curl_multi_strerror(added))
            transfer.sink.finish(with: URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: reason]))
            return
        }
        active[transfer.id] = entry
        idsByHandle[handle] = transfer.id
        core.activeCount.store(active.count, ordering: .relaxed)
        watchIdleness(of: entry)
    }

    private func resume(_ id: Int) {
        guard let entry = active[id], entry.paused else { return }
        entry.paused = false
        entry.lastActivity = clock.now
        watchIdleness(of: entry)
        ccurl_easy_unpause(entry.handle)
    }

    /// `entry`'s idle deadline counts from now on.
    private func watchIdleness(of entry: ActiveTransfer) {
        let due = entry.lastActivity + entry.transfer.request.options.idleTimeout
        nextIdleCheck = min(nextIdleCheck ?? due, due)
    }

    /// Removes transfer `id` from the multi handle and finishes its sink with `error` (nil: complete).
    private func end(_ id: Int, with error: (any Error)?) {
        guard let entry = active.removeValue(forKey: id) else { return }
        idsByHandle[entry.handle] = nil
        curl_multi_remove_handle(core.multi, entry.handle)
        entry.release()
        core.activeCount.store(active.count, ordering: .relaxed)
        if !(error is CancellationError) {
            completionGate?(entry.transfer.request.url)
        }
        entry.transfer.sink.finish(with: error)
    }

    private func readMessages() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(core.multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                let id = idsByHandle[handle], let entry = active[id]
            else { continue }
            let result = ccurl_message_result(message)
            var error: (any Error)? = entry.failure
            if error == nil, result == CURLE_FILESIZE_EXCEEDED,
                let cap = entry.transfer.request.options.maximumBodyBytes
            {
                // The announced Content-Length is over the cap: libcurl stops before the body.
                error = ResponseBodyTooLarge(url: entry.transfer.request.url, limit: cap)
            }
            if error == nil, result != CURLE_OK {
                error = CurlFailure.urlError(result, url: entry.transfer.request.url, detail: entry.errorDetail)
            }
            if error == nil, !entry.headDelivered {
                entry.deliverHead()
            }
            end(id, with: error)
        }
    }

    /// Fails the transfers that received nothing for their idle timeout, once the earliest deadline can be due, and
    /// finds the next earliest.
    private func expireIdleTransfers() {
        let now = clock.now
        guard let check = nextIdleCheck, check <= now else { return }
        var earliest: ContinuousClock.Instant?
        for (id, entry) in active where !entry.paused {
            let timeout = entry.transfer.request.options.idleTimeout
            let due = entry.lastActivity + timeout
            if due <= now {
                let url = entry.transfer.request.url
                end(
                    id,
                    with: URLError(
                        .timedOut,
                        userInfo: [
                            NSLocalizedDescriptionKey: "no byte received for \(timeout) (\(url.absoluteString))",
                            NSURLErrorFailingURLErrorKey: url,
                        ]))
            } else {
                earliest = min(earliest ?? due, due)
            }
        }
        nextIdleCheck = earliest
    }

    /// `duration` in whole milliseconds, rounded up (0 for a duration that is over).
    private static func milliseconds(roundingUp duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return Int.max }
        return Int(milliseconds) + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

/// CURLMOPT_SOCKETFUNCTION: libcurl's word on which socket to watch for what, handed to the `CurlLoop` in the user
/// data (the driver's thread, inside a libcurl call of the loop's).
private let curlSocketChanged: curl_socket_callback = { _, descriptor, what, userData, _ in
    guard let userData else { return 0 }
    Unmanaged<CurlLoop>.fromOpaque(userData).takeUnretainedValue().watch(descriptor, for: what)
    return 0
}
