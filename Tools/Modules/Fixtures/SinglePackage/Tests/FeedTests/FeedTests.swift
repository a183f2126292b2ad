import Testing

@testable import Feed

@Test func namesTheFeed() {
    #expect(feedName.hasPrefix("Feed"))
}
