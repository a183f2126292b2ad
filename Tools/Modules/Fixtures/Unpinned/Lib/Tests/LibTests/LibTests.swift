import Lib
import Testing

@Test func doublesTheUpstreamNumber() {
    #expect(doubled().isMultiple(of: 2))
}
