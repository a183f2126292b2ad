import FeatureKit
import Foundation
import Logging
import Networking
import Primitives
import TerminalUI
import TestSupport
import Testing

@testable import StorefrontApp

/// `LiveUpdates` over a controlled event source: which entries get which events, and where a reopened stream
/// resumes.
@MainActor
@Suite("LiveUpdates: one stream for the full-screen app")
struct LiveUpdatesTests {
    /// An entry that records the live events it is given.
    @MainActor
    final class ListeningEntry: FeatureEntry {
        typealias Destination = NoDestination
        nonisolated static let descriptor = FeatureDescriptor(name: "listening")
        var onIntent: (@MainActor (FeatureIntent) -> Void)?
        let liveEventNames: Set<String>
        private(set) var received: [String] = []

        init(names: Set<String>) { liveEventNames = names }
        init(context: FeatureContext) { liveEventNames = [] }

        func makeScreen(for destination: NoDestination, context: ScreenContext) -> any TerminalView { BlankView() }
        func receive(_ event: LiveEvent) { received.append("\(event.name) \(event.id)") }
    }

    /// A screen-less entry's destinations: none.
    enum NoDestination: EntryDestination {
        static var patterns: [RoutePattern] { [] }
        init?(route: Route) { nil }
        var route: Route {
            switch self {}
        }
    }

    @MainActor
    final class BlankView: TerminalView {
        func render(size: TerminalSize) -> [StyledLine] { [] }
        func handle(_ key: KeyEvent) -> KeyHandling { .ignored }
    }

    /// The streams opened so far, each with the id it resumed after.
    final class Source {
        private(set) var opened:
            [(after: String?, continuation: AsyncThrowingStream<EventStreamUpdate<JSONValue>, any Error>.Continuation)] =
                []

        func open(after id: String?) -> AsyncThrowingStream<EventStreamUpdate<JSONValue>, any Error> {
            let (stream, continuation) = AsyncThrowingStream<EventStreamUpdate<JSONValue>, any Error>.makeStream()
            opened.append((id, continuation))
            return stream
        }
    }

    private func event(_ id: String, _ name: String) -> EventStreamUpdate<JSONValue> {
        .event(id: id, name: name, value: .object(["post_id": .string("post_1")]))
    }

    @Test("events go, in order, only to the entries that named them")
    func delivery() async throws {
        let source = Source()
        let feed = ListeningEntry(names: ["post.likes", "post.created"])
        let orders = ListeningEntry(names: ["order.status"])
        let live = LiveUpdates(
            stream: { source.open(after: $0) }, entries: { [feed, orders] },
            logger: Logger(label: "test", handler: CapturingLogHandler()))
        live.open()
        live.open()
        #expect(source.opened.count == 1)
        let stream = try #require(source.opened.first)
        #expect(stream.after == nil)
        stream.continuation.yield(.connected)
        stream.continuation.yield(event("s-1", "post.likes"))
        stream.continuation.yield(event("s-2", "order.status"))
        stream.continuation.yield(event("s-3", "post.created"))
        stream.continuation.yield(event("s-4", "something.new"))
        try await waitUntil { feed.received.count == 2 && orders.received.count == 1 }
        #expect(feed.received == ["post.likes s-1", "post.created s-3"])
        #expect(orders.received == ["order.status s-2"])
        live.close()
        #expect(!live.isOpen)
    }

    @Test("reopening (the account changed) closes the stream and resumes after the last event delivered")
    func reopenResumes() async throws {
        let source = Source()
        let feed = ListeningEntry(names: ["post.likes"])
        let live = LiveUpdates(
            stream: { source.open(after: $0) }, entries: { [feed] },
            logger: Logger(label: "test", handler: CapturingLogHandler()))
        live.open()
        let first = try #require(source.opened.first)
        let ended = Locked(false)
        first.continuation.onTermination = { _ in ended.withLock { $0 = true } }
        first.continuation.yield(event("s-7", "post.likes"))
        try await waitUntil { feed.received.count == 1 }

        live.reopen()
        try await waitUntil { ended.withLock { $0 } }
        #expect(source.opened.count == 2)
        #expect(source.opened.last?.after == "s-7")
        source.opened.last?.continuation.yield(event("s-8", "post.likes"))
        try await waitUntil { feed.received.count == 2 }
        #expect(feed.received == ["post.likes s-7", "post.likes s-8"])
        live.close()
    }
}
