import App
import Testing
import XCTest

@Suite struct Alpha {
    @Test func first() { #expect(App.total == 3) }
    @Test func second() { #expect(App.total > 0) }
}

@Suite struct Beta {
    @Test func only() { #expect(App.total == 3) }
}

@Suite enum Outer {}

extension Outer {
    @Suite struct Inner {
        @Test func nested() { #expect(App.total == 3) }
    }
}

final class Legacy: XCTestCase {
    func testOld() { XCTAssertEqual(App.total, 3) }
}
