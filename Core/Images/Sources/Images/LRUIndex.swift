/// Keys in least-recently-used order with O(1) touch, insert and removal: a doubly linked list threaded through a
/// dictionary of neighbours. Not thread-safe; its owners keep it inside a lock.
struct LRUIndex<Key: Hashable> {
    private struct Links {
        var older: Key?
        var newer: Key?
    }

    private var links: [Key: Links] = [:]
    /// The least recently used key.
    private(set) var oldest: Key?
    private var newest: Key?

    var count: Int { links.count }

    func contains(_ key: Key) -> Bool { links[key] != nil }

    /// Makes `key` the most recently used, inserting it when absent.
    mutating func touch(_ key: Key) {
        if links[key] != nil { remove(key) }
        links[key] = Links(older: newest, newer: nil)
        if let newest { links[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    /// Forgets `key`.
    mutating func remove(_ key: Key) {
        guard let entry = links.removeValue(forKey: key) else { return }
        if let older = entry.older { links[older]?.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { links[newer]?.older = entry.older } else { newest = entry.older }
    }

    mutating func removeAll() {
        links = [:]
        oldest = nil
        newest = nil
    }
}
