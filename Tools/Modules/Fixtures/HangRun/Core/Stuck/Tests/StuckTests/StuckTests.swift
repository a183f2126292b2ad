import Testing

@testable import Stuck

@Suite(.timeLimit(.minutes(1))) struct StuckTests {
    @Test func doublesANumber() {
        #expect(double(2) == 4)
    }

    @Test func failsOnPurpose() {
        #expect(double(2) == 5, "this fixture test fails on purpose")
    }

    /// Never ends: `modules test --timeout` must kill the process and name this test.
    @Test func waitsForever() async {
        await waitForever()
    }
}
