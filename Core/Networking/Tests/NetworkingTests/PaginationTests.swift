import Networking
import Testing

@Suite("Pagination values", .timeLimit(.minutes(1)))
struct PaginationTests {
    @Test("a cursor page has more while it has a cursor; an empty cursor ends the list")
    func cursorPage() {
        let page = CursorPage(items: [1, 2, 3], nextCursor: "c_2")
        #expect(page.hasMore)
        #expect(page.map { $0 * 10 } == CursorPage(items: [10, 20, 30], nextCursor: "c_2"))
        #expect(page.compactMap { $0 == 2 ? nil : $0 }.items == [1, 3])
        #expect(!CursorPage(items: [1], nextCursor: nil).hasMore)
        #expect(CursorPage(items: [1], nextCursor: "").nextCursor == nil)
    }

    @Test("an offset page's next offset counts every item the server sent, dropped ones included")
    func offsetPage() {
        let page = OffsetPage(items: ["a", "b", "c"], offset: 20, total: 45)
        #expect(page.nextOffset == 23)
        let mapped = page.compactMap { $0 == "b" ? nil : $0.uppercased() }
        #expect(mapped.items == ["A", "C"] && mapped.returnedCount == 3 && mapped.nextOffset == 23)
        #expect(page.map(\.count).items == [1, 1, 1])
        #expect(OffsetPage(items: ["y", "z"], offset: 43, total: 45).nextOffset == nil)
        #expect(!OffsetPage<String>(items: [], offset: 0, total: 10).hasMore)
        #expect(OffsetPage<String>(items: [], offset: 0, total: 10, returnedCount: 2).nextOffset == 2)
    }
}
