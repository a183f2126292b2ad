import Testing

@testable import TerminalUI

@Suite("Run loop input queue", .timeLimit(.minutes(1)))
struct RunQueueTests {
    @Test("events pushed while the loop is busy arrive as one batch after one wake-up")
    func burstIsOneBatch() async {
        let queue = RunQueue()
        for character in "typed while busy" { queue.push([.key(.character(character))]) }
        queue.markChanged()
        queue.finish()
        var wakeUps = 0
        var batches: [RunQueue.Batch] = []
        for await _ in queue.wakeUps {
            wakeUps += 1
            batches.append(queue.take())
        }
        #expect(wakeUps == 1)
        #expect(batches.first?.events.count == 16)
        #expect(batches.first?.changed == true)
    }

    @Test("after a take, the next event wakes the loop again, and nothing is lost or reordered")
    func takeRearms() async {
        let queue = RunQueue()
        queue.push([.key(.character("a"))])
        var iterator = queue.wakeUps.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        #expect(queue.take().events == [.key(.character("a"))])
        queue.push([.key(.character("b")), .resize(TerminalSize(columns: 10, rows: 5))])
        #expect(await iterator.next() != nil)
        let batch = queue.take()
        #expect(batch.events == [.key(.character("b")), .resize(TerminalSize(columns: 10, rows: 5))])
        #expect(!batch.changed)
        #expect(queue.take().events.isEmpty)
    }
}
