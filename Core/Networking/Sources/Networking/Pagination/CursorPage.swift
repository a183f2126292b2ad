/// One page of a cursor-paginated list (the feed, order history): the items and the opaque cursor of the next page.
///
/// The cursor comes from the server and goes back unchanged (`?cursor=…`); the app never builds or parses it. A nil
/// cursor means the list has no more pages; an empty cursor is treated the same way.
public struct CursorPage<Item> {
    /// The page's items in the server's order.
    public var items: [Item]
    /// The cursor that asks for the next page, or nil on the last page.
    public var nextCursor: String?

    /// Creates a page; an empty `nextCursor` becomes nil.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor?.isEmpty == true ? nil : nextCursor
    }

    /// Whether another page can be requested.
    public var hasMore: Bool { nextCursor != nil }

    /// The same page with each item transformed (DTOs to domain values), keeping the cursor.
    public func map<Other>(_ transform: (Item) throws -> Other) rethrows -> CursorPage<Other> {
        CursorPage<Other>(items: try items.map(transform), nextCursor: nextCursor)
    }

    /// The same page with the items `transform` maps to nil left out (broken items), keeping the cursor.
    public func compactMap<Other>(_ transform: (Item) throws -> Other?) rethrows -> CursorPage<Other> {
        CursorPage<Other>(items: try items.compactMap(transform), nextCursor: nextCursor)
    }
}

extension CursorPage: Sendable where Item: Sendable {}
extension CursorPage: Equatable where Item: Equatable {}
extension CursorPage: Hashable where Item: Hashable {}
