import BaseTestSupport
import Feed
import Kit
import Testing

@Test func builds() {
    #expect(!feedName.isEmpty && !baseTestSupportName.isEmpty && !kitName.isEmpty)
}
