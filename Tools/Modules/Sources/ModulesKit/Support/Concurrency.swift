/// Maps `items` through `transform` with at most `limit` calls running at once, keeping the input order.
/// - Parameters:
///   - items: the inputs.
///   - limit: the largest number of concurrent calls (values below 1 count as 1).
///   - transform: the work for one item.
/// - Returns: the outputs, in the order of `items`.
func concurrentMap<Item: Sendable, Output: Sendable>(
    _ items: [Item],
    limit: Int,
    _ transform: @escaping @Sendable (Item) async -> Output
) async -> [Output] {
    guard !items.isEmpty else { return [] }
    let width = max(1, min(limit, items.count))
    return await withTaskGroup(of: (Int, Output).self) { group in
        var results = [Output?](repeating: nil, count: items.count)
        var next = 0
        while next < width {
            let index = next
            group.addTask { (index, await transform(items[index])) }
            next += 1
        }
        while let (index, output) = await group.next() {
            results[index] = output
            if next < items.count {
                let upcoming = next
                group.addTask { (upcoming, await transform(items[upcoming])) }
                next += 1
            }
        }
        return results.compactMap { $0 }
    }
}
