/// One page of an offset-paginated list (search results): the items, where they start, and how many there are in all.
///
/// Offsets count the server's items, so the next page starts after every item the server sent for this one,
/// including items the client dropped (`returnedCount`), and pages neither repeat nor skip results.
public struct OffsetPage<Item> {
    /// The page's items in the server's order.
    public var items: [Item]
    /// The position of the page's first item in the whole list, from 0.
    public var offset: Int
    /// The number of items in the whole list.
    public var total: Int
    /// How many items the server sent for this page, dropped ones included.
    public var returnedCount: Int

    /// Creates a page; `returnedCount` defaults to `items.count` (nothing dropped).
    public init(items: [Item], offset: Int, total: Int, returnedCount: Int? = nil) {
        self.items = items
        self.offset = offset
        self.total = total
        self.returnedCount = returnedCount ?? items.count
    }

    /// The offset of the next page, or nil when this page reaches the end (or the server sent nothing).
    public var nextOffset: Int? {
        let next = offset + returnedCount
        return returnedCount > 0 && next < total ? next : nil
    }

    /// Whether another page can be requested.
    public var hasMore: Bool { nextOffset != nil }

    /// The same page with each item transformed, keeping offsets and counts.
    public func map<Other>(_ transform: (Item) throws -> Other) rethrows -> OffsetPage<Other> {
        OffsetPage<Other>(items: try items.map(transform), offset: offset, total: total, returnedCount: returnedCount)
    }

    /// The same page with the items `transform` maps to nil left out, keeping `returnedCount` so the next offset
    /// still counts them.
    public func compactMap<Other>(_ transform: (Item) throws -> Other?) rethrows -> OffsetPage<Other> {
        OffsetPage<Other>(
            items: try items.compactMap(transform), offset: offset, total: total, returnedCount: returnedCount)
    }
}

extension OffsetPage: Sendable where Item: Sendable {}
extension OffsetPage: Equatable where Item: Equatable {}
extension OffsetPage: Hashable where Item: Hashable {}
