import Foundation
import Primitives
import Testing

@Suite("Locked")
struct LockedTests {
    @Test("concurrent increments from many tasks are never lost")
    func concurrentIncrements() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 {
                        counter.withLock { $0 += 1 }
                    }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("threads outside Swift concurrency see one another's writes")
    func threads() {
        let log = Locked([Int]())
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            for step in 0..<500 {
                log.withLock { $0.append(index * 1000 + step) }
            }
        }
        let entries = log.withLock { $0 }
        #expect(entries.count == 8000)
        #expect(Set(entries).count == 8000)
        for index in 0..<16 {
            let own = entries.filter { $0 / 1000 == index }
            #expect(own == own.sorted(), "thread \(index)'s appends kept their order")
        }
    }

    @Test("a throwing body rethrows its own error type and keeps the changes made before the throw")
    func throwingBody() {
        struct Full: Error, Equatable { var count: Int }
        let items = Locked([1, 2])
        #expect(throws: Full(count: 3)) {
            try items.withLock { (values: inout [Int]) throws(Full) in
                values.append(3)
                throw Full(count: values.count)
            }
        }
        #expect(items.withLock { $0 } == [1, 2, 3])
    }

    @Test("a non-Sendable value lives inside and is only reached under the lock")
    func nonSendableValue() async {
        final class Buffer {
            var lines: [String] = []
        }
        let buffer = Locked(Buffer())
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    buffer.withLock { $0.lines.append("line \(index)") }
                }
            }
        }
        let count = buffer.withLock { $0.lines.count }
        #expect(count == 4)
    }
}
