import Feed
import Testing

@Suite struct FeedTests {
    @Test func quadruplesANumber() {
        #expect(quadruple(2) == 8)
    }
}
