import FeatureKit
import Foundation
import Logging
import Networking
import Primitives

/// The one live event stream of the full-screen app: open while it runs (signed in or not), its events handed to the
/// entries that asked for their names (`FeatureEntry.liveEventNames`), in order, on the main actor.
///
/// `reopen()` closes the stream and opens a new one after the last event seen, with the current account's token, so
/// a sign-in adds the user's own order events and a sign-out drops them, without losing the events in between.
@MainActor
final class LiveUpdates {
    private let stream: @MainActor (_ after: String?) -> AsyncThrowingStream<EventStreamUpdate<JSONValue>, any Error>
    private let entries: @MainActor () -> [any FeatureEntry]
    private let logger: Logger
    private var task: Task<Void, Never>?
    private var lastEventID: String?

    /// A stream that is not open yet.
    ///
    /// - Parameters:
    ///   - stream: Opens the stream after an event id (`EventStreamClient.updates(after:)`).
    ///   - entries: The entries live now (they change with the account).
    ///   - logger: Receives why the stream ended for good.
    init(
        stream: @escaping @MainActor (_ after: String?) -> AsyncThrowingStream<EventStreamUpdate<JSONValue>, any Error>,
        entries: @escaping @MainActor () -> [any FeatureEntry], logger: Logger
    ) {
        self.stream = stream
        self.entries = entries
        self.logger = logger
    }

    /// Whether the stream is open (or reconnecting).
    var isOpen: Bool { task != nil }

    /// Opens the stream unless it is open.
    func open() {
        guard task == nil else { return }
        let updates = stream(lastEventID)
        task = Task { [weak self] in
            do {
                for try await update in updates {
                    guard let self else { return }
                    if case .event(let id, let name, let data) = update {
                        self.deliver(LiveEvent(id: id, name: name, data: data))
                    }
                }
            } catch {
                self?.logger.warning("the live event stream stopped: \(error)")
            }
        }
    }

    /// Closes the stream (the connection is closed).
    func close() {
        task?.cancel()
        task = nil
    }

    /// Closes the stream and opens it again after the last event seen.
    func reopen() {
        close()
        open()
    }

    /// Hands `event` to every entry that wants its name.
    func deliver(_ event: LiveEvent) {
        if !event.id.isEmpty { lastEventID = event.id }
        for entry in entries() where entry.liveEventNames.contains(event.name) {
            entry.receive(event)
        }
    }
}
