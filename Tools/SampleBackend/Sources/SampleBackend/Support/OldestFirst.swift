extension Dictionary {
    /// Removes the `count` entries whose `order` is smallest (the ones kept longest ago) and returns them: how the
    /// server's bounded answer caches (`AnswerCache`, `ReplayMemo`, `AnswerReuse`) make room.
    @discardableResult
    mutating func removeOldest(_ count: Int, by order: (Value) -> UInt64) -> [(key: Key, value: Value)] {
        let oldest = sorted { order($0.value) < order($1.value) }.prefix(count)
        for (key, _) in oldest { self[key] = nil }
        return Array(oldest)
    }
}
