import Foundation

/// The demo sources of `--demo-posts-every` and `--demo-orders-advance`: a new post every period, and orders shipped
/// once they are older than the delay, each written through the store like any other change, so they reach every
/// process's streams by the same tail.
extension EventHub {
    func demoPosts(every period: Duration) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: period)
                try await store.growFeed(now: now())
            } catch is CancellationError {
                return
            } catch {
                logger.warning("demo post not added", metadata: ["error": .string(String(describing: error))])
            }
        }
    }

    func demoOrders(after delay: Duration) async {
        let check = min(delay, .seconds(1))
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: check)
                let nowMilliseconds = Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
                let shipped = try await store.shipOrders(
                    placedBefore: nowMilliseconds - Self.milliseconds(delay), now: nowMilliseconds)
                if !shipped.isEmpty {
                    logger.info("demo orders shipped", metadata: ["orders": .string(shipped.joined(separator: ","))])
                }
            } catch is CancellationError {
                return
            } catch {
                logger.warning("demo orders not advanced", metadata: ["error": .string(String(describing: error))])
            }
        }
    }
}
