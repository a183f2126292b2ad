import Foundation
import Primitives
import Testing

@Suite("Broadcast", .timeLimit(.minutes(1)))
struct BroadcastTests {
    /// Takes up to `count` values from `stream`, giving up (with what it has) after `seconds`.
    private func take<Element: Sendable>(
        _ count: Int, from stream: AsyncStream<Element>, within seconds: Double = 10
    ) async -> [Element] {
        await withTaskGroup(of: [Element]?.self) { group in
            group.addTask {
                var taken: [Element] = []
                for await value in stream {
                    taken.append(value)
                    if taken.count == count { break }
                }
                return taken
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    /// Waits until `condition` holds, polling every millisecond for at most `seconds`; returns whether it held.
    private func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    @Test("every subscriber gets the values sent after it subscribed, in order, after its initial value")
    func fanOut() async {
        let broadcast = Broadcast<Int>(buffering: .unbounded)
        broadcast.send(0)
        let first = broadcast.subscribe()
        let second = broadcast.subscribe(initial: 100)
        #expect(broadcast.subscriberCount == 2)
        for value in 1...3 { broadcast.send(value) }
        #expect(await take(3, from: first) == [1, 2, 3])
        #expect(await take(4, from: second) == [100, 1, 2, 3])
    }

    @Test("a slow subscriber keeps only the newest values with .newest, every value when unbounded")
    func slowSubscribers() async {
        let latest = Broadcast<Int>(buffering: .newest(2))
        let unbounded = Broadcast<Int>(buffering: .unbounded)
        let lagging = latest.subscribe()
        let complete = unbounded.subscribe()
        for value in 1...500 {
            latest.send(value)
            unbounded.send(value)
        }
        latest.finish()
        unbounded.finish()
        #expect(await take(10, from: lagging) == [499, 500])
        #expect(await take(500, from: complete) == Array(1...500))
    }

    @Test(".newest below 1 keeps one value, so a subscriber still sees the latest state")
    func newestClamped() async {
        let broadcast = Broadcast<String>(buffering: .newest(0))
        let stream = broadcast.subscribe(initial: "initial")
        broadcast.send("a")
        broadcast.send("b")
        broadcast.finish()
        #expect(await take(5, from: stream) == ["b"])
    }

    @Test("cancelling the consumer's task ends its subscription")
    func cancellation() async {
        let broadcast = Broadcast<Int>(buffering: .unbounded)
        let started = broadcast.subscribe()
        let consumer = Task {
            for await _ in started {}
        }
        #expect(await eventually { broadcast.subscriberCount == 1 })
        consumer.cancel()
        await consumer.value
        #expect(await eventually { broadcast.subscriberCount == 0 }, "a cancelled consumer is forgotten")

        broadcast.send(1)
        let kept = broadcast.subscribe()
        broadcast.send(2)
        #expect(await take(1, from: kept) == [2], "the other subscriptions go on")
    }

    @Test("finish ends every stream after its buffered values; later sends do nothing, later subscribers end at once")
    func finishing() async {
        let broadcast = Broadcast<Int>(buffering: .unbounded)
        let stream = broadcast.subscribe()
        broadcast.send(1)
        broadcast.finish()
        broadcast.send(2)
        broadcast.finish()
        #expect(await take(5, from: stream) == [1])
        #expect(broadcast.subscriberCount == 0)
        let late = broadcast.subscribe(initial: 9)
        broadcast.send(3)
        #expect(await take(5, from: late) == [9])
        #expect(broadcast.subscriberCount == 0)
    }

    @Test("sends from many tasks reach every subscriber exactly once")
    func concurrentSenders() async {
        let broadcast = Broadcast<Int>(buffering: .unbounded)
        let streams = (0..<3).map { _ in broadcast.subscribe() }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for step in 0..<250 { broadcast.send(sender * 1000 + step) }
                }
            }
        }
        broadcast.finish()
        for stream in streams {
            let values = await take(2000, from: stream)
            #expect(values.count == 1000)
            #expect(Set(values).count == 1000)
            for sender in 0..<4 {
                let own = values.filter { $0 / 1000 == sender }
                #expect(own == own.sorted(), "one sender's values keep their order")
            }
        }
    }
}
