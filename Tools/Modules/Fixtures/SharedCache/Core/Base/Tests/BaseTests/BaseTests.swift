import Base
import Testing

@Suite struct BaseTests {
    @Test func doublesANumber() {
        #expect(double(2) == 4)
    }
}
